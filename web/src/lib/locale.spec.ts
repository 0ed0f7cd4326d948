import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import {
  detectRootLocale,
  getLocaleCookie,
  isRootPath,
  localeFromPath,
  localizePath,
  setLocaleCookie,
  stripLocale,
  switchLocalePath,
} from './locale';

describe('locale paths', () => {
  it('reads the locale from the /us prefix only', () => {
    expect(localeFromPath('/')).toBe('tr');
    expect(localeFromPath('/auth/login')).toBe('tr');
    expect(localeFromPath('/us')).toBe('en');
    expect(localeFromPath('/us/auth/login')).toBe('en');
    expect(localeFromPath('/users')).toBe('tr');
  });

  it('strips and adds the prefix', () => {
    expect(stripLocale('/us/auth/login')).toBe('/auth/login');
    expect(stripLocale('/us')).toBe('/');
    expect(stripLocale('/dashboard')).toBe('/dashboard');
    expect(localizePath('/auth/login', 'en')).toBe('/us/auth/login');
    expect(localizePath('/', 'en')).toBe('/us');
    expect(localizePath('/auth/login?redirect=register', 'tr')).toBe('/auth/login?redirect=register');
    expect(localizePath('/?x=1', 'en')).toBe('/us?x=1');
  });

  it('switches to the same page in the other locale', () => {
    expect(switchLocalePath('/auth/login', 'en')).toBe('/us/auth/login');
    expect(switchLocalePath('/us/auth/login', 'tr')).toBe('/auth/login');
    expect(switchLocalePath('/us', 'tr')).toBe('/');
    expect(switchLocalePath('/', 'en', '', '#faq')).toBe('/us#faq');
    expect(switchLocalePath('/payment/addPlan', 'en', '?a=1')).toBe('/us/payment/addPlan?a=1');
  });

  it('knows the root path of both locales', () => {
    expect(isRootPath('/')).toBe(true);
    expect(isRootPath('/us')).toBe(true);
    expect(isRootPath('/us/')).toBe(true);
    expect(isRootPath('/dashboard')).toBe(false);
    expect(isRootPath('/us/account')).toBe(false);
  });
});

describe('root detection', () => {
  it('sends an English browser without cookie from / to /us and stores en', () => {
    expect(detectRootLocale('/', undefined, 'en-US')).toEqual({ setCookie: 'en', redirectTo: '/us' });
  });
  it('keeps any other browser language on / and stores tr', () => {
    expect(detectRootLocale('/', undefined, 'tr-TR')).toEqual({ setCookie: 'tr' });
    expect(detectRootLocale('/', undefined, 'de')).toEqual({ setCookie: 'tr' });
    expect(detectRootLocale('/', undefined, undefined)).toEqual({ setCookie: 'tr' });
  });
  it('follows the remembered locale on the root path, whatever the browser says', () => {
    expect(detectRootLocale('/', 'en', 'tr-TR')).toEqual({ redirectTo: '/us' });
    expect(detectRootLocale('/', 'tr', 'en-US')).toEqual({});
  });
  it('does nothing off the root path', () => {
    expect(detectRootLocale('/dashboard', undefined, 'en-US')).toEqual({});
    expect(detectRootLocale('/us', undefined, 'tr')).toEqual({});
  });
});

describe('locale cookie', () => {
  it('stores tr/en in i18n_redirected and ignores other values', () => {
    expect(getLocaleCookie()).toBeUndefined();
    setLocaleCookie('en');
    expect(Cookies.get('i18n_redirected')).toBe('en');
    expect(getLocaleCookie()).toBe('en');
    Cookies.set('i18n_redirected', 'de');
    expect(getLocaleCookie()).toBeUndefined();
  });
});

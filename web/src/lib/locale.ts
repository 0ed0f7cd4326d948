import Cookies from 'js-cookie';

/** The two locales of the SPA: Turkish (default, no URL prefix) and US English (prefix /us). */
export type Locale = 'tr' | 'en';
export const DEFAULT_LOCALE: Locale = 'tr';
export const EN_PREFIX = '/us';
export const LOCALE_COOKIE = 'i18n_redirected';
export const LOCALE_COOKIE_DAYS = 365;

export function isLocale(value: unknown): value is Locale {
  return value === 'tr' || value === 'en';
}

/** `/us` and `/us/...` are English; everything else is Turkish. */
export function localeFromPath(pathname: string): Locale {
  return pathname === EN_PREFIX || pathname.startsWith(`${EN_PREFIX}/`) ? 'en' : 'tr';
}

/** The path without its locale prefix, always starting with `/`. */
export function stripLocale(pathname: string): string {
  if (localeFromPath(pathname) === 'en') {
    const rest = pathname.slice(EN_PREFIX.length);
    return rest === '' ? '/' : rest;
  }
  return pathname === '' ? '/' : pathname;
}

/** Turns an unprefixed app path (`/auth/login`, `/`, `/page?x=1#y`) into the path of the given locale. */
export function localizePath(path: string, locale: Locale): string {
  const normalized = path.startsWith('/') ? path : `/${path}`;
  if (locale === 'tr') return normalized;
  if (normalized === '/') return EN_PREFIX;
  if (normalized.startsWith('/?') || normalized.startsWith('/#')) return `${EN_PREFIX}${normalized.slice(1)}`;
  return `${EN_PREFIX}${normalized}`;
}

/** The same page in another locale: `/auth/login` <-> `/us/auth/login`, `/` <-> `/us`. */
export function switchLocalePath(pathname: string, target: Locale, search = '', hash = ''): string {
  return localizePath(`${stripLocale(pathname)}${search}${hash}`, target);
}

/** The landing page of either locale. */
export function isRootPath(pathname: string): boolean {
  return stripLocale(pathname.replace(/\/+$/, '') || '/') === '/';
}

export function getLocaleCookie(): Locale | undefined {
  const value = Cookies.get(LOCALE_COOKIE);
  return isLocale(value) ? value : undefined;
}

export function setLocaleCookie(locale: Locale): void {
  Cookies.set(LOCALE_COOKIE, locale, { expires: LOCALE_COOKIE_DAYS, path: '/', sameSite: 'lax' });
}

export interface RootDetection {
  /** Cookie value to store, when none is stored yet. */
  setCookie?: Locale;
  /** Where to go, when the browser language asks for the other locale. */
  redirectTo?: string;
}

/**
 * The root path `/` follows the remembered locale (cookie 'en' goes to `/us`); without a cookie
 * the browser language decides: an English browser goes to `/us` (cookie 'en'), anything else
 * stays on `/` (cookie 'tr'). Other paths carry their locale in the URL and are left alone.
 */
export function detectRootLocale(
  pathname: string,
  cookie: Locale | undefined,
  navigatorLanguage: string | undefined,
): RootDetection {
  if (pathname !== '/') return {};
  if (cookie) return cookie === 'en' ? { redirectTo: EN_PREFIX } : {};
  const wantsEnglish = (navigatorLanguage ?? '').toLowerCase().startsWith('en');
  return wantsEnglish ? { setCookie: 'en', redirectTo: EN_PREFIX } : { setCookie: 'tr' };
}

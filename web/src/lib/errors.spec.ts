import Cookies from 'js-cookie';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from './i18n';
import { AUTH_COOKIE, removeAuthCookie, setAuthCookie } from './cookies';
import {
  CHUNK_RELOAD_INTERVAL_MS,
  CHUNK_RELOAD_KEY,
  handleApiError,
  isChunkLoadError,
  joinValidationErrors,
  reloadForChunkError,
  type ErrorEffects,
} from './errors';

function effects(pathname = '/dashboard') {
  const toasts: { title: string; message: string }[] = [];
  const navigations: string[] = [];
  let reloads = 0;
  let cleaned = 0;
  const fx: ErrorEffects = {
    t: (key, options) => i18n.t(key, { lng: pathname.startsWith('/us') ? 'en' : 'tr', ...options }) as string,
    notifyError: (title, message) => toasts.push({ title, message }),
    cleanNotifications: () => void cleaned++,
    removeAuthCookie,
    reload: () => void reloads++,
    navigate: (path) => navigations.push(path),
    currentPathname: () => pathname,
  };
  return { fx, toasts, navigations, reloads: () => reloads, cleaned: () => cleaned };
}

const http = (status: number, data?: unknown): FetchBaseQueryError => ({ status, data });

describe('error catalogue', () => {
  it('network error without response: toast titled Error (Hata) with a message', () => {
    const tr = effects('/dashboard');
    handleApiError(
      { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' },
      { type: 'query', hadToken: false },
      tr.fx,
    );
    expect(tr.toasts).toHaveLength(1);
    expect(tr.toasts[0].title).toBe('Hata');
    expect(tr.toasts[0].message).toMatch(/Sunucuya ulaşılamadı/);

    const en = effects('/us/dashboard');
    handleApiError(
      { status: 'TIMEOUT_ERROR', error: 'timeout' },
      { type: 'mutation', hadToken: false },
      en.fx,
    );
    expect(en.toasts[0].title).toBe('Error');
  });

  it('422: joins errors[].msg with line breaks into one error toast', () => {
    const { fx, toasts } = effects();
    const body = {
      success: false,
      message: 'Validation failed',
      errors: [
        { field: 'email', msg: 'email invalid' },
        { field: 'password', msg: 'password too short' },
      ],
    };
    const outcome = handleApiError(http(422, body), { type: 'mutation', hadToken: false }, fx);
    expect(outcome.kind).toBe('validation');
    expect(toasts).toEqual([{ title: 'Hata', message: 'email invalid\npassword too short' }]);
    expect(joinValidationErrors([{ msg: 'a' }, { msg: '' }, { msg: 'b' }])).toBe('a\nb');
  });

  it('401 with a token: clears alerts, removes the auth cookie and reloads', () => {
    setAuthCookie('abc.def.ghi');
    expect(Cookies.get(AUTH_COOKIE)).toBe('abc.def.ghi');
    const e = effects();
    handleApiError(
      http(401, { success: false, message: 'Unauthorized' }),
      { type: 'query', hadToken: true },
      e.fx,
    );
    expect(e.cleaned()).toBe(1);
    expect(Cookies.get(AUTH_COOKIE)).toBeUndefined();
    expect(e.reloads()).toBe(1);
    expect(e.toasts).toHaveLength(0);
  });

  it('403: clears alerts but keeps the cookie and does not reload', () => {
    setAuthCookie('abc.def.ghi');
    const e = effects();
    handleApiError(
      http(403, { success: false, message: 'Forbidden' }),
      { type: 'query', hadToken: true },
      e.fx,
    );
    expect(e.cleaned()).toBe(1);
    expect(Cookies.get(AUTH_COOKIE)).toBe('abc.def.ghi');
    expect(e.reloads()).toBe(0);
  });

  it('network-only mode (forms): a 401 login failure is left to the form', () => {
    setAuthCookie('abc.def.ghi');
    const e = effects();
    const outcome = handleApiError(
      http(401, { success: false, code: 'loginError', message: 'bad' }),
      { type: 'mutation', hadToken: true, mode: 'network-only' },
      e.fx,
    );
    expect(outcome.kind).toBe('session');
    expect(e.reloads()).toBe(0);
    expect(e.cleaned()).toBe(0);
    expect(Cookies.get(AUTH_COOKIE)).toBe('abc.def.ghi');
  });

  it('404 / 500 of a page load go to the error pages of the current locale', () => {
    const tr = effects('/account');
    handleApiError(http(404, { success: false, message: 'nope' }), { type: 'query', hadToken: true }, tr.fx);
    expect(tr.navigations).toEqual(['/errors/notfound']);
    const en = effects('/us/account');
    handleApiError(
      { status: 'PARSING_ERROR', originalStatus: 500, data: '<html>', error: 'SyntaxError' },
      { type: 'query', hadToken: true },
      en.fx,
    );
    expect(en.navigations).toEqual(['/us/errors/something-went-wrong']);
  });

  it('404 / 500 of a mutation show a toast instead of leaving the page', () => {
    const e = effects('/us/payment');
    handleApiError(
      http(500, { success: false, message: 'db down' }),
      { type: 'mutation', hadToken: true },
      e.fx,
    );
    expect(e.navigations).toEqual([]);
    expect(e.toasts).toEqual([{ title: 'Error', message: 'db down' }]);
  });

  it('translates a known code instead of showing the server message', () => {
    const e = effects('/');
    handleApiError(
      http(400, { success: false, code: 'emailIsAlreadyTaken', message: 'email address already taken' }),
      { type: 'mutation', hadToken: false },
      e.fx,
    );
    expect(e.toasts[0].message).toBe('e-posta adresi zaten kullanılıyor');
    const u = effects('/');
    handleApiError(
      http(400, { success: false, code: 'someNewCode', message: 'server text' }),
      { type: 'mutation', hadToken: false },
      u.fx,
    );
    expect(u.toasts[0].message).toBe('server text');
  });
});

describe('chunk-load reload guard', () => {
  it('recognises failed dynamic imports', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new Error('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads at most once per 60 s, remembering the time in sessionStorage', () => {
    const reload = vi.fn();
    const t0 = 1_700_000_000_000;
    expect(reloadForChunkError(window.sessionStorage, reload, t0)).toBe(true);
    expect(window.sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe(String(t0));
    expect(reloadForChunkError(window.sessionStorage, reload, t0 + 1_000)).toBe(false);
    expect(reloadForChunkError(window.sessionStorage, reload, t0 + CHUNK_RELOAD_INTERVAL_MS - 1)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadForChunkError(window.sessionStorage, reload, t0 + CHUNK_RELOAD_INTERVAL_MS)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});

import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_COOKIE, authCookieSecure, setAuthCookie } from './cookies';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the auth cookie', () => {
  it.each([
    ['https:', 'shelfscan.example', true],
    ['http:', 'shelfscan.example', true],
    ['http:', '10.0.0.5', true],
    ['http:', 'localhost.example.com', true],
    ['https:', 'localhost', true],
    ['http:', 'localhost', false],
    ['http:', 'app.localhost', false],
    ['http:', '127.0.0.1', false],
    ['http:', '[::1]', false],
  ])('%s//%s: Secure = %s', (protocol, hostname, secure) => {
    expect(authCookieSecure({ protocol, hostname })).toBe(secure);
  });

  it('is set Secure outside localhost, and without it on http://localhost (make up, make demo)', () => {
    const set = vi.spyOn(Cookies, 'set');
    setAuthCookie('a.b.c');
    // jsdom's page is http://localhost.
    expect(set).toHaveBeenLastCalledWith(AUTH_COOKIE, 'a.b.c', { path: '/', sameSite: 'lax', secure: false });
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      protocol: 'https:',
      hostname: 'shelfscan.example',
    });
    setAuthCookie('d.e.f');
    expect(set).toHaveBeenLastCalledWith(AUTH_COOKIE, 'd.e.f', { path: '/', sameSite: 'lax', secure: true });
  });
});

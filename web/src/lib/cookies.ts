import Cookies from 'js-cookie';

/** The auth cookie name is kept from the previous (Nuxt) front end so existing sessions survive. */
export const AUTH_COOKIE = 'frontend-nuxt-auth-key';

export function getAuthCookie(): string | undefined {
  const value = Cookies.get(AUTH_COOKIE);
  if (!value) return undefined;
  return value.startsWith('Bearer ') ? value.slice(7) : value;
}

/** This machine: `make up` and `make demo` serve plain HTTP on http://localhost. */
const LOOPBACK = /^(localhost|[\w-]+\.localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Whether the auth cookie is `Secure` (sent over HTTPS only): everywhere but plain HTTP on this
 * machine. On any other host the product is served over HTTPS; a plain-HTTP page there keeps no
 * session cookie (the browser refuses a Secure cookie from it), which is the point.
 */
export function authCookieSecure(
  location: Pick<Location, 'protocol' | 'hostname'> = window.location,
): boolean {
  return location.protocol === 'https:' || !LOOPBACK.test(location.hostname);
}

export function setAuthCookie(token: string): void {
  Cookies.set(AUTH_COOKIE, token, { path: '/', sameSite: 'lax', secure: authCookieSecure() });
}

export function removeAuthCookie(): void {
  Cookies.remove(AUTH_COOKIE, { path: '/' });
}

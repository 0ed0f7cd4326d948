import Cookies from 'js-cookie';

/** The auth cookie name is kept from the previous (Nuxt) front end so existing sessions survive. */
export const AUTH_COOKIE = 'frontend-nuxt-auth-key';

export function getAuthCookie(): string | undefined {
  const value = Cookies.get(AUTH_COOKIE);
  if (!value) return undefined;
  return value.startsWith('Bearer ') ? value.slice(7) : value;
}

export function setAuthCookie(token: string): void {
  Cookies.set(AUTH_COOKIE, token, { path: '/', sameSite: 'lax' });
}

export function removeAuthCookie(): void {
  Cookies.remove(AUTH_COOKIE, { path: '/' });
}

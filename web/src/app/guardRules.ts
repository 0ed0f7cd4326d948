/** The four route guards of product spec part 2, as pure decisions. */
import { localizePath, type Locale } from '../lib/locale';
import { isAdmin, isLoggedIn, type SessionState } from './session';

export type GuardDecision = { allow: true } | { allow: false; redirectTo: string };

const allow: GuardDecision = { allow: true };
const to = (path: string, locale: Locale): GuardDecision => ({
  allow: false,
  redirectTo: localizePath(path, locale),
});

/**
 * guest-only: logged-in users go to `/` of their locale. While a login is finishing
 * (`session.loading`), the login page itself navigates to its target, so the guard stays quiet.
 */
export function guestOnly(session: SessionState, locale: Locale, now = Date.now()): GuardDecision {
  if (session.loading) return allow;
  return isLoggedIn(session, now) ? to('/', locale) : allow;
}

/** require-auth: a user who is not logged in goes to `/`. */
export function requireAuth(session: SessionState, locale: Locale, now = Date.now()): GuardDecision {
  return isLoggedIn(session, now) ? allow : to('/', locale);
}

/** require-admin: no user goes to `/`; a non-admin goes to `/dashboard`. */
export function requireAdmin(session: SessionState, locale: Locale, now = Date.now()): GuardDecision {
  if (!isLoggedIn(session, now)) return to('/', locale);
  return isAdmin(session, now) ? allow : to('/dashboard', locale);
}

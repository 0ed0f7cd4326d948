/**
 * Auth state (product spec part 3): the auth key (JWT), the user decoded from it and a loading flag.
 * The key lives in the store and in the cookie `frontend-nuxt-auth-key`.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { getAuthCookie, removeAuthCookie, setAuthCookie } from '../lib/cookies';
import { decodeJwt, hasRole, isTokenActive, ROLE_ADMIN, type JwtUser } from '../lib/jwt';

export interface SessionState {
  authKey: string | null;
  user: JwtUser | null;
  loading: boolean;
}

export function sessionFromToken(token: string | null | undefined): SessionState {
  const user = decodeJwt(token);
  return { authKey: user && token ? token : null, user, loading: false };
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: (): SessionState => sessionFromToken(getAuthCookie()),
  reducers: {
    /** check-auth: take the key from the cookie (or drop it when the cookie is gone). */
    authKeyLoaded: (state, action: PayloadAction<string | null | undefined>) => ({
      ...sessionFromToken(action.payload),
      loading: state.loading,
    }),
    loginStarted: (state) => {
      state.loading = true;
    },
    loginFinished: (state) => {
      state.loading = false;
    },
    loggedOut: () => ({ authKey: null, user: null, loading: false }),
  },
});

export const { authKeyLoaded, loginStarted, loginFinished, loggedOut } = sessionSlice.actions;

interface WithSession {
  session: SessionState;
}

export const selectSession = (state: WithSession) => state.session;
export const selectAuthKey = (state: WithSession) => state.session.authKey;

/** Logged in only while the token is not expired. */
export function isLoggedIn(session: SessionState, nowMs: number = Date.now()): boolean {
  return !!session.authKey && isTokenActive(session.user, nowMs);
}

export function isAdmin(session: SessionState, nowMs: number = Date.now()): boolean {
  return isLoggedIn(session, nowMs) && hasRole(session.user, ROLE_ADMIN);
}

/** Stores a fresh token in the cookie (path /, sameSite lax); dispatch `authKeyLoaded(token)` after. */
export function persistToken(token: string): void {
  setAuthCookie(token);
}

export function clearPersistedToken(): void {
  removeAuthCookie();
}

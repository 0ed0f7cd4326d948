import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { localizePath } from '../lib/locale';
import { api, currentToken } from './api';
import { useAppDispatch, useAppSelector, useAppStore } from './hooks';
import { useLocale } from './locale';
import { userApi } from './userApi';
import {
  authKeyLoaded,
  clearPersistedToken,
  isAdmin,
  isLoggedIn,
  loggedOut,
  loginFinished,
  loginStarted,
  persistToken,
  selectSession,
} from './session';

/** The session as components see it. */
export function useSession() {
  const session = useAppSelector(selectSession);
  return {
    session,
    user: session.user,
    loggedIn: isLoggedIn(session),
    admin: isAdmin(session),
  };
}

/**
 * The login lifecycle: `start()` before the calls, `succeed(token, target)` stores the token in the
 * store and in the cookie `frontend-nuxt-auth-key` and navigates, `fail()` ends a failed attempt.
 */
export function useLoginSession() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useMemo(
    () => ({
      start: () => dispatch(loginStarted()),
      fail: () => dispatch(loginFinished()),
      succeed: (token: string, target: string) => {
        persistToken(token);
        dispatch(authKeyLoaded(token));
        void navigate(target, { replace: true });
      },
    }),
    [dispatch, navigate],
  );
}

/**
 * Logout: revokes the token on the server (a copy of it stops working), clears the key, the user, the
 * cached api data and the cookie, then goes to `/` of the locale.
 */
export function useLogout() {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const navigate = useNavigate();
  const locale = useLocale();
  return useCallback(() => {
    const token = currentToken(store.getState());
    clearPersistedToken();
    dispatch(loggedOut());
    dispatch(api.util.resetApiState());
    // After the reset, which aborts the api's running calls; the token is given, the store has none now.
    if (token) void dispatch(userApi.endpoints.logout.initiate(token));
    void navigate(localizePath('/', locale), { replace: true });
  }, [dispatch, store, navigate, locale]);
}

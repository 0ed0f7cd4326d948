/**
 * Locale routing: Turkish without prefix, English under /us. The URL decides the locale; the cookie
 * `i18n_redirected` remembers the user's choice; the browser language is used on `/` only when no
 * cookie exists. `<html lang>` follows the locale.
 */
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { Button } from '@mantine/core';
import { Link, Outlet, useLocation, useNavigate, type LinkProps } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getAuthCookie } from '../lib/cookies';
import { i18n } from '../lib/i18n';
import {
  detectRootLocale,
  getLocaleCookie,
  localeFromPath,
  localizePath,
  setLocaleCookie,
  switchLocalePath,
  type Locale,
} from '../lib/locale';
import { registerNavigate } from '../lib/navigation';
import { switchLocale } from './i18n';
import { useAppDispatch, useAppSelector } from './hooks';
import { authKeyLoaded, loginFinished, selectAuthKey, selectSession } from './session';

export function useLocale(): Locale {
  return localeFromPath(useLocation().pathname);
}

/** `(path) => path in the current locale`, e.g. `/dashboard` -> `/us/dashboard` in English. */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => localizePath(path, locale), [locale]);
}

/** A router Link whose `to` is an unprefixed app path, localized automatically. */
export function LocaleLink({ to, ...rest }: Omit<LinkProps, 'to'> & { to: string }) {
  const localePath = useLocalePath();
  return <Link to={localePath(to)} {...rest} />;
}

/**
 * Root element of both locale trees. On every navigation it syncs i18next and `<html lang>`,
 * runs the root-path browser detection and the check-auth guard (auth key from the cookie).
 */
export function LocaleRoot() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const storedKey = useAppSelector(selectAuthKey);
  const loginInProgress = useAppSelector((state) => selectSession(state).loading);
  const locale = localeFromPath(pathname);

  useLayoutEffect(() => {
    registerNavigate((to, options) => void navigate(to, options));
    return () => registerNavigate(null);
  }, [navigate]);

  useLayoutEffect(() => {
    if (i18n.language !== locale) void switchLocale(locale);
    document.documentElement.lang = locale;
  }, [locale]);

  // A plain effect: the router subscribes to history in its own layout effect, after ours.
  useEffect(() => {
    const detection = detectRootLocale(pathname, getLocaleCookie(), navigator.language);
    if (detection.setCookie) setLocaleCookie(detection.setCookie);
    if (detection.redirectTo) void navigate(detection.redirectTo, { replace: true });
  }, [pathname, navigate]);

  // check-auth: the cookie is the source of truth for the auth key on every page.
  useLayoutEffect(() => {
    const cookieKey = getAuthCookie() ?? null;
    if (cookieKey !== storedKey) dispatch(authKeyLoaded(cookieKey));
  }, [pathname, storedKey, dispatch]);

  // A login navigates away from the auth page; once the new page is reached it is finished.
  const loginPath = useRef(pathname);
  useEffect(() => {
    if (!loginInProgress) loginPath.current = pathname;
    else if (pathname !== loginPath.current) dispatch(loginFinished());
  }, [pathname, loginInProgress, dispatch]);

  return <Outlet />;
}

/** Goes to the same page in the other locale and remembers the choice in the cookie. */
export function LanguageSwitch({ onSwitched }: { onSwitched?: () => void }) {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation('common');
  const target: Locale = localeFromPath(pathname) === 'tr' ? 'en' : 'tr';
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      data-testid="lang-switch"
      aria-label={t('nav.switchLanguage')}
      onClick={() => {
        setLocaleCookie(target);
        void navigate(switchLocalePath(pathname, target, search, hash));
        onSwitched?.();
      }}
    >
      {target === 'en' ? 'EN' : 'TR'}
    </Button>
  );
}

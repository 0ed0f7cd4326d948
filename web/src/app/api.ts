/**
 * The one RTK Query api of the SPA. It declares no endpoints: every feature calls
 * `api.injectEndpoints` and exports its own hooks. Every failed call goes through the
 * error catalogue (src/lib/errors.ts).
 */
import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { notifications } from '@mantine/notifications';
import { getAuthCookie, removeAuthCookie } from '../lib/cookies';
import { handleApiError, type ErrorEffects, type ErrorHandlingMode } from '../lib/errors';
import { i18n } from '../lib/i18n';
import { isLocale, localeFromPath, type Locale } from '../lib/locale';
import { appNavigate, reloadPage } from '../lib/navigation';

export const TAG_TYPES = [
  'CurrentUser',
  'SearchInfo',
  'Category',
  'Card',
  'Plan',
  'UserPlan',
  'Payment',
  'Invoice',
  'Promotion',
  'SystemParameter',
  'AdminUser',
  'Tracker',
  'ApiToken',
] as const;

export const TOAST_AUTO_CLOSE_MS = 3000;

/** Per-endpoint options: `errors: 'network-only'` when a form shows its own error messages. */
export interface ApiExtraOptions {
  errors?: ErrorHandlingMode;
}

interface SessionLike {
  session?: { authKey?: string | null };
}

/** The bearer token: the one in the store, else the auth cookie. */
export function currentToken(state: unknown): string | undefined {
  return (state as SessionLike).session?.authKey ?? getAuthCookie() ?? undefined;
}

/** The locale LocaleRoot synced into i18next (it follows the URL), else the URL's. */
export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : localeFromPath(window.location.pathname);
}

export const errorEffects: ErrorEffects = {
  t: (key, options) => i18n.t(key, options ?? {}) as string,
  notifyError: (title, message) =>
    notifications.show({
      color: 'red',
      title,
      message,
      autoClose: TOAST_AUTO_CLOSE_MS,
      style: { whiteSpace: 'pre-line' },
    }),
  cleanNotifications: () => notifications.clean(),
  removeAuthCookie,
  reload: reloadPage,
  navigate: (path) => appNavigate(path, { replace: true }),
  currentPathname: () => window.location.pathname,
};

const rawBaseQuery = fetchBaseQuery({
  baseUrl: import.meta.env.VITE_API_BASE ?? '',
  prepareHeaders: (headers, { getState }) => {
    const token = currentToken(getState());
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
    headers.set('Accept-Language', currentLocale());
    return headers;
  },
});

export const baseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  ApiExtraOptions
> = async (args, api, extraOptions) => {
  const result = await rawBaseQuery(args, api, extraOptions ?? {});
  if (result.error && !api.signal.aborted) {
    handleApiError(
      result.error,
      { type: api.type, hadToken: !!currentToken(api.getState()), mode: extraOptions?.errors },
      errorEffects,
    );
  }
  return result;
};

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});

/**
 * The error catalogue (product spec part 8) in one place. `handleApiError` is called by the RTK Query
 * base query wrapper (src/app/api.ts) for every failed call; the side effects are injected so the
 * behaviour is unit-tested without a browser.
 */
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { isApiErrorBody, type ApiValidationError } from './http';
import { localeFromPath, localizePath } from './locale';
import { codeText } from './messages';

export type ErrorOutcome =
  | { kind: 'network'; message: string }
  | { kind: 'validation'; status: 422; message: string }
  | { kind: 'session'; status: 401 | 403; code?: string; message: string }
  | { kind: 'notFound'; status: 404; code?: string; message: string }
  | { kind: 'server'; status: number; code?: string; message: string }
  | { kind: 'other'; status: number; code?: string; message: string };

/** How much of the catalogue a call wants: everything, only network failures, or nothing (the caller shows its own errors). */
export type ErrorHandlingMode = 'all' | 'network-only' | 'none';

export interface ErrorContext {
  /** Queries are page-level loads (404/500 redirect); mutations get a toast instead. */
  type: 'query' | 'mutation';
  /** Whether the request carried a bearer token (a 401 then means the session expired). */
  hadToken: boolean;
  mode?: ErrorHandlingMode;
}

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface ErrorEffects {
  t: Translate;
  notifyError: (title: string, message: string) => void;
  cleanNotifications: () => void;
  removeAuthCookie: () => void;
  reload: () => void;
  navigate: (path: string) => void;
  currentPathname: () => string;
}

/** 422 bodies carry `errors: [{msg}]`; the messages are joined by line breaks. */
export function joinValidationErrors(errors: readonly ApiValidationError[] | undefined): string {
  return (errors ?? [])
    .map((e) => e?.msg)
    .filter((m): m is string => typeof m === 'string' && m.length > 0)
    .join('\n');
}

/** The HTTP status of a failed call, or undefined when no response arrived. */
export function statusOf(error: FetchBaseQueryError): number | undefined {
  if (typeof error.status === 'number') return error.status;
  if (error.status === 'PARSING_ERROR') return error.originalStatus;
  return undefined;
}

/** The text to show for an error body: the catalogue's text of its `code` when it has one, else its `message`. */
export function messageOf(data: unknown, fx: Pick<ErrorEffects, 't'>, fallbackKey: string): string {
  if (isApiErrorBody(data)) {
    const known = codeText((key) => fx.t(key), data.code, data.message);
    if (known) return known;
    if (data.message) return data.message;
  }
  return fx.t(fallbackKey);
}

export function classifyError(error: FetchBaseQueryError, fx: Pick<ErrorEffects, 't'>): ErrorOutcome {
  const status = statusOf(error);
  const data = 'data' in error ? error.data : undefined;
  const code = isApiErrorBody(data) ? data.code : undefined;
  if (status === undefined) {
    return { kind: 'network', message: fx.t('common:errors.network') };
  }
  if (status === 422) {
    const joined = isApiErrorBody(data) ? joinValidationErrors(data.errors) : '';
    return { kind: 'validation', status, message: joined || messageOf(data, fx, 'common:errors.validation') };
  }
  if (status === 401 || status === 403) {
    return { kind: 'session', status, code, message: messageOf(data, fx, 'common:errors.sessionExpired') };
  }
  if (status === 404)
    return { kind: 'notFound', status, code, message: messageOf(data, fx, 'common:errors.notFound') };
  if (status >= 500)
    return { kind: 'server', status, code, message: messageOf(data, fx, 'common:errors.somethingWentWrong') };
  return { kind: 'other', status, code, message: messageOf(data, fx, 'common:errors.generic') };
}

/** Applies the catalogue to one failed call and returns what it decided. */
export function handleApiError(
  error: FetchBaseQueryError,
  ctx: ErrorContext,
  fx: ErrorEffects,
): ErrorOutcome {
  const outcome = classifyError(error, fx);
  const mode = ctx.mode ?? 'all';
  if (mode === 'none') return outcome;
  const title = fx.t('common:errors.title');
  if (outcome.kind === 'network') {
    fx.notifyError(title, outcome.message);
    return outcome;
  }
  if (mode === 'network-only') return outcome;

  const locale = localeFromPath(fx.currentPathname());
  switch (outcome.kind) {
    case 'validation':
      fx.notifyError(title, outcome.message);
      break;
    case 'session':
      fx.cleanNotifications();
      if (outcome.status === 401 && ctx.hadToken) {
        fx.removeAuthCookie();
        fx.reload();
      }
      break;
    case 'notFound':
      if (ctx.type === 'query') fx.navigate(localizePath('/errors/notfound', locale));
      else fx.notifyError(title, outcome.message);
      break;
    case 'server':
      if (ctx.type === 'query') fx.navigate(localizePath('/errors/something-went-wrong', locale));
      else fx.notifyError(title, outcome.message);
      break;
    case 'other':
      fx.notifyError(title, outcome.message);
      break;
  }
  return outcome;
}

// ---------------------------------------------------------------------------------------------
// Chunk-load failures: after a deploy an old tab may ask for a lazy chunk that no longer exists.
// The page reloads to pick up the new build, at most once per 60 s (timestamp in sessionStorage).

export const CHUNK_RELOAD_KEY = 'shelfscan:chunk-reload-at';
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
  /Loading (CSS )?chunk [\w-]+ failed/i,
  /ChunkLoadError/i,
];

export function isChunkLoadError(error: unknown): boolean {
  if (!error) return false;
  const text =
    error instanceof Error
      ? `${error.name}: ${error.message}`
      : typeof error === 'string'
        ? error
        : String(error);
  return CHUNK_ERROR_PATTERNS.some((re) => re.test(text));
}

/**
 * Reloads the page for a chunk-load failure unless it already did so in the last 60 s.
 * Returns true when a reload was triggered.
 */
export function reloadForChunkError(
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  reload: () => void,
  now: number = Date.now(),
): boolean {
  const last = Number(storage.getItem(CHUNK_RELOAD_KEY) ?? '0');
  if (Number.isFinite(last) && last > 0 && now - last < CHUNK_RELOAD_INTERVAL_MS) return false;
  storage.setItem(CHUNK_RELOAD_KEY, String(now));
  reload();
  return true;
}

/** What a form needs from a failed mutation (`unwrap()` rejection): status, code, message, field errors. */
export interface ReadableApiError {
  status?: number;
  code?: string;
  message?: string;
  errors?: ApiValidationError[];
}

export function readApiError(error: unknown): ReadableApiError {
  if (!error || typeof error !== 'object' || !('status' in error)) return {};
  const e = error as FetchBaseQueryError;
  const status = statusOf(e);
  const data = 'data' in e ? e.data : undefined;
  if (!isApiErrorBody(data)) return { status };
  return { status, code: data.code, message: data.message, errors: data.errors };
}

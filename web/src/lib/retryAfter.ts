/**
 * Rate-limited answers (429) carry `Retry-After` (seconds or an HTTP date). RTK Query drops response
 * headers from errors, so endpoints that need it copy the value onto the error with
 * `transformErrorResponse: keepRetryAfter`, and forms read it back with `retryAfterOf`.
 */
import type { FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';

/** Seconds to wait for a `Retry-After` header value; undefined when absent or unreadable. */
export function parseRetryAfter(
  value: string | null | undefined,
  nowMs: number = Date.now(),
): number | undefined {
  if (value == null) return undefined;
  const v = value.trim();
  if (v === '') return undefined;
  if (/^\d+$/.test(v)) return Number(v);
  // Otherwise only an HTTP date (it names a weekday and a month) counts.
  if (!/[a-z]{3}/i.test(v)) return undefined;
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - nowMs) / 1000));
}

export type ErrorWithRetryAfter = FetchBaseQueryError & { retryAfter?: number };

export function keepRetryAfter(
  error: FetchBaseQueryError,
  meta: FetchBaseQueryMeta | undefined,
): ErrorWithRetryAfter {
  const retryAfter = parseRetryAfter(meta?.response?.headers.get('Retry-After'));
  return retryAfter === undefined ? error : { ...error, retryAfter };
}

/** The wait (seconds) a failed call asked for, if any. */
export function retryAfterOf(error: unknown): number | undefined {
  if (!error || typeof error !== 'object' || !('retryAfter' in error)) return undefined;
  const value = (error as { retryAfter: unknown }).retryAfter;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

import type { ScanSpec } from '../engine/types.js';
import { MarketplaceBlockedError, MarketplaceFetchError } from '../fetch/errors.js';
import { marketByCode } from '../markets/markets.js';
import type { ScanFailureCode } from './scan-job.repository.js';

export interface ScanFailure {
  /** A sentence a user can read. */
  reason: string;
  code: ScanFailureCode;
  /** Worth trying again later (the job is requeued a bounded number of times). */
  retryable: boolean;
  retryAt?: Date;
  /** We paused requests ourselves after repeated blocks (the reason names no page kind). */
  coolingDown?: boolean;
}

/** The prefix of every "the marketplace blocked us" reason (the CLI and the web show it as is). */
export const BLOCKED_PREFIX = 'Blocked by the marketplace: ';

function errorCode(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const e = err as { code?: unknown; name?: unknown };
  if (typeof e.code === 'string') return e.code;
  return typeof e.name === 'string' ? e.name : undefined;
}

/** Turns why a scan stopped into what the user is told, and whether to try again. */
export function describeFailure(err: unknown, spec: ScanSpec): ScanFailure {
  const domain = marketByCode(spec.market)?.domain ?? 'the marketplace';
  if (err instanceof MarketplaceBlockedError) {
    return {
      reason: BLOCKED_PREFIX + err.message,
      code: 'BLOCKED',
      retryable: true,
      retryAt: err.retryAt,
      coolingDown: err.reason === 'cooling-down',
    };
  }
  if (err instanceof MarketplaceFetchError) {
    return {
      reason: `${err.message} Please try again later.`,
      code: 'MARKETPLACE_UNREACHABLE',
      retryable: true,
    };
  }
  const code = errorCode(err);
  // The engine's ScanBlockedError (engine/errors.ts): a block page its own classifier caught.
  if (code === 'ScanBlockedError' && err instanceof Error) {
    const kind = (err as { kind?: string }).kind;
    if (kind === 'soft-404') {
      return {
        reason: `${domain} has no store with seller id ${spec.sellerId} (it answered "page not found"); check the store link.`,
        code: 'STORE_NOT_FOUND',
        retryable: false,
      };
    }
    return { reason: BLOCKED_PREFIX + err.message, code: 'BLOCKED', retryable: true };
  }
  if (code && /STORE_NOT_FOUND|StoreNotFound|soft-404/i.test(code)) {
    return {
      reason: `No store with seller id ${spec.sellerId} was found on ${domain}; check the store link.`,
      code: 'STORE_NOT_FOUND',
      retryable: false,
    };
  }
  return {
    reason: 'The scan stopped because of an internal error; please try again, or contact support.',
    code: 'INTERNAL',
    retryable: false,
  };
}

import { ScanBlockedError, ScanCheckpointError } from '../engine/errors.js';
import { MarketplaceBlockedError, MarketplaceFetchError } from '../fetch/errors.js';
import { marketByCode } from '@shelfscan/markets';
import type { JobSpec } from './job-spec.js';
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

/** Turns why a scan stopped into what the user is told, and whether to try again. */
export function describeFailure(err: unknown, spec: JobSpec): ScanFailure {
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
  // The engine's ScanBlockedError (engine/errors.ts): a block page its own classifier caught.
  if (err instanceof ScanBlockedError) {
    if (err.kind === 'soft-404') {
      return {
        reason:
          spec.type === 'asin-check'
            ? `${domain} answered with a "page not found" page where a product page was expected; please try again later.`
            : `${domain} has no store with seller id ${spec.sellerId} (it answered "page not found"); check the store link.`,
        code: 'STORE_NOT_FOUND',
        retryable: false,
      };
    }
    return { reason: BLOCKED_PREFIX + err.message, code: 'BLOCKED', retryable: true };
  }
  // A checkpoint of another scan (the engine restarts the planning itself for an old format).
  if (err instanceof ScanCheckpointError) {
    return {
      reason: 'The saved progress of this scan does not belong to it; please start the scan again.',
      code: 'INVALID_SCAN',
      retryable: false,
    };
  }
  return {
    reason: 'The scan stopped because of an internal error; please try again, or contact support.',
    code: 'INTERNAL',
    retryable: false,
  };
}

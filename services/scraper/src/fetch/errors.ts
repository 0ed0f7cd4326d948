import type { BlockKind } from './classify.js';

/** Why a request to a marketplace cannot proceed. */
export type BlockedReason =
  /** The marketplace answered with a block page (captcha, WAF challenge, 503, 429) and retries ran out. */
  | BlockKind
  /** The domain's circuit breaker is open after repeated blocks: the domain is cooling down. */
  | 'cooling-down'
  /** Every configured proxy is benched after being blocked. */
  | 'proxies-benched'
  /** The marketplace asked us (Retry-After) to wait longer than we are allowed to. */
  | 'retry-after-too-long';

const DESCRIBE: Record<BlockedReason, string> = {
  captcha: 'is asking for a captcha',
  'waf-challenge': 'is showing a bot challenge page',
  'service-unavailable': 'answers "service unavailable" (503)',
  throttled: 'is throttling our requests (429)',
  'cooling-down': 'blocked us repeatedly, so we paused requests to it',
  'proxies-benched': 'blocked every proxy we can use',
  'retry-after-too-long': 'asked us to wait before trying again',
};

/**
 * A marketplace request that cannot proceed because the marketplace is blocking us (or we are
 * pausing ourselves to be polite). `message` is readable by a user; `retryAt` says when a retry may
 * succeed, when known.
 */
export class MarketplaceBlockedError extends Error {
  override readonly name = 'MarketplaceBlockedError';

  constructor(
    readonly domain: string,
    readonly reason: BlockedReason,
    readonly retryAt?: Date,
    options?: { cause?: unknown },
  ) {
    super(
      `${domain} ${DESCRIBE[reason]}; ` +
        (retryAt ? `scanning can resume after ${retryAt.toISOString()}.` : 'please try again later.'),
      options,
    );
  }
}

/** A request that failed for a reason other than a block: network errors or 5xx after every retry. */
export class MarketplaceFetchError extends Error {
  override readonly name = 'MarketplaceFetchError';

  constructor(
    readonly domain: string,
    readonly url: string,
    readonly attempts: number,
    /** The last HTTP status, when the failure was an HTTP answer. */
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(
      `${domain} could not be reached (${status ? `HTTP ${status}` : describeCause(options?.cause)}) after ${attempts} attempt(s).`,
      options,
    );
  }
}

function describeCause(cause: unknown): string {
  if (cause instanceof Error) return (cause as { code?: string }).code ?? cause.message;
  return 'network error';
}

import type { CircuitBreakerOptions } from './circuit-breaker.js';

export interface MarketplaceClientOptions {
  /**
   * MARKETPLACE_ORIGIN: send every request to this origin instead (path and query kept, the real
   * host in `X-Original-Host`). For the simulator and tests.
   */
  originOverride?: string;
  /** SCRAPER_PROXIES: proxy URLs (http, https, socks5) used round-robin; none = direct. */
  proxies: readonly URL[];
  /** Sustained requests per second to one marketplace domain. */
  requestsPerSecond: number;
  /** Requests in flight at once to one domain. */
  concurrency: number;
  /** Up to this fraction of the interval is added at random to each spacing. */
  jitterRatio: number;
  /** Attempts per request (first try included) on 5xx, network errors and block pages. */
  maxAttempts: number;
  /** Exponential backoff: base * 2^(attempt-1), capped, with jitter (half fixed, half random). */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** A Retry-After longer than this is not waited out: the request fails with a MarketplaceBlockedError. */
  maxRetryAfterMs: number;
  breaker: CircuitBreakerOptions;
  /** How long a proxy that got blocked sits out. */
  proxyBenchMs: number;
  /**
   * When a domain is cooling down (or every proxy is benched) and it comes back within this time,
   * wait for it instead of failing at once. 0 = fail at once with MarketplaceBlockedError.
   */
  maxCoolDownWaitMs: number;
  /** Per attempt: headers and body each must arrive within this. */
  requestTimeoutMs: number;
  /** Decoded body size limit. */
  maxBodyBytes: number;
  maxRedirects: number;
  /** Pin the market's delivery location before a domain session's first request. */
  pinDeliveryLocation: boolean;
  keepAliveTimeoutMs: number;
}

export const DEFAULT_OPTIONS: MarketplaceClientOptions = {
  proxies: [],
  requestsPerSecond: 0.5,
  concurrency: 1,
  jitterRatio: 0.5,
  maxAttempts: 4,
  backoffBaseMs: 2_000,
  backoffMaxMs: 60_000,
  maxRetryAfterMs: 120_000,
  breaker: {
    slowdownMultiplier: 2,
    maxSlowdown: 8,
    recoveryRatio: 0.8,
    openAfterBlocks: 3,
    coolDownMs: 5 * 60_000,
    maxCoolDownMs: 60 * 60_000,
  },
  proxyBenchMs: 15 * 60_000,
  maxCoolDownWaitMs: 0,
  requestTimeoutMs: 30_000,
  maxBodyBytes: 20 * 1024 * 1024,
  maxRedirects: 5,
  pinDeliveryLocation: true,
  keepAliveTimeoutMs: 30_000,
};

export type MarketplaceClientConfig = Partial<Omit<MarketplaceClientOptions, 'breaker'>> & {
  breaker?: Partial<CircuitBreakerOptions>;
};

export function resolveOptions(config: MarketplaceClientConfig = {}): MarketplaceClientOptions {
  const options: MarketplaceClientOptions = {
    ...DEFAULT_OPTIONS,
    ...stripUndefined(config),
    breaker: { ...DEFAULT_OPTIONS.breaker, ...stripUndefined(config.breaker ?? {}) },
  };
  if (!(options.requestsPerSecond > 0)) throw new Error('requestsPerSecond must be > 0');
  if (!(options.concurrency >= 1)) throw new Error('concurrency must be >= 1');
  if (!(options.maxAttempts >= 1)) throw new Error('maxAttempts must be >= 1');
  if (options.originOverride !== undefined)
    options.originOverride = parseOrigin(options.originOverride, 'originOverride');
  return options;
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function parseOrigin(value: string, variable: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${variable}: expected an origin such as http://127.0.0.1:8090, got "${value}"`);
  }
  if (
    !['http:', 'https:'].includes(url.protocol) ||
    (url.pathname !== '/' && url.pathname !== '') ||
    url.search
  ) {
    throw new Error(`${variable}: expected an origin such as http://127.0.0.1:8090, got "${value}"`);
  }
  return url.origin;
}

import { baseEnvSchema, env } from '@shelfscan/config';
import { z } from 'zod';
import { DEFAULT_COVERAGE_THRESHOLD } from './engine/engine.js';
import type { MarketplaceClientConfig } from './fetch/options.js';

const SHARE = 'a share above 0 and at most 1, such as 0.99';

export const scraperEnvSchema = baseEnvSchema.extend({
  /** Send every marketplace request to this origin (the simulator, tests); path and query kept. */
  MARKETPLACE_ORIGIN: env.origin(['http', 'https']).optional(),
  /** Comma-separated proxy URLs (http, https, socks5) used round-robin; unset = direct. */
  SCRAPER_PROXIES: env.urlList(['http', 'https', 'socks5', 'socks']).optional(),
  /** Sustained requests per second to one marketplace domain (fetch default 0.5). */
  SCRAPER_REQUESTS_PER_SECOND: env.positive().optional(),
  /**
   * The estimates' own budget (issue 20): requests per second to one domain from store probes,
   * through a client of their own (its own breaker); unset = SCRAPER_REQUESTS_PER_SECOND.
   */
  SCRAPER_PROBE_REQUESTS_PER_SECOND: env.positive().optional(),
  /** Requests in flight at once to one domain (fetch default 1). */
  SCRAPER_CONCURRENCY: env.int(1, 1, 64),
  /**
   * Scan jobs one scraper process runs at once. Each market has its own politeness budget, so one
   * running scan per market busy at once uses them all (issue 23: no market idles while another has
   * a queue); more share a market's budget.
   */
  SCRAPER_WORKERS: env.int(3, 1, 64),
  /**
   * How long a scan runs before it yields its slot to another user's scan waiting for the same
   * market (or one waiting for an idle market) when every slot is busy; a scan not started yet is
   * let in after the current page. The checkpoint makes the yield free.
   */
  SCAN_SLICE_SECONDS: env.int(30, 1, 3600),
  /** The list limit: a scan stops once it has found this many ASINs (product spec: 2720). */
  SCAN_LIST_LIMIT: env.int(2720, 1, 100_000),
  /** A scan whose worker died is taken over this long after its last heartbeat. */
  SCAN_LEASE_SECONDS: env.int(60, 5, 3600),
  /** Times a scan the marketplace blocks is put back in the queue before it fails. */
  SCAN_BLOCKED_RETRIES: env.int(3, 0, 50),
  /** Wait before the first retry of a blocked scan (doubling each time, at most 30 minutes). */
  SCAN_BLOCKED_BACKOFF_SECONDS: env.int(60, 0, 3600),
  /**
   * A Deep scan is `completed` only when it found at least this share of the count Amazon reports
   * (or reached the list limit); below it, `completed_partial`.
   */
  SCAN_COVERAGE_THRESHOLD: z.coerce
    .number({ error: SHARE })
    .gt(0, { error: SHARE })
    .max(1, { error: SHARE })
    .default(DEFAULT_COVERAGE_THRESHOLD),
});

export type ScraperConfig = z.infer<typeof scraperEnvSchema>;

/** The marketplace client's settings, straight from the validated config. */
export function marketplaceClientConfig(config: ScraperConfig): MarketplaceClientConfig {
  return {
    originOverride: config.MARKETPLACE_ORIGIN,
    proxies: config.SCRAPER_PROXIES ?? [],
    requestsPerSecond: config.SCRAPER_REQUESTS_PER_SECOND,
    concurrency: config.SCRAPER_CONCURRENCY,
  };
}

/** The probes' client (estimates): the scans' settings at its own rate, one request at a time per domain. */
export function marketplaceProbeClientConfig(config: ScraperConfig): MarketplaceClientConfig {
  return {
    ...marketplaceClientConfig(config),
    requestsPerSecond: config.SCRAPER_PROBE_REQUESTS_PER_SECOND ?? config.SCRAPER_REQUESTS_PER_SECOND,
    concurrency: 1,
  };
}

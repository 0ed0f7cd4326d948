import { baseEnvSchema, env } from '@shelfscan/config';
import { z } from 'zod';
import { marketplaceClientConfigFromEnv, type MarketplaceClientConfig } from './fetch/options.js';

const positive = z.coerce
  .number({ error: 'a number above 0' })
  .positive({ error: 'a number above 0' })
  .optional();

export const scraperEnvSchema = baseEnvSchema.extend({
  /** Send every marketplace request to this origin (the simulator, tests); path and query kept. */
  MARKETPLACE_ORIGIN: env.url(['http', 'https']).optional(),
  /** Comma-separated proxy URLs used round-robin; unset = direct. */
  SCRAPER_PROXIES: z.string().optional(),
  /** Sustained requests per second to one marketplace domain (fetch default 0.5). */
  SCRAPER_REQUESTS_PER_SECOND: positive,
  /** Requests in flight at once to one domain (fetch default 1). */
  SCRAPER_CONCURRENCY: env.int(1, 1, 64),
  /** Scan jobs one scraper process runs at once. */
  SCRAPER_WORKERS: env.int(2, 1, 64),
  /** The list limit: a scan stops once it has found this many ASINs (product spec: 2720). */
  SCAN_LIST_LIMIT: env.int(2720, 1, 100_000),
  /** A scan whose worker died is taken over this long after its last heartbeat. */
  SCAN_LEASE_SECONDS: env.int(60, 5, 3600),
  /** Times a scan the marketplace blocks is put back in the queue before it fails. */
  SCAN_BLOCKED_RETRIES: env.int(3, 0, 50),
  /** Wait before the first retry of a blocked scan (doubling each time, at most 30 minutes). */
  SCAN_BLOCKED_BACKOFF_SECONDS: env.int(60, 0, 3600),
});

export type ScraperConfig = z.infer<typeof scraperEnvSchema>;

/** The marketplace client's settings from the validated config (the fetch module's own parser). */
export function marketplaceClientConfig(config: ScraperConfig): MarketplaceClientConfig {
  return marketplaceClientConfigFromEnv({
    MARKETPLACE_ORIGIN: config.MARKETPLACE_ORIGIN,
    SCRAPER_PROXIES: config.SCRAPER_PROXIES,
    SCRAPER_REQUESTS_PER_SECOND: config.SCRAPER_REQUESTS_PER_SECOND?.toString(),
    SCRAPER_CONCURRENCY: config.SCRAPER_CONCURRENCY.toString(),
  });
}

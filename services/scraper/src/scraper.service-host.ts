import { Clock, SERVICE_CONFIG, defineService } from '@shelfscan/service';
import {
  marketplaceClientConfig,
  marketplaceProbeClientConfig,
  scraperEnvSchema,
  type ScraperConfig,
} from './config.js';
import { scraperMigrations } from './db/index.js';
import { MarketplaceClient } from './fetch/marketplace-client.js';
import { MarketplaceScanEngines, ScanEngines } from './jobs/engine-factory.js';
import { JobsModule } from './jobs/jobs.module.js';
import { ScraperHandlers } from './jobs/scraper.handlers.js';

/**
 * The scraper: ScanRequested → a durable job run by the scan worker (SCRAPER_WORKERS at once) on
 * the real engine over the polite marketplace client; CancelScan and GetScan. Tests replace the
 * `ScanEngines` port.
 */
export const scraperService = defineService({
  name: 'scraper',
  envSchema: scraperEnvSchema,
  migrations: scraperMigrations,
  poolSize: (config) => config.SCRAPER_WORKERS + 4,
  ports: [
    {
      provide: ScanEngines,
      inject: [SERVICE_CONFIG, Clock],
      useFactory: (config: ScraperConfig, clock: Clock) =>
        new MarketplaceScanEngines(
          {
            scans: new MarketplaceClient(marketplaceClientConfig(config)),
            probes: new MarketplaceClient(marketplaceProbeClientConfig(config)),
          },
          clock,
          config.SCAN_COVERAGE_THRESHOLD,
        ),
    },
  ],
  modules: [JobsModule],
  handlers: [ScraperHandlers],
});

import {
  BusClient,
  OutboxRelay,
  startBusService,
  type BusTransports,
  type RunningService,
} from '@shelfscan/bus';
import { createServiceDataSource, openServiceDataSource } from '@shelfscan/db';
import { createLogger, health } from '@shelfscan/observability';
import { marketplaceClientConfig, type ScraperConfig } from './config.js';
import { SCRAPER_SCHEMA, scraperEntities, scraperMigrations } from './db/index.js';
import { MarketplaceClient } from './fetch/marketplace-client.js';
import { marketplaceEngineFor } from './jobs/engine-factory.js';
import { ScanJobRepository } from './jobs/scan-job.repository.js';
import { ScanWorker } from './jobs/scan-worker.js';
import { ScansService } from './jobs/scans.service.js';
import { ScraperModule } from './jobs/scraper.handlers.js';
import type { ScanEngine, ScanSpec } from './engine/types.js';

/**
 * Starts the scraper on a database and a bus: migrations, the ScanRequested/CancelScan/GetScan
 * handlers, the scan worker (SCRAPER_WORKERS jobs at once) and the outbox relay. The embedded
 * launcher and the cluster entry point both call this. `engineFor` replaces the marketplace engine
 * (tests).
 */
export async function startScraperService(opts: {
  config: ScraperConfig;
  databaseUrl: string;
  transports: BusTransports;
  runMigrations: boolean;
  engineFor?: (spec: ScanSpec) => ScanEngine;
}): Promise<RunningService> {
  const { config } = opts;
  const log = createLogger('scraper');
  const dataSource = createServiceDataSource({
    url: opts.databaseUrl,
    schema: SCRAPER_SCHEMA,
    entities: scraperEntities,
    migrations: scraperMigrations,
    poolSize: config.SCRAPER_WORKERS + 4,
  });
  const applied = await openServiceDataSource(dataSource, { runMigrations: opts.runMigrations });
  if (applied.length) log.info({ applied }, 'migrations applied');

  const relay = new OutboxRelay(dataSource, new BusClient(opts.transports.client()).transport, {
    service: 'scraper',
  });
  const client = opts.engineFor ? undefined : new MarketplaceClient(marketplaceClientConfig(config));
  const repository = new ScanJobRepository(dataSource);
  const worker = new ScanWorker({
    repository,
    engineFor: opts.engineFor ?? marketplaceEngineFor(client!),
    concurrency: config.SCRAPER_WORKERS,
    leaseMs: config.SCAN_LEASE_SECONDS * 1000,
    maxBlockedRetries: config.SCAN_BLOCKED_RETRIES,
    blockedBackoffMs: config.SCAN_BLOCKED_BACKOFF_SECONDS * 1000,
    onOutboxWrite: () => relay.nudge(),
  });
  const scans = new ScansService({
    dataSource,
    repository,
    worker,
    listLimit: config.SCAN_LIST_LIMIT,
    onOutboxWrite: () => relay.nudge(),
  });

  const app = await startBusService('scraper', ScraperModule.forRoot({ scans }), opts.transports);
  relay.start();
  worker.start();
  health.register('scraper.database', async () => void (await dataSource.query('SELECT 1')));
  log.info(
    { workers: config.SCRAPER_WORKERS, marketplaceOrigin: config.MARKETPLACE_ORIGIN ?? null },
    'scraper service is up',
  );

  return {
    name: 'scraper',
    async stop() {
      health.unregister('scraper.database');
      await app.close();
      await worker.stop();
      await relay.stop();
      await client?.close();
      await dataSource.destroy();
    },
  };
}

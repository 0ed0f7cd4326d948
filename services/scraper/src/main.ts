// Cluster entry point: `node services/scraper/dist/main.js` (serve) or `... main.js migrate` (hook Job).
import 'reflect-metadata';
import { BusTransports } from '@shelfscan/bus';
import { ConfigError, loadConfig, runOrExit } from '@shelfscan/config';
import { createServiceDataSource, openServiceDataSource } from '@shelfscan/db';
import { startHealthServer } from '@shelfscan/observability';
import { scraperEnvSchema } from './config.js';
import { SCRAPER_SCHEMA, scraperEntities, scraperMigrations } from './db/index.js';
import { startScraperService } from './scraper.service-host.js';

void runOrExit(async () => {
  const config = loadConfig(scraperEnvSchema);
  if (!config.DATABASE_URL) {
    throw new ConfigError([
      { variable: 'DATABASE_URL', expected: 'a postgres:// URL (required outside the embedded mode)' },
    ]);
  }
  if (process.argv[2] === 'migrate') {
    const ds = createServiceDataSource({
      url: config.DATABASE_URL,
      schema: SCRAPER_SCHEMA,
      entities: scraperEntities,
      migrations: scraperMigrations,
    });
    const applied = await openServiceDataSource(ds, { runMigrations: true });
    process.stdout.write(`scraper migrations applied: ${applied.length ? applied.join(', ') : 'none'}\n`);
    await ds.destroy();
    return;
  }
  const transports = new BusTransports(config);
  const service = await startScraperService({
    config,
    databaseUrl: config.DATABASE_URL,
    transports,
    runMigrations: false,
  });
  const healthServer = await startHealthServer(config.HEALTH_PORT);
  const stop = async () => {
    healthServer.close();
    await service.stop();
    await transports.close();
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
});

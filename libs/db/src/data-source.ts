import { Client } from 'pg';
import { DataSource, type DataSourceOptions, type MixedList, type EntitySchema } from 'typeorm';

export interface ServiceDataSourceOptions {
  /** PostgreSQL connection URL (the embedded server's, or DATABASE_URL). */
  url: string;
  /** The service's own schema: `auth`, `billing`, `search`, `scraper`, `admin`. */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
  poolSize?: number;
}

/**
 * One TypeORM data source per service, confined to the service's own schema (search_path is
 * set on every connection, so raw SQL in migrations stays inside it). Never `synchronize`:
 * the schema only changes through timestamped migrations.
 */
export function createServiceDataSource(options: ServiceDataSourceOptions): DataSource {
  const config: DataSourceOptions = {
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    migrationsRun: false,
    // Query errors are raised to the caller (a unique violation is often expected); not logged twice.
    logging: ['warn', 'migration'],
    applicationName: `shelfscan-${options.schema}`,
    extra: { options: `-c search_path=${options.schema}`, max: options.poolSize ?? 10 },
  };
  return new DataSource(config);
}

/** Creates the service's schema when missing, connects, and optionally runs pending migrations. */
export async function openServiceDataSource(
  dataSource: DataSource,
  options: { runMigrations: boolean },
): Promise<string[]> {
  const pg = dataSource.options as { url: string; schema: string };
  await ensureSchema(pg.url, pg.schema);
  if (!dataSource.isInitialized) await dataSource.initialize();
  if (!options.runMigrations) return [];
  const applied = await dataSource.runMigrations({ transaction: 'each' });
  return applied.map((m) => m.name);
}

export async function ensureSchema(url: string, schema: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  } catch (err) {
    // Two services starting together may race on CREATE SCHEMA; the loser finds it made.
    if ((err as { code?: string }).code !== '23505') throw err;
  } finally {
    await client.end();
  }
}

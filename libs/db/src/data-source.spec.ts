import { Client } from 'pg';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createServiceDataSource, createTestDatabase, openServiceDataSource } from './index.js';

class CreateThings1763800000000 implements MigrationInterface {
  name = 'CreateThings1763800000000';
  async up(q: QueryRunner) {
    await q.query('CREATE TABLE thing (id serial PRIMARY KEY, name text NOT NULL)');
  }
  async down(q: QueryRunner) {
    await q.query('DROP TABLE thing');
  }
}

describe('service data source (real PostgreSQL)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  it('creates the schema, runs migrations inside it once, and keeps each service in its own schema', async () => {
    const a = createServiceDataSource({
      url: db.url,
      schema: 'alpha',
      entities: [],
      migrations: [CreateThings1763800000000],
    });
    const b = createServiceDataSource({
      url: db.url,
      schema: 'beta',
      entities: [],
      migrations: [CreateThings1763800000000],
    });
    expect(await openServiceDataSource(a, { runMigrations: true })).toEqual(['CreateThings1763800000000']);
    expect(await openServiceDataSource(b, { runMigrations: true })).toEqual(['CreateThings1763800000000']);
    await a.query("INSERT INTO thing (name) VALUES ('in alpha')");
    expect(await b.query('SELECT count(*)::int AS n FROM thing')).toEqual([{ n: 0 }]);
    await a.destroy();
    await b.destroy();

    // A second start applies nothing new.
    const again = createServiceDataSource({
      url: db.url,
      schema: 'alpha',
      entities: [],
      migrations: [CreateThings1763800000000],
    });
    expect(await openServiceDataSource(again, { runMigrations: true })).toEqual([]);
    await again.destroy();

    const c = new Client({ connectionString: db.url });
    await c.connect();
    const tables = await c.query(
      "SELECT table_schema, table_name FROM information_schema.tables WHERE table_schema IN ('alpha','beta') ORDER BY 1, 2",
    );
    await c.end();
    expect(tables.rows).toEqual([
      { table_schema: 'alpha', table_name: 'migrations' },
      { table_schema: 'alpha', table_name: 'thing' },
      { table_schema: 'beta', table_name: 'migrations' },
      { table_schema: 'beta', table_name: 'thing' },
    ]);
  });
});

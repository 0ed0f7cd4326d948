import { codec } from '@shelfscan/bus';
import { createTestDatabase, openServiceDataSource } from '@shelfscan/db';
import { serviceDataSource } from '@shelfscan/service';
import type { DataSource } from 'typeorm';
import { scraperService } from '../src/scraper.service-host.js';

export interface TestDb {
  ds: DataSource;
  url: string;
  close(): Promise<void>;
}

/** A fresh database with the scraper's migrations applied (real PostgreSQL from the jest global setup). */
export async function scraperTestDb(): Promise<TestDb> {
  const db = await createTestDatabase();
  const ds = serviceDataSource(scraperService, db.url);
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

/** The events written to the outbox for one scan (or all), decoded, in order. */
export async function outboxEvents(
  ds: DataSource,
  scanId?: string,
): Promise<{ topic: string; message: Record<string, unknown> }[]> {
  const rows: { topic: string; envelope: Buffer }[] = await ds.query(
    'SELECT topic, envelope FROM outbox ORDER BY created_at, id',
  );
  return rows
    .map((r) => ({
      topic: r.topic.replace('shelfscan.scraper.v1.', ''),
      message: codec.decode(new Uint8Array(r.envelope)).message as Record<string, unknown>,
    }))
    .filter((e) => scanId === undefined || e.message.scanId === scanId);
}

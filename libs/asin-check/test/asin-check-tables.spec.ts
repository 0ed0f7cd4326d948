import { createTestDataSource } from '@shelfscan/db';
import type { DataSource } from 'typeorm';
import { asinCheckPage, insertAsinCheckRecords, type AsinCheckRecord } from '../src/index.js';

/** The columns both services' tables have (their migrations), each keyed as there. */
const columns = `seq integer NOT NULL, asin text NOT NULL,
  state text NOT NULL CHECK (state IN ('sold', 'unavailable', 'not-found')), title text, price_text text,
  price numeric(14, 2), currency text, stars real, review_count integer,
  amazons_choice boolean NOT NULL DEFAULT false, best_seller boolean NOT NULL DEFAULT false`;

const record = (seq: number, asin: string, title: string | null = null): AsinCheckRecord => ({
  asin,
  seq,
  state: title ? 'sold' : 'not-found',
  title,
  priceText: title && '$24.99',
  price: title ? 24.99 : null,
  currency: title && 'CAD',
  stars: title ? 4.5 : null,
  reviewCount: title ? 1203 : null,
  amazonsChoice: Boolean(title),
  bestSeller: false,
});

describe('the ASIN check tables (real PostgreSQL)', () => {
  let db: Awaited<ReturnType<typeof createTestDataSource>>;
  let ds: DataSource;
  const scan = '00000000-0000-4000-8000-000000000001';
  const other = '00000000-0000-4000-8000-000000000002';
  beforeAll(async () => {
    db = await createTestDataSource({ schema: 'checks' });
    ds = db.ds;
    await ds.query(
      `CREATE TABLE asin_check_item (scan_id uuid NOT NULL, ${columns}, PRIMARY KEY (scan_id, asin))`,
    );
    await ds.query(
      `CREATE TABLE todo_asin_check (todo_id uuid NOT NULL, ${columns}, PRIMARY KEY (todo_id, seq))`,
    );
  });
  afterAll(() => db.close());

  it('stores records and reads them back a page at a time, in order, with the total', async () => {
    const rows = [record(1, 'B000000002'), record(0, 'B000000001', 'Çay bardağı'), record(2, 'B000000003')];
    await insertAsinCheckRecords(ds, 'todo_asin_check', scan, rows);
    await insertAsinCheckRecords(ds, 'todo_asin_check', other, [record(0, 'B000000009')]);
    expect(await asinCheckPage(ds, 'todo_asin_check', scan, 0, 2)).toEqual({
      rows: [record(0, 'B000000001', 'Çay bardağı'), record(1, 'B000000002')],
      total: 3,
    });
    expect(await asinCheckPage(ds, 'todo_asin_check', scan, 2, 2)).toEqual({ rows: [rows[2]], total: 3 });
    await expect(
      insertAsinCheckRecords(ds, 'todo_asin_check', scan, [record(2, 'B000000004')]),
    ).rejects.toThrow(/duplicate key/);
  });

  it('keeps a stored record as it was when asked to skip stored keys (the scraper after a resume)', async () => {
    await insertAsinCheckRecords(ds, 'asin_check_item', scan, [record(0, 'B000000001', 'first')]);
    await insertAsinCheckRecords(
      ds,
      'asin_check_item',
      scan,
      [record(0, 'B000000001', 'again'), record(1, 'B000000002')],
      { skipStored: true },
    );
    const page = await asinCheckPage(ds, 'asin_check_item', scan, 0, 10);
    expect(page.rows.map((r) => [r.seq, r.asin, r.title])).toEqual([
      [0, 'B000000001', 'first'],
      [1, 'B000000002', null],
    ]);
    expect(page.total).toBe(2);
    expect(await asinCheckPage(ds, 'asin_check_item', other, 0, 10)).toEqual({ rows: [], total: 0 });
  });
});

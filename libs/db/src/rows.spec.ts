import { createTestDataSource, rowsOf } from './index.js';

describe('rowsOf (real PostgreSQL through TypeORM)', () => {
  let db: Awaited<ReturnType<typeof createTestDataSource>>;
  beforeAll(async () => {
    db = await createTestDataSource({ schema: 'rows' });
  });
  afterAll(() => db.close());

  it('gives the rows of INSERT, SELECT, UPDATE and DELETE ... RETURNING alike', async () => {
    const { ds } = db;
    await ds.query('CREATE TABLE thing (id int PRIMARY KEY, name text NOT NULL)');
    const inserted = await ds.query(`INSERT INTO thing VALUES (1, 'a'), (2, 'b') RETURNING id`);
    expect(rowsOf(inserted)).toEqual([{ id: 1 }, { id: 2 }]);
    const updated = await ds.query(`UPDATE thing SET name = 'c' WHERE id = 2 RETURNING id, name`);
    expect(updated).toEqual([[{ id: 2, name: 'c' }], 1]);
    expect(rowsOf<{ id: number; name: string }>(updated)).toEqual([{ id: 2, name: 'c' }]);
    expect(rowsOf(await ds.query('DELETE FROM thing WHERE id = 3 RETURNING id'))).toEqual([]);
    expect(rowsOf(await ds.query('SELECT id FROM thing ORDER BY id'))).toEqual([{ id: 1 }, { id: 2 }]);
  });
});

describe('isUuid', () => {
  it('takes what a uuid column takes, in either case, and nothing around it', async () => {
    const { isUuid } = await import('./index.js');
    expect(isUuid('0b7f6c9e-0000-4000-8000-00000000000A')).toBe(true);
    for (const bad of [
      '',
      'x',
      '0b7f6c9e-0000-4000-8000-0000000000',
      ' 0b7f6c9e-0000-4000-8000-000000000001',
    ])
      expect(isUuid(bad)).toBe(false);
  });
});

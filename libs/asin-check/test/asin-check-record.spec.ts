import { asinCheckMessageOf, asinCheckPage, asinCheckRecordOfRow } from '../src/index.js';

describe('an ASIN check record', () => {
  it('reads its table row: numeric columns from text, missing values as null', () => {
    const sold = asinCheckRecordOfRow({
      asin: 'B000000001',
      seq: 3,
      state: 'sold',
      title: 'Çay bardağı',
      price_text: '$24.99',
      price: '24.99',
      currency: 'CAD',
      stars: 4.5,
      review_count: 1203,
      amazons_choice: true,
      best_seller: false,
    });
    expect(sold).toEqual({
      asin: 'B000000001',
      seq: 3,
      state: 'sold',
      title: 'Çay bardağı',
      priceText: '$24.99',
      price: 24.99,
      currency: 'CAD',
      stars: 4.5,
      reviewCount: 1203,
      amazonsChoice: true,
      bestSeller: false,
    });
    const missing = asinCheckRecordOfRow({
      asin: 'B000000002',
      seq: 4,
      state: 'not-found',
      title: null,
      price_text: null,
      price: null,
      currency: null,
      stars: null,
      review_count: null,
      amazons_choice: false,
      best_seller: false,
    });
    expect(missing).toMatchObject({
      title: null,
      priceText: null,
      price: null,
      stars: null,
      reviewCount: null,
    });
  });

  it('lists as its bus message: unknown texts empty, unknown numbers unset', () => {
    expect(
      asinCheckMessageOf({
        asin: 'B000000002',
        state: 'unavailable',
        title: 'Kupa',
        priceText: null,
        price: null,
        currency: null,
        stars: 0,
        reviewCount: null,
        amazonsChoice: false,
        bestSeller: true,
      }),
    ).toEqual({
      asin: 'B000000002',
      state: 'unavailable',
      title: 'Kupa',
      priceText: '',
      price: undefined,
      currency: '',
      stars: 0,
      reviewCount: undefined,
      amazonsChoice: false,
      bestSeller: true,
    });
  });
});

describe('a page of ASIN check records', () => {
  /** A database that answers the page and the count queries of one table, keyed by its scan column. */
  function tableOf(table: string, column: string, rows: Record<string, unknown>[]) {
    const asked: string[] = [];
    return {
      asked,
      async query(sql: string, [id, offset = 0, limit = Infinity]: unknown[] = []) {
        asked.push(sql);
        expect(sql).toContain(`FROM ${table} WHERE ${column} = $1`);
        const mine = rows.filter((r) => r[column] === id).sort((a, b) => Number(a.seq) - Number(b.seq));
        if (sql.startsWith('SELECT count(*)')) return [{ n: String(mine.length) }];
        return mine.slice(Number(offset), Number(offset) + Number(limit));
      },
    };
  }
  const row = (key: Record<string, unknown>, seq: number) => ({
    ...key,
    asin: `B00000000${seq}`,
    seq,
    state: 'not-found',
    amazons_choice: false,
    best_seller: false,
  });

  it("reads the search service's table by todo and the scraper's by scan, in order, with the total", async () => {
    const search = tableOf('todo_asin_check', 'todo_id', [
      row({ todo_id: 't1' }, 2),
      row({ todo_id: 't1' }, 0),
      row({ todo_id: 't2' }, 0),
      row({ todo_id: 't1' }, 1),
    ]);
    const page = await asinCheckPage(search, 'todo_asin_check', 't1', 1, 1);
    expect(page.total).toBe(3);
    expect(page.rows.map((r) => [r.asin, r.seq, r.title])).toEqual([['B000000001', 1, null]]);
    expect(search.asked[0]).toContain('ORDER BY seq OFFSET $2 LIMIT $3');

    const scraper = tableOf('asin_check_item', 'scan_id', [row({ scan_id: 's1' }, 0)]);
    expect(await asinCheckPage(scraper, 'asin_check_item', 's2', 0, 10)).toEqual({ rows: [], total: 0 });
  });
});

import { randomUUID } from 'node:crypto';
import { listingOf, startSimulator, type Simulator } from '@shelfscan/simulator';
import { marketByCode } from '@shelfscan/markets';
import { createScanEngine, marketplacePageSource } from '../src/engine/index.js';
import type { ScanSpec } from '../src/engine/types.js';
import { MarketplaceClient } from '../src/fetch/marketplace-client.js';
import { ScanJobRepository, type StoredItem } from '../src/jobs/scan-job.repository.js';
import { scraperTestDb, type TestDb } from './helpers.js';

/**
 * What a scan saw of each ASIN (the rich exports), stored row by row on real PostgreSQL, against the
 * simulator's own listings: every fact the tile shows, for every ASIN.
 */
describe('scan items: what a scan saw of each ASIN (real PostgreSQL, simulator)', () => {
  let db: TestDb;
  let repo: ScanJobRepository;
  let sim: Simulator;
  let client: MarketplaceClient;

  beforeAll(async () => {
    db = await scraperTestDb();
    repo = new ScanJobRepository(db.ds);
    sim = await startSimulator({ stores: [{ seed: 'rich-export', size: 400 }], pageSize: 16 });
    client = new MarketplaceClient({
      originOverride: sim.url,
      requestsPerSecond: 10_000,
      jitterRatio: 0,
      maxAttempts: 1,
      pinDeliveryLocation: false,
    });
  });
  afterAll(async () => {
    await client.close();
    await sim.close();
    await db.close();
  });

  const engine = () => createScanEngine({ pages: marketplacePageSource(client, marketByCode('CA')!) });
  const spec = (over: Partial<ScanSpec> = {}): ScanSpec => ({
    market: 'CA',
    sellerId: sim.stores[0].sellerId,
    type: 'deep',
    listLimit: 100_000,
    ...over,
  });

  /** Runs the scan as the job runner does, every page stored; `stopAfter` pages: killed there. */
  async function scan(id: string, s: ScanSpec, stopAfter = Infinity) {
    await repo.enqueue(id, s);
    await repo.claim('w', 60_000, id);
    const job = await repo.get(id);
    const stop = new AbortController();
    let pages = 0;
    const seenAsins = job?.checkpoint ? await repo.asins(id) : [];
    await engine()
      .run(s, {
        signal: stop.signal,
        resume: job?.checkpoint ? { checkpoint: job.checkpoint, seenAsins } : undefined,
        onPage: async (r) => {
          await repo.savePage(id, 'w', r, false);
          if (++pages >= stopAfter) stop.abort();
        },
      })
      .catch((err: unknown) => {
        if (!stop.signal.aborted) throw err;
      });
  }

  async function allItems(id: string): Promise<StoredItem[]> {
    const out: StoredItem[] = [];
    for (;;) {
      const page = await repo.itemPage(id, out.length, 150);
      out.push(...page.items);
      if (page.items.length < 150) return out;
    }
  }

  function expectMatchesSimulator(items: StoredItem[]) {
    const store = sim.stores[0];
    const index = new Map(store.asins.map((a, i) => [a, i]));
    for (const item of items) {
      const i = index.get(item.asin);
      expect(i).toBeDefined();
      const l = listingOf(store, i!);
      expect({
        asin: item.asin,
        title: item.title,
        price: item.price,
        listPrice: item.listPrice,
        stars: item.stars,
        reviewCount: item.reviewCount,
        amazonsChoice: item.amazonsChoice,
        bestSeller: item.bestSeller,
        prime: item.prime,
      }).toEqual({
        asin: l.asin,
        title: l.title,
        price: l.price,
        listPrice: l.listPrice,
        stars: l.stars,
        reviewCount: l.ratings,
        amazonsChoice: l.amazonsChoice,
        bestSeller: l.bestSeller,
        prime: l.prime,
      });
      expect(item.currency).toBe(l.price === null && l.listPrice === null ? null : 'CAD');
      expect(item.page).toBeGreaterThanOrEqual(1);
      expect(item.query).toMatch(new RegExp(`^https://www\\.amazon\\.ca/s\\?.*${store.sellerId}`));
    }
  }

  it('stores, for every ASIN of a Deep scan, the title, prices, stars, badges and Prime its tile shows', async () => {
    const id = randomUUID();
    await scan(id, spec());
    const items = await allItems(id);
    const store = sim.stores[0];
    expect(items.map((i) => i.asin)).toEqual(await repo.asins(id));
    expect(new Set(items.map((i) => i.asin))).toEqual(new Set(store.asins));
    expectMatchesSimulator(items);
    // The store has every kind: the comparison above covered each fact both ways.
    for (const key of ['amazonsChoice', 'bestSeller', 'prime'] as const) {
      expect(items.some((i) => i[key])).toBe(true);
      expect(items.some((i) => !i[key])).toBe(true);
    }
    expect(items.some((i) => i.listPrice !== null)).toBe(true);
    // Books are kept (ISBN-10 shaped ASINs); sponsored tiles of the store's own listings are marked.
    expect(items.some((i) => /^\d{9}[\dX]$/.test(i.asin))).toBe(store.asins.some((a) => /^\d/.test(a)));
    const sponsored = items.filter((i) => i.sponsored);
    expect(sponsored.length).toBeGreaterThan(0);
    // One page row per page with new ASINs: the query is stored once a page, not once an ASIN.
    const [{ pages }] = await db.ds.query<{ pages: string }[]>(
      'SELECT count(*) AS pages FROM scan_page WHERE scan_id = $1',
      [id],
    );
    expect(Number(pages)).toBeLessThan(items.length / 5);
  }, 60_000);

  it('names the department a category scan reached an ASIN through', async () => {
    const store = sim.stores[0];
    const root = store.nodes[store.roots[0]];
    const id = randomUUID();
    await scan(id, spec({ type: 'standard', categoryNodeId: root.id }));
    const items = await allItems(id);
    expect(items.length).toBeGreaterThan(0);
    expect(new Set(items.map((i) => i.category))).toEqual(new Set([root.name]));
    expectMatchesSimulator(items);
  }, 60_000);

  it('keeps the facts of the pages stored before a crash when the scan resumes from its checkpoint', async () => {
    const id = randomUUID();
    await scan(id, spec(), 3);
    const before = await allItems(id);
    expect(before.length).toBeGreaterThan(0);
    await repo.expireLease(id);
    await scan(id, spec());
    const after = await allItems(id);
    // The facts stay; an ASIN met in a sponsored tile later in the scan gains the flag.
    const facts = ({ sponsored, ...rest }: StoredItem) => (void sponsored, rest);
    expect(after.slice(0, before.length).map(facts)).toEqual(before.map(facts));
    for (const [i, b] of before.entries()) if (b.sponsored) expect(after[i].sponsored).toBe(true);
    expect(new Set(after.map((i) => i.asin)).size).toBe(after.length);
    expectMatchesSimulator(after);
  }, 60_000);
});

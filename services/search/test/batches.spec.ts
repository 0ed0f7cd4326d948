import { eventually, failure } from '@shelfscan/testing';
import { OK_ASINS, STORES, startSearchHarness, type SearchHarness } from './harness.js';

/** Batches (issue 19) through the search service's bus API, on real PostgreSQL. */
describe('search service: batches (real PostgreSQL, in-process bus)', () => {
  let h: SearchHarness;
  beforeAll(async () => {
    h = await startSearchHarness();
  }, 60_000);
  afterAll(() => h.stop(), 60_000);

  const store = (seller: string) => `https://www.amazon.ca/s?me=${seller}`;
  const batch = (userEmail: string, fileName: string, sellers: string[] = [STORES.ok]) =>
    h.bus
      .request(h.S.createBatch, {
        userEmail,
        searchType: 'standard',
        market: 'CA',
        storeUrls: sellers.map(store),
        fileName,
        keyword: '',
      })
      .then((r) => r.batch!);
  const list = (userEmail: string, page: number, size: number) =>
    h.bus.request(h.S.listBatches, { userEmail, page, size });

  it("lists the caller's batches newest first, paged with the total, each as GetBatch gives it; never another user's", async () => {
    const a = 'lister@example.com';
    const b = 'neighbour@example.com';
    await h.grant(a, ['standard']);
    await h.grant(b, ['standard']);
    expect(await list(a, 0, 20)).toMatchObject({ batches: [], total: 0 });

    const first = await batch(a, 'Birinci', [STORES.ok, STORES.hold]);
    h.clock.advance(60_000);
    const theirs = await batch(b, 'Komşunun');
    h.clock.advance(60_000);
    const second = await batch(a, 'İkinci');
    h.clock.advance(60_000);
    const third = await batch(a, 'Üçüncü');

    const page0 = await list(a, 0, 2);
    expect(page0.total).toBe(3);
    expect(page0.batches.map((x) => x.fileName)).toEqual(['Üçüncü', 'İkinci']);
    const page1 = await list(a, 1, 2);
    expect(page1.total).toBe(3);
    expect(page1.batches.map((x) => x.id)).toEqual([first.id]);
    // A page past the end: no batch, the total still.
    expect(await list(a, 5, 2)).toMatchObject({ batches: [], total: 3 });
    expect(page1.batches[0]!.todos.map((t) => t.storeUrl)).toEqual([store(STORES.ok), store(STORES.hold)]);
    expect(page1.batches[0]!.createdAt).toBe(first.createdAt);

    // The other user sees only theirs; an email in another case is the same user.
    const other = await list(b, 0, 20);
    expect(other.total).toBe(1);
    expect(other.batches.map((x) => x.id)).toEqual([theirs.id]);
    expect((await list('LISTER@example.com', 0, 20)).batches.map((x) => x.id)).toEqual([
      third.id,
      second.id,
      first.id,
    ]);
    // The size is kept within 1–100 (0: 20).
    expect((await list(a, 0, 0)).batches).toHaveLength(3);
    expect((await list(a, 0, 1000)).batches).toHaveLength(3);

    // The progress combines the scans: the held store runs on (its first page seen), the other ends.
    // Each item is then the batch as GetBatch gives it.
    const settled = await eventually(async () => {
      const r = (await list(a, 1, 2)).batches[0]!;
      return r.todos[0]!.status === 'COMPLETED' && r.todos[1]!.progress?.asinsFound === 16 ? r : undefined;
    });
    expect(settled).toMatchObject({ finished: 1, asinsFound: 56 });
    expect(settled).toEqual((await h.bus.request(h.S.getBatch, { userEmail: a, id: first.id })).batch);
  });

  it("counts a page of a batch's ASINs in PostgreSQL: how many of its stores carry each, the first that lists it (stored results and a running scan's list)", async () => {
    const u = 'counter@example.com';
    await h.grant(u, ['standard']);
    // The held store lists the first 16 of the 40 ASINs the other two stores list, and runs on.
    const made = await batch(u, 'Sayım', [STORES.hold, STORES.ok, STORES.ok]);
    const [held, ok1] = made.todos.map((t) => t.id);
    await eventually(async () => {
      const b = (await h.bus.request(h.S.getBatch, { userEmail: u, id: made.id })).batch!;
      return b.finished === 2 && b.todos[0]!.progress?.asinsFound === 16;
    });
    const count = (asins: string[], userEmail = u, id = made.id) =>
      h.bus.request(h.S.countBatchAsins, { userEmail, id, asins });
    const r = await count([OK_ASINS[20]!, 'B0UNKNOWN1', OK_ASINS[0]!, OK_ASINS[20]!]);
    expect(r.counts.map(({ asin, stores, firstScanId }) => ({ asin, stores, firstScanId }))).toEqual([
      { asin: OK_ASINS[20], stores: 2, firstScanId: ok1 },
      { asin: OK_ASINS[0], stores: 3, firstScanId: held },
    ]);
    // Deleting the first store's scan: the next one lists it first, two stores carry it.
    await h.bus.request(h.S.deleteTodo, { userEmail: u, id: held! });
    expect((await count([OK_ASINS[0]!])).counts).toMatchObject([
      { asin: OK_ASINS[0], stores: 2, firstScanId: ok1 },
    ]);
    // Another user's batch is not found; a page is at most 10,000 ASINs.
    await h.grant('stranger@example.com', ['standard']);
    expect(await failure(count([OK_ASINS[0]!], 'stranger@example.com'))).toMatchObject({
      code: 'NOT_FOUND',
      reason: 'batchNotFound',
    });
    expect(await failure(count(Array.from({ length: 10_001 }, () => OK_ASINS[0]!)))).toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
  });
});

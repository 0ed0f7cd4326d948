import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { BusError, codec } from '@shelfscan/bus';
import { scraperEventsV1, scraperV1 } from '@shelfscan/contracts';
import { eventually, startTestBed, startTestService, type TestBed } from '@shelfscan/testing';
import { DataSource } from 'typeorm';
import { startSimulator, type Simulator, type Store } from '@shelfscan/simulator';
import { scraperService } from '../src/scraper.service-host.js';
import { outboxEvents } from './helpers.js';

const S = scraperV1.ScraperService.method;

/**
 * The scraper service with its production engines (engine, per-department runner, ASIN checker,
 * polite client) against the marketplace simulator, on real PostgreSQL and the in-process bus.
 */
describe('scraper service: ASIN checks, departments and estimates on the simulator', () => {
  let sim: Simulator;
  let store: Store;
  let mx: Store;
  let large: Store;
  let bed: TestBed;
  let db: { ds: DataSource };

  beforeAll(async () => {
    sim = await startSimulator({
      port: 0,
      stores: [
        { seed: 'service-800', size: 800 },
        { seed: 'service-mx', size: 30, marketDomain: 'amazon.com.mx' },
        { seed: 'service-1500', size: 1500 },
      ],
    });
    [store, mx, large] = sim.stores;
    bed = await startTestBed();
    const service = await startTestService(scraperService, bed, {
      env: { MARKETPLACE_ORIGIN: sim.url, SCRAPER_REQUESTS_PER_SECOND: '1000', SCRAPER_WORKERS: '2' },
    });
    db = { ds: service.app.get(DataSource) };
  }, 60_000);

  afterAll(async () => {
    await bed?.stop();
    await sim?.close();
  });

  const publish = (data: Partial<scraperEventsV1.ScanRequested>) => {
    const bytes = codec.event(
      'shelfscan.scraper.v1.ScanRequested',
      { market: 'CA', userEmail: 'u@example.com', ...data },
      randomUUID(),
    );
    return bed.transports.client().publishEncoded('shelfscan.scraper.v1.ScanRequested', bytes);
  };
  const finished = (scanId: string) =>
    eventually(async () => {
      const s = await bed.bus.request(S.getScan, { scanId }).catch(() => undefined);
      return s && ['completed', 'failed'].includes(s.status) ? s : undefined;
    }, 30_000);

  it('runs an ASIN check as a durable job: a row per ASIN, the sold ones as its ASINs', async () => {
    const scanId = randomUUID();
    const asins = [store.asins[5], mx.asins[0], store.asins[9], 'B000000000', store.asins[5].toLowerCase()];
    await publish({ scanId, type: 'asin-check', asins, listLimit: 2720 });
    const done = await finished(scanId);
    expect(done).toMatchObject({ status: 'completed', pagesFetched: 4, asinsFound: 2 });
    expect(done.coverageLine).toBe(
      'Checked 4 ASINs on amazon.ca: 2 sold there, 0 currently unavailable, 2 not found.',
    );

    const page = await bed.bus.request(S.listAsinCheckItems, { scanId, offset: 0, limit: 3 });
    expect(page.total).toBe(4);
    expect(page.items.map((i) => [i.asin, i.state])).toEqual([
      [store.asins[5], 'sold'],
      [mx.asins[0], 'not-found'],
      [store.asins[9], 'sold'],
    ]);
    expect(page.items[0].title).toBe(store.titles[5]);
    const rest = await bed.bus.request(S.listAsinCheckItems, { scanId, offset: 3, limit: 3 });
    expect(rest.items.map((i) => i.asin)).toEqual(['B000000000']);

    const sold = await bed.bus.request(S.listScanAsins, { scanId, offset: 0, limit: 10 });
    expect(sold.asins).toEqual([store.asins[5], store.asins[9]]);
    const completed = (await outboxEvents(db.ds, scanId)).find((e) => e.topic === 'ScanCompleted');
    expect(completed?.message.asinsFound).toBe(2); // the count: the list is read page by page
  });

  it('refuses an ASIN check that is not one (bad ASIN, too many): ScanFailed INVALID_SCAN', async () => {
    const bad = randomUUID();
    await publish({ scanId: bad, type: 'asin-check', asins: ['B0SHORT'] });
    const tooMany = randomUUID();
    await publish({ scanId: tooMany, type: 'asin-check', asins: store.asins.slice(0, 3), listLimit: 2 });
    for (const scanId of [bad, tooMany]) {
      const failed = await finished(scanId);
      expect(failed.status).toBe('failed');
    }
    const events = await outboxEvents(db.ds, bad);
    expect(events.at(-1)).toMatchObject({ topic: 'ScanFailed', message: { code: 'INVALID_SCAN' } });
    expect(events.at(-1)?.message.reason).toBe('"B0SHORT" is not an ASIN (10 letters or digits).');
  });

  it('restricts a store scan to the departments of ScanRequested.category_node_ids', async () => {
    const [a, b] = store.roots.map((i) => store.nodes[i]);
    const scanId = randomUUID();
    await publish({ scanId, type: 'deep', sellerId: store.sellerId, categoryNodeIds: [a.id, b.id, '1'] });
    const done = await finished(scanId);
    expect(done.status).toBe('completed');
    const found = await bed.bus.request(S.listScanAsins, { scanId, offset: 0, limit: 10_000 });
    const expected = [...a.members, ...b.members].map((m) => store.asins[m]);
    expect(new Set(found.asins)).toEqual(new Set(expected));
    expect(found.total).toBe(expected.length);
  });

  it("estimates a scan before it starts from the engine's model for the store", async () => {
    const estimate = await bed.bus.request(S.estimateScan, {
      market: 'CA',
      sellerId: store.sellerId,
      type: 'deep',
      keyword: '',
      categoryNodeIds: [],
    });
    // 1000 requests a second with half of it as mean jitter: 1.25 ms a page.
    expect(estimate).toMatchObject({ reportedTotal: 800, reportedTotalIsLowerBound: false, msPerPage: 1 });
    expect(estimate.pages).toBeGreaterThanOrEqual(Math.ceil(800 / 16));
    expect(estimate.pages).toBeLessThanOrEqual(Math.ceil((800 / 16) * 1.15));
    const err = await bed.bus
      .request(S.estimateScan, {
        market: 'DE',
        sellerId: store.sellerId,
        type: 'deep',
        keyword: '',
        categoryNodeIds: [],
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BusError);
    expect((err as BusError).reason).toBe('estimateInvalid');
  });

  it('a Deep scan of an "over 1,000" store started after its estimate takes the count the estimate made', async () => {
    const ask = { market: 'CA', sellerId: large.sellerId, type: 'deep', keyword: '', categoryNodeIds: [] };
    const estimate = await bed.bus.request(S.estimateScan, ask);
    // Amazon says "over 1,000"; the estimate counted its price ranges.
    expect(estimate).toMatchObject({
      reportedTotal: 1000,
      reportedTotalIsLowerBound: true,
      countedTotal: 1500,
      countedTotalIsLowerBound: false,
    });
    const counted = randomUUID();
    await publish({ scanId: counted, type: 'deep', sellerId: large.sellerId, listLimit: 2720 });
    // A scan of a store with no estimate runs as before.
    const plain = randomUUID();
    await publish({ scanId: plain, type: 'deep', sellerId: store.sellerId, keyword: 'zzz', listLimit: 2720 });
    const specOf = async (id: string) =>
      ((await db.ds.query(`SELECT spec FROM scan_job WHERE id = $1`, [id])) as { spec: object }[])[0]?.spec;
    await eventually(() => specOf(counted), 10_000);
    expect(await specOf(counted)).toMatchObject({
      type: 'deep',
      sellerId: large.sellerId,
      expectedTotal: 1500,
    });
    await eventually(() => specOf(plain), 10_000);
    expect(await specOf(plain)).not.toHaveProperty('expectedTotal');
    const done = await finished(counted);
    expect(done).toMatchObject({ status: 'completed', asinsFound: 1500 });
  });
});

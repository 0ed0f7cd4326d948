import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { BusError, codec } from '@shelfscan/bus';
import { scraperEventsV1, scraperV1 } from '@shelfscan/contracts';
import { eventually, startTestBed, startTestService, type TestBed } from '@shelfscan/testing';
import { DataSource } from 'typeorm';
import { ScanEngines } from '../src/jobs/engine-factory.js';
import { scraperService } from '../src/scraper.service-host.js';
import { FakeEngine, makeAsins } from './fake-engine.js';
import { outboxEvents } from './helpers.js';

const SELLER = 'A1B2C3D4E5F6G7';
/** Scans of this seller end short of the store (the fake engine reports `partial`). */
const PARTIAL_SELLER = 'A9Z8Y7X6W5V4U3';

describe('scraper service on the in-process bus (real PostgreSQL)', () => {
  let bed: TestBed;
  let db: { ds: DataSource };
  const engines: FakeEngine[] = [];

  beforeAll(async () => {
    bed = await startTestBed();
    const fakeEngines: ScanEngines = {
      engineFor: (spec) => {
        const e = new FakeEngine(makeAsins(5_000), {
          pageDelayMs: 30,
          outcome: spec.sellerId === PARTIAL_SELLER ? 'partial' : 'complete',
        });
        engines.push(e);
        return e;
      },
    };
    const service = await startTestService(scraperService, bed, {
      env: { SCRAPER_WORKERS: '2', SCAN_LIST_LIMIT: '500' },
      overrides: [{ provide: ScanEngines, useValue: fakeEngines }],
    });
    db = { ds: service.app.get(DataSource) };
  });
  afterAll(() => bed.stop());

  const publish = (data: Partial<scraperEventsV1.ScanRequested>, messageId = randomUUID()) => {
    const bytes = codec.event(
      'shelfscan.scraper.v1.ScanRequested',
      { market: 'CA', sellerId: SELLER, type: 'standard', userEmail: 'u@example.com', ...data },
      messageId,
    );
    return bed.transports.client().publishEncoded('shelfscan.scraper.v1.ScanRequested', bytes);
  };
  const getScan = (scanId: string) => bed.bus.request(scraperV1.ScraperService.method.getScan, { scanId });

  it('runs a requested scan once even when the event is delivered twice, and publishes its events', async () => {
    const scanId = randomUUID();
    const messageId = randomUUID();
    await publish({ scanId, listLimit: 100 }, messageId);
    await publish({ scanId, listLimit: 100 }, messageId); // redelivery
    const done = await eventually(async () => {
      const s = await getScan(scanId).catch(() => undefined);
      return s?.status === 'completed' ? s : undefined;
    });
    expect(done).toMatchObject({ status: 'completed', asinsFound: 100, attempts: 1 });
    expect(done.coverageLine).toMatch(/Found 100 ASINs/);
    const jobs: unknown[] = await db.ds.query('SELECT id FROM scan_job WHERE id = $1', [scanId]);
    expect(jobs).toHaveLength(1);
    const events = await outboxEvents(db.ds, scanId);
    expect(events.filter((e) => e.topic === 'ScanStarted')).toHaveLength(1);
    expect(events.at(-1)).toMatchObject({ topic: 'ScanCompleted', message: { asins: [], asinsFound: 100 } });
    // The relay publishes them.
    await eventually(async () => {
      const left: unknown[] = await db.ds.query('SELECT id FROM outbox WHERE published_at IS NULL');
      return left.length === 0;
    });
  });

  it('a scan that ends short of the store is completed_partial in GetScan and ScanCompleted', async () => {
    const scanId = randomUUID();
    await publish({ scanId, sellerId: PARTIAL_SELLER, type: 'deep', listLimit: 80 });
    const done = await eventually(async () => {
      const s = await getScan(scanId).catch(() => undefined);
      return s && s.status !== 'queued' && s.status !== 'running' ? s : undefined;
    });
    expect(done).toMatchObject({ status: 'completed_partial', asinsFound: 80 });
    const completed = (await outboxEvents(db.ds, scanId)).find((e) => e.topic === 'ScanCompleted');
    expect(completed?.message.outcome).toBe('partial');
  });

  it('pages the stored ASINs of a scan in discovery order (ListScanAsins)', async () => {
    const scanId = randomUUID();
    await publish({ scanId, listLimit: 120 });
    await eventually(async () => (await getScan(scanId).catch(() => undefined))?.status === 'completed');
    const list = (offset: number, limit: number) =>
      bed.bus.request(scraperV1.ScraperService.method.listScanAsins, { scanId, offset, limit });
    const first = await list(0, 50);
    const last = await list(100, 50);
    expect(first).toMatchObject({ status: 'completed', total: 120, asins: makeAsins(50) });
    expect(last.asins).toEqual(makeAsins(120).slice(100));
    expect((await list(120, 50)).asins).toEqual([]);
    await expect(
      bed.bus.request(scraperV1.ScraperService.method.listScanAsins, {
        scanId: randomUUID(),
        offset: 0,
        limit: 1,
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('pages what a scan saw of each ASIN in the same order (ListScanItems), books marked', async () => {
    const scanId = randomUUID();
    await publish({ scanId, listLimit: 60 });
    await eventually(async () => (await getScan(scanId).catch(() => undefined))?.status === 'completed');
    const items = (offset: number, limit: number) =>
      bed.bus.request(scraperV1.ScraperService.method.listScanItems, { scanId, offset, limit });
    const page = await items(10, 20);
    expect(page).toMatchObject({ status: 'completed', total: 60 });
    expect(page.items.map((i) => i.asin)).toEqual(makeAsins(30).slice(10));
    // The fake engine reports no facts: the rows carry the ASIN alone.
    expect(page.items[0].title).toBeUndefined();
    expect(page.items[0].price).toBeUndefined();
    expect(page.items[0]).toMatchObject({ firstPage: 0, firstQuery: '', sponsored: false, prime: false });
    expect(page.items.every((i) => i.book === /^\d{9}[\dX]$/.test(i.asin))).toBe(true);
    await expect(items(0, 0).then((r) => r.items.length)).resolves.toBe(60);
    await expect(
      bed.bus.request(scraperV1.ScraperService.method.listScanItems, {
        scanId: randomUUID(),
        offset: 0,
        limit: 1,
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('counts which of some scans carry each ASIN, and the first of them (CountScanAsins)', async () => {
    const [short, long] = [randomUUID(), randomUUID()];
    await publish({ scanId: short, listLimit: 30 });
    await publish({ scanId: long, listLimit: 70 });
    for (const scanId of [short, long])
      await eventually(async () => (await getScan(scanId).catch(() => undefined))?.status === 'completed');
    const asins = makeAsins(70);
    const count = (scanIds: string[], of: string[]) =>
      bed.bus.request(scraperV1.ScraperService.method.countScanAsins, { scanIds, asins: of });
    // A scan id that is no scan (not even a uuid) keeps the others' places.
    const r = await count(['not-a-scan', long, short], [asins[69]!, 'B0NOWHERE1', asins[5]!]);
    expect(Object.fromEntries(r.asins.map((a) => [a.asin, { scans: a.scans, first: a.first }]))).toEqual({
      [asins[5]!]: { scans: 2, first: 1 },
      [asins[69]!]: { scans: 1, first: 1 },
    });
    expect((await count([short, long], [asins[5]!])).asins).toMatchObject([{ scans: 2, first: 0 }]);
    await expect(
      count(
        Array.from({ length: 51 }, () => short),
        [asins[0]!],
      ),
    ).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
  });

  it('caps the list limit at SCAN_LIST_LIMIT', async () => {
    const scanId = randomUUID();
    await publish({ scanId, listLimit: 0 });
    const done = await eventually(async () => {
      const s = await getScan(scanId).catch(() => undefined);
      return s?.status === 'completed' ? s : undefined;
    });
    expect(done.asinsFound).toBe(500);
  });

  it('records a request it cannot run as failed, with a readable reason', async () => {
    const scanId = randomUUID();
    await publish({ scanId, market: 'DE' });
    const failed = await eventually(async () => {
      const s = await getScan(scanId).catch(() => undefined);
      return s?.status === 'failed' ? s : undefined;
    });
    expect(failed.error).toBe('The market "DE" is not one ShelfScan scans.');
    expect((await outboxEvents(db.ds, scanId)).map((e) => [e.topic, e.message.code])).toEqual([
      ['ScanFailed', 'INVALID_SCAN'],
    ]);
  });

  it('cancels a running scan over the bus within seconds', async () => {
    const scanId = randomUUID();
    await publish({ scanId, type: 'deep', listLimit: 5_000 });
    await eventually(async () => ((await getScan(scanId).catch(() => undefined))?.asinsFound ?? 0) >= 32);
    const asked = Date.now();
    const res = await bed.bus.request(scraperV1.ScraperService.method.cancelScan, { scanId });
    expect(['running', 'cancelled']).toContain(res.status);
    await eventually(async () => (await getScan(scanId)).status === 'cancelled');
    expect(Date.now() - asked).toBeLessThan(3_000);
  });

  it('answers NOT_FOUND for an unknown scan', async () => {
    await expect(getScan(randomUUID())).rejects.toBeInstanceOf(BusError);
    await expect(getScan(randomUUID())).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

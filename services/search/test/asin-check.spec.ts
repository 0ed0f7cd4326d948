import { billingEventsV1, scraperEventsV1 } from '@shelfscan/contracts';
import { DataSource } from 'typeorm';
import { eventually, failure } from '@shelfscan/testing';
import { progressPercent } from '../src/todos/scan-events.service.js';
import { STORES, asinsOf, ranSpecs, startSearchHarness, type SearchHarness } from './harness.js';

/**
 * The ASIN check, categories sent to the scraper, the estimate before a scan and live progress:
 * the search service with the real scraper (scripted engine) on real PostgreSQL, every event
 * delivered twice, a ManualClock.
 */
describe('search service: ASIN checks, categories, estimates, progress', () => {
  let h: SearchHarness;
  beforeAll(async () => {
    h = await startSearchHarness();
  }, 60_000);
  afterAll(() => h.stop(), 60_000);

  const done = (t: { status: string }) => !['PENDING', 'PROCESSING'].includes(t.status);
  const check = (userEmail: string, input: { fileName?: string; market?: string; asins?: string } = {}) =>
    h.bus.request(h.S.createAsinCheck, {
      userEmail,
      fileName: 'Kontrol listesi',
      market: 'CA',
      asins: 'B0SOLD0001, B0NOT00002\nB0SOLD0003 B0OFF00004',
      ...input,
    });
  const table = (
    userEmail: string,
    id: string,
    extra: { offset?: number; limit?: number; forDownload?: boolean } = {},
  ) => h.bus.request(h.S.listAsinCheck, { userEmail, id, offset: 0, limit: 0, forDownload: false, ...extra });

  describe('the ASIN check', () => {
    const u = 'checker@example.com';
    beforeAll(() => h.grant(u, ['standard']));

    it.each([
      [{ fileName: ' ' }, 'fileName', 'required'],
      [{ market: '' }, 'market', 'required'],
      [{ market: 'DE' }, 'market', 'marketInvalid'],
      [{ asins: ' , \n' }, 'asins', 'required'],
      [{ asins: 'B0SOLD0001, B0SHORT' }, 'asins', 'asinInvalid'],
      [{ asins: 'B0SOLD0001,B0SOLD0001-X' }, 'asins', 'asinInvalid'],
    ])('%j → 422 %s %s', async (input, field, msg) => {
      const err = await failure(check(u, input));
      expect(err).toMatchObject({ code: 'INVALID_ARGUMENT' });
      expect(err.violations).toContainEqual({ field, msg });
    });

    it('takes at most the list limit (a system parameter)', async () => {
      const err = await failure(check(u, { asins: asinsOf(2721).join(' ') }));
      expect(err.violations).toContainEqual({ field: 'asins', msg: 'asinTooMany' });
    });

    it('needs the Standard plan', async () => {
      const err = await failure(check('no-plan-checker@example.com'));
      expect(err).toMatchObject({ code: 'FAILED_PRECONDITION', reason: 'noStandardPlan' });
    });

    it('runs as a scan job: counts against the standard quota, ends with a row per ASIN and the sold ones to download', async () => {
      const before = await h.bus.request(h.S.getQuota, { userEmail: u });
      const { todo } = await check(u, { asins: 'b0sold0001, B0NOT00002\nB0SOLD0003 B0OFF00004 B0SOLD0001' });
      expect(todo).toMatchObject({
        searchType: 'asinCheck',
        status: 'PENDING',
        market: 'CA',
        asinListSize: 4,
      });
      expect(todo!.storeUrl).toBeUndefined();
      const after = await h.bus.request(h.S.getQuota, { userEmail: u });
      expect(after.standardDayUsed).toBe(before.standardDayUsed + 1);
      expect(after.standardMonthUsed).toBe(before.standardMonthUsed + 1);
      const finished = await h.todoWhen(u, todo!.id, done);
      expect(finished).toMatchObject({ status: 'COMPLETED', asinCount: 2, asinListSize: 4 });
      // The facts the web app words ("4 ASINs checked: 2 sold there, ..."), not only the English line.
      expect(finished!.coverage).toMatchObject({
        found: 2,
        asinCheck: { checked: 4, sold: 2, unavailable: 1, notFound: 1 },
      });
      // The scraper got the ASINs upper-cased, once each, in the order typed.
      const ran = ranSpecs.filter((s) => s.type === 'asin-check').at(-1);
      expect(ran).toMatchObject({ asins: ['B0SOLD0001', 'B0NOT00002', 'B0SOLD0003', 'B0OFF00004'] });
      const rows = await table(u, todo!.id);
      expect(rows).toMatchObject({ total: 4, fileName: 'Kontrol listesi', market: 'CA', done: true });
      expect(rows.rows.map((r) => [r.asin, r.state])).toEqual([
        ['B0SOLD0001', 'sold'],
        ['B0NOT00002', 'not-found'],
        ['B0SOLD0003', 'sold'],
        ['B0OFF00004', 'unavailable'],
      ]);
      expect(rows.rows[0]).toMatchObject({
        title: 'Ürün B0SOLD0001 "çift", tırnak',
        priceText: '$1.99',
        price: 1.99,
        currency: 'CAD',
        stars: 4.5,
        reviewCount: 1000,
        amazonsChoice: true,
        bestSeller: true,
      });
      expect(rows.rows[1]).toMatchObject({ state: 'not-found', title: '', priceText: '' });
      expect(rows.rows[1].price).toBeUndefined();
      expect(rows.rows[1].stars).toBeUndefined();
      // Paged, from the stored copy (the scraper's rows are not needed any more).
      const second = await table(u, todo!.id, { offset: 2, limit: 2 });
      expect(second.rows.map((r) => r.asin)).toEqual(['B0SOLD0003', 'B0OFF00004']);
      const stored: { n: string }[] = await h.searchDb.query(
        'SELECT count(*) AS n FROM todo_asin_check WHERE todo_id = $1',
        [todo!.id],
      );
      expect(Number(stored[0].n)).toBe(4);
      // The .txt download: the ASINs sold there.
      expect(await h.download(u, todo!.id)).toEqual(['B0SOLD0001', 'B0SOLD0003']);
    });

    it('runs again with the same ASINs, and is another user’s 404', async () => {
      const { todo } = await check(u, { asins: 'B0SOLD0009 B0NOT00009' });
      await h.todoWhen(u, todo!.id, done);
      const again = await h.bus.request(h.S.rerunScan, { userEmail: u, id: todo!.id });
      expect(again.todo).toMatchObject({
        searchType: 'asinCheck',
        asinListSize: 2,
        fileName: 'Kontrol listesi',
      });
      await h.todoWhen(u, again.todo!.id, done);
      expect((await table(u, again.todo!.id)).rows.map((r) => r.asin)).toEqual(['B0SOLD0009', 'B0NOT00009']);
      // One call at a time: a rejected promise made before its turn would be unhandled meanwhile.
      for (const call of [
        () => table('intruder@example.com', todo!.id),
        () => table('intruder@example.com', todo!.id, { forDownload: true }),
      ])
        expect(await failure(call())).toMatchObject({ code: 'NOT_FOUND', reason: 'searchNotFound' });
    });

    it('a store scan has no table (404); a download of the table needs an active plan', async () => {
      const { todo: scan } = await h.create(u);
      expect(await failure(table(u, scan!.id))).toMatchObject({ code: 'NOT_FOUND' });
      const v = 'expired-checker@example.com';
      const sub = await h.grant(v, ['standard']);
      const { todo } = await check(v);
      await h.todoWhen(v, todo!.id, done);
      await h.publish(billingEventsV1.PlanExpiredSchema, {
        subscriptionId: sub,
        userEmail: v,
        reason: 'revoked',
      });
      await eventually(async () => !(await h.bus.request(h.S.getQuota, { userEmail: v })).plans?.standard);
      expect(await failure(table(v, todo!.id, { forDownload: true }))).toMatchObject({
        code: 'FAILED_PRECONDITION',
        reason: 'noActivePlanForDownload',
      });
      // Looking at it on the dashboard is still allowed.
      expect((await table(v, todo!.id)).total).toBe(4);
    });
  });

  describe('categories', () => {
    it('sends the chosen departments to the scraper; "All Categories" (node 1) is no restriction', async () => {
      const u = 'categories@example.com';
      await h.grant(u, ['standard', 'deep']);
      const { todo } = await h.create(u, {
        searchType: 'deep',
        categories: ['667823011', '2242989011', '1'],
      });
      expect(todo!.categories).toEqual(['667823011', '2242989011', '1']);
      await h.todoWhen(u, todo!.id, done);
      const ran = ranSpecs.filter((s) => s.type === 'deep' && s.sellerId === STORES.ok).at(-1);
      expect(ran).toMatchObject({ categories: ['667823011', '2242989011'] });
      const all = await h.create(u, { categories: ['1'] });
      await h.todoWhen(u, all.todo!.id, done);
      expect(ranSpecs.at(-1)).not.toHaveProperty('categories');
    });
  });

  describe('the estimate before a scan', () => {
    const u = 'estimate@example.com';
    beforeAll(() => h.grant(u, ['deep']));
    const estimate = (input: Record<string, unknown> = {}) =>
      h.bus.request(h.S.estimateScan, {
        userEmail: u,
        searchType: 'deep',
        storeUrl: `https://www.amazon.ca/s?me=${STORES.ok}`,
        market: 'CA',
        keyword: '',
        categories: [],
        ...input,
      });

    it("is the engine's estimate for the store, per department chosen", async () => {
      expect(await estimate()).toMatchObject({ etaSeconds: 6, pages: 3, reportedTotal: 40, maxPages: 0 });
      // Another store (the store's first estimate is kept for every query on it: see the scraper's tests).
      const other = { storeUrl: 'https://www.amazon.ca/s?me=ADEPARTMENTS1' };
      expect(await estimate({ ...other, categories: ['667823011', '2242989011', '1'] })).toMatchObject({
        etaSeconds: 12,
        reportedTotal: 80,
      });
    });

    it('carries the count of an "over 1,000" store made by its price ranges, and says when it is a lower bound', async () => {
      expect(await estimate({ storeUrl: `https://www.amazon.ca/s?me=${STORES.over}` })).toMatchObject({
        reportedTotal: 1000,
        reportedTotalIsLowerBound: true,
        countedTotal: 4200,
        countedTotalIsLowerBound: true,
        maxPages: 170,
      });
      expect(await estimate()).toMatchObject({ countedTotal: 0, countedTotalIsLowerBound: false });
    });

    it('is -1 when the store cannot be probed now (the screen shows the general wait)', async () => {
      expect(await estimate({ storeUrl: `https://www.amazon.ca/s?me=${STORES.blocked}` })).toMatchObject({
        etaSeconds: -1,
      });
    });

    it('needs the plan of the scan type, as creating the scan does (a free account probes nothing)', async () => {
      const free = 'estimate-free@example.com';
      expect(await failure(estimate({ userEmail: free }))).toMatchObject({
        code: 'FAILED_PRECONDITION',
        reason: 'noDeepPlan',
      });
      await h.grant(free, ['standard']);
      expect(await failure(estimate({ userEmail: free }))).toMatchObject({ reason: 'noDeepPlan' });
      expect(await estimate({ userEmail: free, searchType: 'standard' })).toMatchObject({ etaSeconds: 6 });
    });

    it('a user gets search.estimate.hourlyLimit (10) estimates a clock hour; the 11th is a 429 until the next hour', async () => {
      const busy = 'estimate-busy@example.com';
      await h.grant(busy, ['deep']);
      h.clock.set(new Date('2030-01-15T10:59:00Z'));
      try {
        for (let i = 0; i < 10; i++)
          expect(await estimate({ userEmail: busy, keyword: `k${i}` })).toMatchObject({ etaSeconds: 6 });
        const err = await failure(estimate({ userEmail: busy, keyword: 'k10' }));
        expect(err).toMatchObject({ code: 'RESOURCE_EXHAUSTED', reason: 'estimateTooMany' });
        expect(err.options).toMatchObject({ retryAfterSeconds: 60, retryAt: '2030-01-15T11:00:00.000Z' });
        // Another user is not affected.
        expect(await estimate()).toMatchObject({ etaSeconds: 6 });
        h.clock.set(new Date('2030-01-15T11:00:00Z'));
        expect(await estimate({ userEmail: busy })).toMatchObject({ etaSeconds: 6 });
      } finally {
        h.clock.set(new Date('2030-01-15T09:00:00Z'));
      }
    });

    it('checks the store link as a scan does', async () => {
      const err = await failure(estimate({ storeUrl: `https://www.amazon.co.uk/s?me=${STORES.ok}` }));
      expect(err).toMatchObject({ code: 'INVALID_ARGUMENT', reason: 'storeUrlInvalid' });
      expect(err.violations).toContainEqual({ field: 'storeUrl', msg: 'storeUrlWrongMarket' });
    });
  });

  describe('live progress', () => {
    it('the progress bar is the time run against that time plus the ETA (an ASIN check: ASINs checked)', () => {
      const startedAt = new Date('2030-01-15T09:00:00Z');
      const at = new Date('2030-01-15T09:00:30Z');
      const evt = { pagesFetched: 3, asinsFound: 48, reportedTotal: 1000, etaSeconds: 90 };
      expect(progressPercent({ searchType: 'deep', startedAt }, evt, at)).toBe(25);
      expect(progressPercent({ searchType: 'deep', startedAt }, { ...evt, etaSeconds: -1 }, at)).toBe(4);
      expect(progressPercent({ searchType: 'asinCheck', startedAt }, { ...evt, reportedTotal: 12 }, at)).toBe(
        25,
      );
      expect(progressPercent({ searchType: 'standard', startedAt }, { ...evt, etaSeconds: 0 }, at)).toBe(99);
    });

    it('the bar never goes back, and "0 s left" between two queries keeps the last ETA', async () => {
      const u = 'smooth@example.com';
      await h.grant(u, ['standard']);
      const { todo } = await h.create(u, { storeUrl: `https://www.amazon.ca/s?me=${STORES.hold}` });
      await h.todoWhen(u, todo!.id, (t) => t.progress?.pagesFetched === 1);
      const progressed = async (data: Record<string, unknown>) => {
        await h.publish(scraperEventsV1.ScanProgressedSchema, { scanId: todo!.id, ...data });
        return h.todoWhen(u, todo!.id, (t) => t.progress?.pagesFetched === data.pagesFetched);
      };
      const base = { asinsFound: 160, reportedTotal: 1000, reportedTotalIsLowerBound: true };
      // "0 s left" with a query to run (a fast page rounded down): the first page's 30 s stands.
      let t = await progressed({ ...base, pagesFetched: 9, partitionsLeft: 1, etaSeconds: 0 });
      expect(t.progress).toMatchObject({ percent: 0, etaSeconds: 30 });
      h.clock.advance(30_000);
      t = await progressed({ ...base, pagesFetched: 10, partitionsLeft: 2, etaSeconds: 90 });
      expect(t.progress).toMatchObject({ percent: 25, etaSeconds: 90, reportedTotalIsLowerBound: true });
      // Between two queries the engine says 0 s: the card keeps 90 s and 25 %.
      t = await progressed({ ...base, pagesFetched: 11, partitionsLeft: 1, etaSeconds: 0 });
      expect(t.progress).toMatchObject({ percent: 25, etaSeconds: 90 });
      // A longer ETA than before (the next query is bigger): the bar stays where it was.
      t = await progressed({ ...base, pagesFetched: 12, partitionsLeft: 1, etaSeconds: 600 });
      expect(t.progress).toMatchObject({ percent: 25, etaSeconds: 600 });
      h.clock.advance(570_000);
      t = await progressed({ ...base, pagesFetched: 13, partitionsLeft: 1, etaSeconds: 200 });
      expect(t.progress).toMatchObject({ percent: 75, etaSeconds: 200 });
      await h.bus.request(h.S.deleteTodo, { userEmail: u, id: todo!.id });
    });

    it('a progress event shows on the scan within milliseconds of the scraper writing it', async () => {
      const u = 'live@example.com';
      await h.grant(u, ['standard']);
      const t0 = new Date();
      const { todo } = await h.create(u, { storeUrl: `https://www.amazon.ca/s?me=${STORES.hold}` });
      const seen = await eventually(async () => {
        const t = await h.get(u, todo!.id);
        return t.progress?.pagesFetched === 1 ? { t, at: Date.now() } : undefined;
      });
      expect(seen.t.progress).toMatchObject({
        asinsFound: 16,
        reportedTotal: 100,
        etaSeconds: 30,
        percent: 0,
      });
      // When the scraper wrote the event (its outbox row), on the same machine's clock.
      const scraperDb = new DataSource({ type: 'postgres', url: h.dbUrl, schema: 'scraper' });
      await scraperDb.initialize();
      try {
        const rows: { created_at: Date }[] = await scraperDb.query(
          `SELECT created_at FROM scraper.outbox WHERE topic = $1 AND created_at >= $2 ORDER BY created_at LIMIT 1`,
          [scraperEventsV1.ScanProgressedSchema.typeName, t0],
        );
        const latencyMs = seen.at - rows[0]!.created_at.getTime();
        // Of the 2 s in which a change shows on the dashboard, the browser's poll takes up to 1 s; the
        // outbox relay, the bus and the search service have the other (tens of ms on an idle machine).
        expect(latencyMs).toBeLessThan(1000);
      } finally {
        await scraperDb.destroy();
      }
      await h.bus.request(h.S.deleteTodo, { userEmail: u, id: todo!.id });
    });
  });
});

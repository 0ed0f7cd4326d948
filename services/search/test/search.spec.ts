import { codec } from '@shelfscan/bus';
import { billingEventsV1, eventTopic, scraperEventsV1 } from '@shelfscan/contracts';
import { SystemParameters } from '@shelfscan/service';
import { eventually, failure } from '@shelfscan/testing';
import { DataSource } from 'typeorm';
import { OK_ASINS, STORES, asinsOf, startSearchHarness, type SearchHarness } from './harness.js';

/** The admin the dashboard's admin-only calls are made as (the gateway asserts its token's subject). */
const ADMIN = { email: 'admin@x', roles: ['ROLE_ADMIN'] };

/**
 * The search service with the real scraper (scripted engine) on real PostgreSQL; every event is
 * delivered twice. The search service's clock is a ManualClock (2030-01-15 12:00 in Istanbul).
 */
describe('search service (real PostgreSQL, in-process bus)', () => {
  let h: SearchHarness;
  beforeAll(async () => {
    h = await startSearchHarness();
  }, 60_000);
  afterAll(() => h.stop(), 60_000);

  const done = (t: { status: string }) => !['PENDING', 'PROCESSING'].includes(t.status);

  describe('plan gating', () => {
    it('needs the plan of each scan type, an active one', async () => {
      const u = 'plans@example.com';
      expect(await failure(h.create(u))).toMatchObject({
        code: 'FAILED_PRECONDITION',
        reason: 'noStandardPlan',
      });
      await h.grant(u, ['standard']);
      const deep = await failure(h.create(u, { searchType: 'deep' }));
      expect(deep).toMatchObject({ code: 'FAILED_PRECONDITION', reason: 'noDeepPlan' });
      const functional = await failure(h.create(u, { searchType: 'functional' }));
      expect(functional.reason).toBe('noFunctionalPlan');
      expect((await h.create(u)).todo).toMatchObject({ searchType: 'standard', status: 'PENDING' });
    });

    it('counts a plan only within [period_start, period_end), until it expires; a cancelled one runs to its end', async () => {
      const u = 'periods@example.com';
      const sub = await h.grant(u, ['deep'], { days: 2 });
      expect((await h.create(u, { searchType: 'deep' })).todo.searchType).toBe('deep');
      await h.publish(billingEventsV1.PlanCancelledSchema, {
        subscriptionId: sub,
        userEmail: u,
        periodEnd: new Date(h.clock.nowMs() + 86_400_000).toISOString(),
      });
      await eventually(async () => {
        const rows: unknown[] = await h.searchDb.query(
          'SELECT 1 FROM user_plan WHERE subscription_id = $1 AND cancelled',
          [sub],
        );
        return rows.length === 1;
      });
      expect((await h.bus.request(h.S.getQuota, { userEmail: u })).plans?.deep).toBe(true);
      const before = h.clock.now();
      h.clock.advance(86_400_000); // period_end reached
      expect((await failure(h.create(u, { searchType: 'deep' }))).reason).toBe('noDeepPlan');
      h.clock.set(before);
      await h.publish(billingEventsV1.PlanExpiredSchema, {
        subscriptionId: sub,
        userEmail: u,
        reason: 'revoked',
      });
      await eventually(async () => !(await h.bus.request(h.S.getQuota, { userEmail: u })).plans?.deep);
      expect((await failure(h.create(u, { searchType: 'deep' }))).reason).toBe('noDeepPlan');
    });
  });

  describe('validation and market rules', () => {
    const u = 'rules@example.com';
    beforeAll(() => h.grant(u, ['standard', 'deep', 'functional']));

    it.each([
      [{ fileName: '  ' }, 'fileName', 'required', 'required'],
      [{ storeUrl: '' }, 'storeUrl', 'required', 'required'],
      [{ storeUrl: 'my favourite store' }, 'storeUrl', 'storeUrlNotAUrl', 'storeUrlInvalid'],
      [{ storeUrl: 'https://www.ebay.com/str/x' }, 'storeUrl', 'storeUrlNotAmazon', 'storeUrlInvalid'],
      [{ storeUrl: 'https://www.amazon.ca/s?k=tent' }, 'storeUrl', 'storeUrlNoSellerId', 'storeUrlInvalid'],
      [
        { storeUrl: `https://www.amazon.co.uk/s?me=${STORES.ok}` },
        'storeUrl',
        'storeUrlWrongMarket',
        'storeUrlInvalid',
      ],
      [
        { searchType: 'deep', market: 'AU', storeUrl: `https://www.amazon.com.au/s?me=${STORES.ok}` },
        'market',
        'deepNotInMarket',
        'deepNotInMarket',
      ],
      [
        { searchType: 'deep', market: 'SG', storeUrl: `https://www.amazon.sg/s?me=${STORES.ok}` },
        'market',
        'deepNotInMarket',
        'deepNotInMarket',
      ],
      [
        { searchType: 'functional', market: 'AE', storeUrl: `https://www.amazon.ae/s?me=${STORES.ok}` },
        'market',
        'functionalNotInMarket',
        'functionalNotInMarket',
      ],
      [
        { searchType: 'functional', market: 'UK', storeUrl: `https://www.amazon.co.uk/s?me=${STORES.ok}` },
        'market',
        'functionalNotInMarket',
        'functionalNotInMarket',
      ],
      [
        { searchType: 'functional', filters: { minStar: 4, maxStar: 2 } },
        'maxStar',
        'rangeInvalid',
        'rangeInvalid',
      ],
      [
        { searchType: 'functional', filters: { minPrice: 30, maxPrice: 10 } },
        'maxPrice',
        'rangeInvalid',
        'rangeInvalid',
      ],
    ])('%j → %s %s', async (input, field, msg, reason) => {
      const err = await failure(h.create(u, input as never));
      expect(err).toMatchObject({ code: 'INVALID_ARGUMENT', reason });
      expect(err.violations).toContainEqual({ field, msg });
    });

    it('accepts deep in CA, AE, MX, UK and functional in CA, MX with its filters', async () => {
      for (const [market, host] of [
        ['AE', 'amazon.ae'],
        ['MX', 'amazon.com.mx'],
        ['UK', 'amazon.co.uk'],
      ]) {
        const r = await h.create(u, { searchType: 'deep', market, storeUrl: `${host}/s?me=${STORES.ok}` });
        expect(r.todo).toMatchObject({ searchType: 'deep', market });
      }
      const f = await h.create(u, {
        searchType: 'functional',
        market: 'MX',
        storeUrl: `https://www.amazon.com.mx/sp?seller=${STORES.ok}`,
        keyword: 'funda',
        categories: ['9482558011'],
        filters: { amazonChoice: true, minStar: 3, maxStar: 5, minPrice: 0, maxPrice: 100 },
      });
      expect(f.todo).toMatchObject({
        searchType: 'FUNCTIONAL',
        keyword: 'funda',
        categories: ['9482558011'],
        amazonChoice: true,
        bestSeller: false,
        minStar: 3,
        maxStar: 5,
        minPrice: 0,
        maxPrice: 100,
        sellerId: STORES.ok,
      });
    });
  });

  describe('quotas', () => {
    it('accepts exactly 15 of 50 simultaneous standard requests; the 16th right comes back at Istanbul midnight', async () => {
      const u = 'quota@example.com';
      await h.grant(u, ['standard', 'functional', 'deep']);
      h.clock.set('2030-03-10T20:00:00Z'); // 23:00 in Istanbul
      const results = await Promise.allSettled(
        Array.from({ length: 50 }, (_, i) => h.create(u, i % 5 === 0 ? { searchType: 'functional' } : {})),
      );
      const accepted = results.filter((r) => r.status === 'fulfilled');
      const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
      expect(accepted).toHaveLength(15);
      expect(refused).toHaveLength(35);
      for (const err of refused) {
        expect(err).toMatchObject({ code: 'RESOURCE_EXHAUSTED', reason: 'noRemainingDailySearchRights' });
        expect(err.options).toMatchObject({ retryAt: '2030-03-10T21:00:00.000Z', retryAfterSeconds: 3600 });
      }
      const quota = await h.bus.request(h.S.getQuota, { userEmail: u });
      expect(quota).toMatchObject({
        standardDayUsed: 15,
        standardDayLimit: 15,
        standardMonthUsed: 15,
        standardMonthLimit: 450,
        deepDayUsed: 0,
        deepDayLimit: 5,
        listLimit: 2720,
        nextDayAt: '2030-03-10T21:00:00.000Z',
      });
      // Deep has its own daily counter.
      expect((await h.create(u, { searchType: 'deep' })).todo.searchType).toBe('deep');

      h.clock.set('2030-03-10T20:59:59Z'); // 23:59:59 in Istanbul: still the same day
      expect((await failure(h.create(u))).reason).toBe('noRemainingDailySearchRights');
      h.clock.set('2030-03-10T21:00:00Z'); // midnight in Istanbul (18:00 the day before in... UTC is 21:00)
      expect((await h.create(u)).todo.status).toBe('PENDING');
      const next = await h.bus.request(h.S.getQuota, { userEmail: u });
      expect(next).toMatchObject({
        standardDayUsed: 1,
        standardMonthUsed: 16,
        nextDayAt: '2030-03-11T21:00:00.000Z',
      });
    });

    it('allows 5 deep scans a day (then noRemainingDailyDeepSearchRights), and the monthly standard limit answers monthlySearchLimitExceeded until the 1st', async () => {
      const u = 'monthly@example.com';
      await h.grant(u, ['standard', 'deep']);
      h.clock.set('2030-04-30T12:00:00Z');
      for (let i = 0; i < 5; i++) await h.create(u, { searchType: 'deep' });
      const deep = await failure(h.create(u, { searchType: 'deep' }));
      expect(deep).toMatchObject({ reason: 'noRemainingDailyDeepSearchRights' });
      expect(deep.options.retryAt).toBe('2030-04-30T21:00:00.000Z');

      const params = h.searchApp().get(SystemParameters);
      params.apply([{ ...params.get('search.standard.monthlyLimit')!, value1: '2' }]);
      try {
        await h.create(u);
        await h.create(u);
        const monthly = await failure(h.create(u));
        expect(monthly).toMatchObject({ code: 'RESOURCE_EXHAUSTED', reason: 'monthlySearchLimitExceeded' });
        expect(monthly.options.retryAt).toBe('2030-04-30T21:00:00.000Z'); // 1 May 00:00 in Istanbul
        h.clock.set('2030-04-30T21:00:00Z');
        expect((await h.create(u)).todo.status).toBe('PENDING');
      } finally {
        params.apply([{ ...params.get('search.standard.monthlyLimit')!, value1: '450' }]);
      }
    });
  });

  describe('scans end to end (events delivered twice)', () => {
    const u = 'runner@example.com';
    beforeAll(async () => {
      h.clock.set('2030-06-01T09:00:00Z');
      await h.grant(u, ['standard', 'deep', 'functional']);
    });

    it('requests the scan, follows its progress and stores its result once', async () => {
      const { todo } = await h.create(u, { fileName: 'Çanta ve şapka' });
      expect(todo).toMatchObject({
        state: 'pending',
        status: 'PENDING',
        asinCount: 0,
        fileName: 'Çanta ve şapka',
      });
      const t = await h.todoWhen(u, todo.id, done);
      expect(t).toMatchObject({
        status: 'COMPLETED',
        state: 'completed',
        asinCount: 40,
        reportedTotal: 40,
        coverageLine: 'Found 40 ASINs of the 40 Amazon reports (100%).',
        // The facts of that line, for the web app to word in the user's language.
        coverage: { found: 40, reported: 40, reportedIsLowerBound: false, filtered: false, unreached: 0 },
        searchCompleteDate: '2030-06-01T09:00:00.000Z',
      });
      expect(t.progress).toBeUndefined();
      expect(await h.download(u, todo.id)).toEqual(OK_ASINS);
      const stored: { n: string }[] = await h.searchDb.query(
        'SELECT count(*) AS n FROM todo_asin WHERE todo_id = $1',
        [todo.id],
      );
      expect(Number(stored[0]!.n)).toBe(40);
    });

    it('shows progress while running and serves the partial list', async () => {
      const { todo } = await h.create(u, { seller: STORES.hold });
      const running = await h.todoWhen(u, todo.id, (t) => t.status === 'PROCESSING' && t.asinCount === 16);
      expect(running).toMatchObject({
        state: 'ongoing',
        // The bar is the time run against that time plus the ETA: no time has passed on the clock.
        progress: { pagesFetched: 1, asinsFound: 16, etaSeconds: 30, reportedTotal: 100, percent: 0 },
      });
      expect(await h.download(u, todo.id, 5)).toEqual(asinsOf(16));
      await h.bus.request(h.S.deleteTodo, { userEmail: u, id: todo.id });
    });

    it('deletes a running scan: cancelled at the scraper first, then gone', async () => {
      const { todo } = await h.create(u, { seller: STORES.hold });
      await h.todoWhen(u, todo.id, (t) => t.status === 'PROCESSING');
      await h.bus.request(h.S.deleteTodo, { userEmail: u, id: todo.id });
      expect(await failure(h.get(u, todo.id))).toMatchObject({ code: 'NOT_FOUND' });
      await eventually(async () => (await h.scanStatus(todo.id)) === 'cancelled');
      const list = await h.bus.request(h.S.listTodos, { userEmail: u, size: 100 });
      expect(list.todos.map((t) => t.id)).not.toContain(todo.id);
    });

    it('gives the right back for failures that are not the user’s, not for a wrong store or a cancel', async () => {
      const used = async () => (await h.bus.request(h.S.getQuota, { userEmail: u })).standardDayUsed;
      const start = await used();
      const internal = (await h.create(u, { seller: STORES.internal })).todo;
      const blocked = (await h.create(u, { seller: STORES.blocked })).todo;
      const missing = (await h.create(u, { seller: STORES.missing })).todo;
      const held = (await h.create(u, { seller: STORES.hold })).todo;
      expect(await h.todoWhen(u, internal.id, done)).toMatchObject({
        status: 'FAILED',
        failureCode: 'INTERNAL',
        state: 'completed',
      });
      const b = await h.todoWhen(u, blocked.id, done);
      expect(b).toMatchObject({ status: 'FAILED', failureCode: 'BLOCKED' });
      expect(b.failureReason).toMatch(/^Blocked by the marketplace: /);
      expect(await h.todoWhen(u, missing.id, done)).toMatchObject({
        status: 'FAILED',
        failureCode: 'STORE_NOT_FOUND',
      });
      await h.todoWhen(u, held.id, (t) => t.status === 'PROCESSING');
      await h.bus
        .as(ADMIN)
        .request(h.S.changeStatus, { id: held.id, status: 'CANCELED', adminEmail: 'admin@x' });
      const c = await h.todoWhen(u, held.id, done);
      expect(c).toMatchObject({ status: 'CANCELED', asinCount: 16, searchCancelDate: expect.any(String) });
      // Two refunds (internal, blocked), each once although every event came twice.
      expect(await used()).toBe(start + 2);
      const rows: { id: string; refunded: boolean }[] = await h.searchDb.query(
        'SELECT id, refunded FROM todo WHERE id = ANY($1::uuid[])',
        [[internal.id, blocked.id, missing.id, held.id]],
      );
      expect(Object.fromEntries(rows.map((r) => [r.id, r.refunded]))).toEqual({
        [internal.id]: true,
        [blocked.id]: true,
        [missing.id]: false,
        [held.id]: false,
      });
    });

    it('re-queues a failed scan (admin) and it completes', async () => {
      const { todo } = await h.create(u, { seller: STORES.internal });
      await h.todoWhen(u, todo.id, done);
      const used = async () => (await h.bus.request(h.S.getQuota, { userEmail: u })).standardDayUsed;
      const usedBefore = await used();
      // The same todo, a new job: the scripted engine fails again, but the status went through PENDING.
      const r = await h.bus.as(ADMIN).request(h.S.changeStatus, {
        id: todo.id,
        status: 'PENDING',
        adminEmail: 'admin@x',
      });
      expect(r.todo).toMatchObject({ id: todo.id, status: 'PENDING', state: 'pending' });
      expect(r.todo?.failureCode).toBeUndefined();
      expect(await h.todoWhen(u, todo.id, done)).toMatchObject({ status: 'FAILED', failureCode: 'INTERNAL' });
      // The re-queue took no right, and its ScanRequested says so (the admin's counters read it).
      expect(await used()).toBe(usedBefore);
      const [{ envelope }]: { envelope: Buffer }[] = await h.searchDb.query(
        'SELECT envelope FROM outbox WHERE topic = $1 ORDER BY created_at DESC LIMIT 1',
        [eventTopic(scraperEventsV1.ScanRequestedSchema)],
      );
      const requested = codec.decode(envelope).message as scraperEventsV1.ScanRequested;
      expect(requested).toMatchObject({ userEmail: u, quotaExempt: true });
      expect(requested.scanId).not.toBe(todo.id);
      const refusal = await failure(
        h.bus
          .as(ADMIN)
          .request(h.S.changeStatus, { id: todo.id, status: 'COMPLETED', adminEmail: 'admin@x' }),
      );
      expect(refusal.code).toBe('INVALID_ARGUMENT');
    });

    it('runs again with the same inputs as a new scan', async () => {
      const first = (
        await h.create(u, {
          searchType: 'functional',
          keyword: 'tent',
          filters: { bestSeller: true, maxPrice: 50 },
        })
      ).todo;
      const again = (await h.bus.request(h.S.rerunScan, { userEmail: u, id: first.id })).todo!;
      expect(again.id).not.toBe(first.id);
      expect(again).toMatchObject({
        searchType: 'FUNCTIONAL',
        keyword: 'tent',
        bestSeller: true,
        maxPrice: 50,
        status: 'PENDING',
      });
    });

    it('ignores a repeated progress event and never moves a finished scan back', async () => {
      const { todo } = await h.create(u);
      const t = await h.todoWhen(u, todo.id, done);
      await h.publish(scraperEventsV1.ScanProgressedSchema, {
        scanId: todo.id,
        pagesFetched: 1,
        asinsFound: 3,
        reportedTotal: 9,
        etaSeconds: 5,
      });
      await h.publish(scraperEventsV1.ScanStartedSchema, { scanId: todo.id, attempt: 2 });
      await h.drained(); // both handled
      expect(await h.get(u, todo.id)).toEqual(t);
    });
  });

  describe('the dashboard: lists, moves, deletes, downloads, ownership', () => {
    const u = 'owner@example.com';
    const other = 'other@example.com';
    let done1: string;
    let done2: string;
    let pending: string;
    beforeAll(async () => {
      h.clock.set('2030-07-01T10:00:00Z');
      await h.grant(u, ['standard']);
      done1 = (await h.create(u, { fileName: 'alpha tents' })).todo.id;
      h.clock.set('2030-07-02T10:00:00Z');
      done2 = (
        await h.create(u, { fileName: 'beta', storeUrl: `https://www.amazon.ca/sp?seller=${STORES.ok}` })
      ).todo.id;
      h.clock.set('2030-07-03T10:00:00Z');
      pending = (await h.create(u, { fileName: 'gamma', seller: STORES.hold })).todo.id;
      await h.todoWhen(u, done1, done);
      await h.todoWhen(u, done2, done);
      await h.todoWhen(u, pending, (t) => t.status === 'PROCESSING');
    });
    afterAll(() => h.bus.request(h.S.deleteTodo, { userEmail: u, id: pending }));

    const list = (q: Record<string, unknown> = {}) => h.bus.request(h.S.listTodos, { userEmail: u, ...q });

    it('lists newest first with filters, pages and a total', async () => {
      const all = await list();
      expect(all.total).toBe(3);
      expect(all.todos.map((t) => t.fileName)).toEqual(['gamma', 'beta', 'alpha tents']);
      expect((await list({ state: 'completed' })).todos.map((t) => t.id)).toEqual([done2, done1]);
      expect((await list({ state: 'ongoing' })).todos.map((t) => t.id)).toEqual([pending]);
      expect((await list({ status: 'COMPLETED', searchType: 'standard' })).total).toBe(2);
      expect((await list({ q: 'TENT' })).todos.map((t) => t.id)).toEqual([done1]);
      expect((await list({ q: 'sp?seller' })).todos.map((t) => t.id)).toEqual([done2]);
      expect((await list({ from: '2030-07-02', to: '2030-07-02' })).todos.map((t) => t.id)).toEqual([done2]);
      expect((await list({ market: 'ca', page: 1, size: 2 })).todos.map((t) => t.id)).toEqual([done1]);
      expect((await list({ market: 'MX' })).total).toBe(0);
      expect(all.todos[0]!.userEmail).toBeUndefined();
      const admin = await h.bus
        .as(ADMIN)
        .request(h.S.listTodos, { userEmail: 'admin@x', allUsers: true, q: 'gamma' });
      expect(admin.todos[0]).toMatchObject({ id: pending, userEmail: u });
    });

    it('lists a page and its total in one query; a page past the end still has the total', async () => {
      const sent: string[] = [];
      const original = DataSource.prototype.query;
      const query = jest.spyOn(DataSource.prototype, 'query').mockImplementation(function (
        this: DataSource,
        text: string,
        ...rest: unknown[]
      ) {
        sent.push(text);
        return original.call(this, text, ...(rest as []));
      });
      try {
        const first = await list({ page: 0, size: 2 });
        expect(first.todos).toHaveLength(2);
        expect(first.total).toBe(3);
        expect(sent.filter((q) => /\bFROM todo\b/.test(q))).toHaveLength(1);
        expect(await list({ page: 5, size: 2 })).toMatchObject({ todos: [], total: 3 });
      } finally {
        query.mockRestore();
      }
    });

    it('archives and brings back; other columns are refused for the whole batch', async () => {
      await h.bus.request(h.S.moveTodos, { userEmail: u, state: 'archived', ids: [done1, pending] });
      expect((await list({ state: 'archived' })).todos.map((t) => t.id)).toEqual([pending, done1]);
      expect((await h.get(u, done1)).state).toBe('archived');
      const wrong = await failure(
        h.bus.request(h.S.moveTodos, { userEmail: u, state: 'ongoing', ids: [done1, pending] }),
      );
      expect(wrong).toMatchObject({ code: 'INVALID_ARGUMENT', reason: 'stateNotAllowed' });
      expect((await h.get(u, pending)).state).toBe('archived');
      await h.bus.request(h.S.moveTodos, { userEmail: u, state: 'completed', ids: [done1] });
      await h.bus.request(h.S.moveTodos, { userEmail: u, state: 'ongoing', ids: [pending] });
      expect((await h.get(u, done1)).state).toBe('completed');
      expect((await h.get(u, pending)).state).toBe('ongoing');
      expect(
        (await failure(h.bus.request(h.S.moveTodos, { userEmail: u, state: 'bin', ids: [done1] }))).reason,
      ).toBe('stateNotAllowed');
    });

    it('answers NOT_FOUND for every call on another user’s todo, and changes nothing', async () => {
      await h.grant(other, ['standard', 'deep', 'functional']);
      const calls = [
        h.bus.request(h.S.getTodo, { userEmail: other, id: done1 }),
        h.bus.request(h.S.rerunScan, { userEmail: other, id: done1 }),
        h.bus.request(h.S.moveTodos, { userEmail: other, state: 'archived', ids: [done1] }),
        h.bus.request(h.S.deleteTodo, { userEmail: other, id: done1 }),
        h.bus.request(h.S.downloadPage, { userEmail: other, id: done1, offset: 0, limit: 10 }),
        h.bus.request(h.S.getTodo, { userEmail: u, id: 'not-a-uuid' }),
        h.bus.request(h.S.getTodo, { userEmail: u, id: '00000000-0000-4000-8000-000000000000' }),
      ];
      for (const call of calls)
        expect(await failure(call)).toMatchObject({ code: 'NOT_FOUND', reason: 'searchNotFound' });
      expect((await h.bus.request(h.S.listTodos, { userEmail: other })).total).toBe(0);
      expect((await h.get(u, done1)).state).toBe('completed');
    });

    it('downloads need an active plan', async () => {
      const lapsed = 'lapsed@example.com';
      const sub = await h.grant(lapsed, ['standard']);
      const { todo } = await h.create(lapsed);
      await h.todoWhen(lapsed, todo.id, done);
      await h.publish(billingEventsV1.PlanExpiredSchema, {
        subscriptionId: sub,
        userEmail: lapsed,
        reason: 'ended',
      });
      await eventually(
        async () => !(await h.bus.request(h.S.getQuota, { userEmail: lapsed })).plans?.standard,
      );
      const err = await failure(h.download(lapsed, todo.id));
      expect(err).toMatchObject({ code: 'FAILED_PRECONDITION', reason: 'noActivePlanForDownload' });
    });

    it('deletes a finished todo', async () => {
      await h.bus.request(h.S.deleteTodo, { userEmail: u, id: done2 });
      expect((await failure(h.get(u, done2))).code).toBe('NOT_FOUND');
      expect((await list()).total).toBe(2);
    });
  });

  it('lists the six markets and a market’s departments with All Categories last', async () => {
    const m = await h.bus.request(h.S.listMarketplaces, {});
    expect(m.marketplaces.map((x) => x.code)).toEqual(['CA', 'MX', 'AE', 'AU', 'SG', 'UK']);
    expect(m.marketplaces[0]).toMatchObject({
      id: 1,
      name: 'Canada',
      countryCode: 'CA',
      marketPlaceId: 'A2EUQ1WTGCTBG2',
      suffix: 'ca',
    });
    const c = await h.bus.request(h.S.listCategories, { market: 'CA' });
    expect(c.categories.at(-1)).toEqual({
      label: 'All Categories',
      level: 1,
      suffix: 'ca',
      nodeId: '1',
      $typeName: expect.any(String),
    });
    expect(c.categories.length).toBeGreaterThan(5);
    expect((await failure(h.bus.request(h.S.listCategories, { market: 'DE' }))).code).toBe(
      'INVALID_ARGUMENT',
    );
  });
});

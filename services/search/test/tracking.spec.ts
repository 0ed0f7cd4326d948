import { codec } from '@shelfscan/bus';
import {
  adminEventsV1,
  eventTopic,
  scraperEventsV1,
  searchEventsV1,
  type searchV1,
} from '@shelfscan/contracts';
import { SystemParameters, type RunningService } from '@shelfscan/service';
import { eventually, failure } from '@shelfscan/testing';
import { TrackerScheduler } from '../src/tracking/tracker.scheduler.js';
import { asinsOf, programmedStores, startSearchHarness, type SearchHarness } from './harness.js';

/** How many TrackerChanged events of this tracker the search service's outbox holds. */
async function trackerEvents(h: SearchHarness, trackerId: string): Promise<number> {
  const rows: { envelope: Buffer }[] = await h.searchDb.query(
    'SELECT envelope FROM outbox WHERE topic = $1',
    [eventTopic(searchEventsV1.TrackerChangedSchema)],
  );
  return rows.filter((r) => r.envelope.toString('latin1').includes(trackerId)).length;
}

/**
 * Trackers on real PostgreSQL with the real scraper (scripted stores whose listings the test
 * changes between runs), every event delivered twice, a ManualClock.
 */
describe('store tracking (real PostgreSQL, in-process bus)', () => {
  let h: SearchHarness;
  beforeAll(async () => {
    h = await startSearchHarness();
  }, 60_000);
  afterAll(() => h.stop(), 60_000);

  const input = (seller: string, more: Partial<searchV1.TrackerInput> = {}) => ({
    storeUrl: `https://www.amazon.ca/s?me=${seller}`,
    market: 'CA',
    searchType: 'standard',
    schedule: 'daily',
    ...more,
  });
  const create = (u: string, seller: string, more: Partial<searchV1.TrackerInput> = {}) =>
    h.bus.request(h.S.createTracker, { userEmail: u, input: input(seller, more) }).then((r) => r.tracker!);
  const finished = (u: string, id: string, runId: string) =>
    eventually(async () => {
      const { run } = await h.bus.request(h.S.getTrackerRun, { userEmail: u, id, runId });
      return run?.finishedAt ? run : undefined;
    });
  const runNow = async (u: string, id: string) => {
    h.clock.advance(60_000);
    const { run } = await h.bus.request(h.S.runTracker, { userEmail: u, id });
    return finished(u, id, run!.id);
  };

  it('refuses bad input with the shared rules, needs the plan, keeps the limit', async () => {
    const u = 'rules@track.example';
    expect(await failure(create(u, 'ASELLER00001'))).toMatchObject({ reason: 'noStandardPlan' });
    await h.grant(u, ['standard']);
    const bad = await failure(
      h.bus.request(h.S.createTracker, {
        userEmail: u,
        input: input('ASELLER00001', { schedule: 'hourly', hour: 24 }),
      }),
    );
    expect(bad.code).toBe('INVALID_ARGUMENT');
    expect(bad.options.violations).toEqual([
      { field: 'schedule', msg: 'scheduleInvalid' },
      { field: 'hour', msg: 'hourInvalid' },
    ]);
    expect(await failure(create(u, 'ASELLER00001', { storeUrl: 'not a url' }))).toMatchObject({
      reason: 'storeUrlInvalid',
      options: { violations: [{ field: 'storeUrl', msg: 'storeUrlNotAUrl' }] },
    });
    expect(
      await failure(
        create(u, 'ASELLER00001', {
          searchType: 'deep',
          market: 'AU',
          storeUrl: 'https://www.amazon.com.au/s?me=ASELLER00001',
        }),
      ),
    ).toMatchObject({
      reason: 'deepNotInMarket',
    });
    expect(await failure(create(u, 'ASELLER00001', { searchType: 'deep' }))).toMatchObject({
      reason: 'noDeepPlan',
    });
    const t = await create(u, 'ASELLER00001');
    // Defaults: 06:00 Istanbul, all alerts on, a label from the store; the first run is due at the next 06:00.
    expect(t).toMatchObject({
      hour: 6,
      alertEmail: true,
      alertWebhook: true,
      alertTelegram: true,
      fileName: 'CA ASELLER00001',
      paused: false,
      running: false,
      nextRunAt: '2030-01-16T03:00:00.000Z',
    });
    expect(t.weekday).toBeUndefined();
    const params = h.searchApp().get(SystemParameters);
    params.apply([{ ...params.get('tracking.maxStores')!, value1: '2' }]);
    params.apply([{ ...params.get('tracking.minInterval')!, value1: '7' }]);
    try {
      expect(await failure(create(u, 'ASELLER00002'))).toMatchObject({
        reason: 'trackerScheduleTooOften',
        options: { violations: [{ field: 'schedule', msg: 'trackerScheduleTooOften' }] },
      });
      const weekly = await create(u, 'ASELLER00002', { schedule: 'weekly', weekday: 3, hour: 22 });
      // Wednesday 2030-01-16 22:00 in Istanbul.
      expect(weekly).toMatchObject({ weekday: 3, nextRunAt: '2030-01-16T19:00:00.000Z' });
      expect(await failure(create(u, 'ASELLER00003', { schedule: 'weekly' }))).toMatchObject({
        reason: 'trackerLimit',
        options: { violations: [{ field: 'storeUrl', msg: 'trackerLimit' }] },
      });
    } finally {
      params.apply([{ ...params.get('tracking.maxStores')!, value1: '10' }]);
      params.apply([{ ...params.get('tracking.minInterval')!, value1: '1' }]);
    }
    // Not the caller's: 404.
    expect((await failure(h.bus.request(h.S.getTracker, { userEmail: 'other@x', id: t.id }))).code).toBe(
      'NOT_FOUND',
    );
    const list = await h.bus.request(h.S.listTrackers, { userEmail: u });
    expect(list.trackers.map((x) => x.id)).toContain(t.id);
  });

  it('diffs honestly: baseline, complete, partial, blocked, above the list limit', async () => {
    const u = 'diff@track.example';
    await h.grant(u, ['standard']);
    const seller = 'ATRACKDIFF01';
    const store = asinsOf(30, 'B1');
    programmedStores.set(seller, { asins: store });
    const t = await create(u, seller);

    // 1. The baseline: nothing added.
    const base = await runNow(u, t.id);
    expect(base).toMatchObject({ status: 'COMPLETED', baseline: true, complete: true, found: 30, added: [] });
    expect(base.removed).toEqual([]);
    expect(base.coverage).toBe(1);

    // 2. A complete run: exactly what was added and removed.
    const next = [...store.slice(2), ...asinsOf(3, 'B2')];
    programmedStores.set(seller, { asins: next });
    const second = await runNow(u, t.id);
    expect(second).toMatchObject({ status: 'COMPLETED', baseline: false, complete: true, notSeen: 0 });
    expect(second.added).toEqual(asinsOf(3, 'B2'));
    expect(second.removed).toEqual(store.slice(0, 2));

    // 3. A partial run: what it did not see is not seen, never removed; what it saw new is added.
    programmedStores.set(seller, { asins: [...next.slice(5), 'B300000000'], outcome: 'partial' });
    const partial = await runNow(u, t.id);
    expect(partial).toMatchObject({ status: 'COMPLETED_PARTIAL', complete: false, removed: [], notSeen: 5 });
    expect(partial.added).toEqual(['B300000000']);

    // 4. Blocked after 4 ASINs: FAILED, no removal, the rest not seen.
    programmedStores.set(seller, { asins: [...next, 'B300000000'], blockAfter: 4 });
    const blocked = await runNow(u, t.id);
    expect(blocked).toMatchObject({ status: 'FAILED', complete: false, removed: [], added: [] });
    expect(blocked.notSeen).toBe(next.length + 1 - 4);

    // 5. Above the list limit (20 of 40): only what both runs could see is compared; no removal.
    programmedStores.set(seller, { asins: [...asinsOf(5, 'B4'), ...next], listLimit: 20 });
    const above = await runNow(u, t.id);
    expect(above).toMatchObject({ status: 'COMPLETED', complete: true, aboveLimit: true, removed: [] });
    expect(above.added).toEqual(asinsOf(5, 'B4'));
    expect(above.notSeen).toBeGreaterThan(0);

    // History is never rewritten: the second run's diff is what it was.
    const runs = (await h.bus.request(h.S.listTrackerRuns, { userEmail: u, id: t.id })).runs;
    expect(runs.map((r) => r.id)).toEqual([above.id, blocked.id, partial.id, second.id, base.id]);
    expect(runs[3]!.removed).toEqual(store.slice(0, 2));
    expect(runs[3]!.added).toEqual(asinsOf(3, 'B2'));

    // The ASINs ever seen: the two removed ones are not present, first/last seen kept.
    const removedPage = await h.bus.request(h.S.listTrackerAsins, {
      userEmail: u,
      id: t.id,
      page: 0,
      size: 10,
      present: false,
    });
    expect(removedPage.total).toBe(2);
    expect(removedPage.asins.map((a) => a.asin)).toEqual(store.slice(0, 2));
    const all = await h.bus.request(h.S.listTrackerAsins, { userEmail: u, id: t.id, page: 0, size: 100 });
    expect(all.total).toBe(30 + 3 + 1 + 5);
    const summary = (await h.bus.request(h.S.getTracker, { userEmail: u, id: t.id })).tracker!;
    expect(summary).toMatchObject({ ever: 39, present: 37, running: false, lastRun: { id: above.id } });

    // Edited to another store: its runs stay, the next run is a new baseline.
    const other = 'ATRACKDIFF02';
    programmedStores.set(other, { asins: asinsOf(4, 'B7') });
    await h.bus.request(h.S.updateTracker, { userEmail: u, id: t.id, input: input(other) });
    const rebased = await runNow(u, t.id);
    expect(rebased).toMatchObject({ baseline: true, added: [], removed: [], found: 4 });
    expect((await h.bus.request(h.S.listTrackerRuns, { userEmail: u, id: t.id })).runs).toHaveLength(6);
    expect((await h.bus.request(h.S.getTracker, { userEmail: u, id: t.id })).tracker).toMatchObject({
      ever: 4,
      present: 4,
    });
    // Edited without changing the store (the schedule): the history is the base as before.
    await h.bus.request(h.S.updateTracker, {
      userEmail: u,
      id: t.id,
      input: input(other, { schedule: 'weekly' }),
    });
    expect((await h.bus.request(h.S.getTracker, { userEmail: u, id: t.id })).tracker!.ever).toBe(4);

    // One TrackerChanged per finished run after the baseline.
    expect(await trackerEvents(h, t.id)).toBe(4);
    // Tracked runs are requested as tracked and quota-exempt scans (the admin counts them apart).
    const requested: { envelope: Buffer }[] = await h.searchDb.query(
      'SELECT envelope FROM outbox WHERE topic = $1',
      [eventTopic(scraperEventsV1.ScanRequestedSchema)],
    );
    const ofRun = requested
      .map((r) => codec.decode(r.envelope).message as scraperEventsV1.ScanRequested)
      .filter((m) => m.scanId === base.scanId);
    expect(ofRun).toEqual([expect.objectContaining({ tracked: true, quotaExempt: true, type: 'standard' })]);
    // Tracked runs are not on the dashboard and took no quota.
    const q = await h.bus.request(h.S.getQuota, { userEmail: u });
    expect(q.standardDayUsed).toBe(0);
    expect((await h.bus.request(h.S.listTodos, { userEmail: u, page: 0, size: 20 })).total).toBe(0);
  });

  it('claims nothing gone from a scan that did not see the whole store, nor an unpriced listing it may have missed', async () => {
    const u = 'honest@track.example';
    await h.grant(u, ['standard']);
    const seller = 'ATRACKHONES1';
    const store = asinsOf(32, 'B8');
    const unpriced = [store[3]!, store[4]!];
    programmedStores.set(seller, { asins: store, unpriced });
    const t = await create(u, seller);
    await runNow(u, t.id);

    // A Standard scan whose one query served 20 of the 32 listings Amazon counts: COMPLETED (all a
    // Standard scan promises), but no evidence that the other 12 are gone.
    programmedStores.set(seller, { asins: store.slice(0, 20), reported: 32, unpriced });
    const capped = await runNow(u, t.id);
    expect(capped).toMatchObject({ status: 'COMPLETED', complete: false, removed: [], notSeen: 12 });

    // The whole store seen within the threshold (31 of 32 counted, 97 %), one listing unaccounted
    // for: of the two not seen, the priced one is removed, the one last seen without a price is not
    // seen (it may be the one missed).
    const seen = store.filter((a) => a !== store[3] && a !== store[10]);
    programmedStores.set(seller, { asins: seen, reported: 31, threshold: 0.96, unpriced });
    const short = await runNow(u, t.id);
    expect(short).toMatchObject({ status: 'COMPLETED', complete: true, removed: [store[10]], notSeen: 1 });
    const present = await h.bus.request(h.S.listTrackerAsins, { userEmail: u, id: t.id, page: 0, size: 50 });
    expect(present.asins.find((a) => a.asin === store[3])).toMatchObject({ present: true });

    // Seen again: present all along, not added. Then a run that accounts for every listing: the
    // unpriced one's absence is a removal like any other.
    programmedStores.set(seller, { asins: seen.concat(store[3]!), unpriced });
    const back = await runNow(u, t.id);
    expect(back).toMatchObject({ complete: true, added: [], removed: [], notSeen: 0 });
    programmedStores.set(seller, { asins: seen, unpriced });
    const exact = await runNow(u, t.id);
    expect(exact).toMatchObject({ complete: true, added: [], removed: [store[3]], notSeen: 0 });
  });

  it('refuses a second run while one is going, pauses and resumes, deletes with its history', async () => {
    const u = 'ops@track.example';
    await h.grant(u, ['standard']);
    const t = await create(u, 'AHOLDSTORE01'); // the scripted store that holds until cancelled
    const { run } = await h.bus.request(h.S.runTracker, { userEmail: u, id: t.id });
    expect(await failure(h.bus.request(h.S.runTracker, { userEmail: u, id: t.id }))).toMatchObject({
      code: 'FAILED_PRECONDITION',
      reason: 'trackerRunning',
    });
    expect((await h.bus.request(h.S.getTracker, { userEmail: u, id: t.id })).tracker!.running).toBe(true);
    // The run's scan is shown (GetTodo) but deleted only with its tracker.
    expect((await h.get(u, run!.scanId)).status).toMatch(/PENDING|PROCESSING/);
    expect((await failure(h.bus.request(h.S.deleteTodo, { userEmail: u, id: run!.scanId }))).code).toBe(
      'NOT_FOUND',
    );
    const paused = await h.bus.request(h.S.pauseTracker, { userEmail: u, id: t.id, paused: true });
    expect(paused.tracker!.paused).toBe(true);
    expect(paused.tracker!.nextRunAt).toBeUndefined();
    const resumed = await h.bus.request(h.S.pauseTracker, { userEmail: u, id: t.id, paused: false });
    expect(resumed.tracker).toMatchObject({ paused: false, nextRunAt: '2030-01-16T03:00:00.000Z' });
    await eventually(async () => (await h.scanStatus(run!.scanId)) === 'running');
    await h.bus.request(h.S.deleteTracker, { userEmail: u, id: t.id });
    await eventually(async () => (await h.scanStatus(run!.scanId)) === 'cancelled');
    expect((await failure(h.bus.request(h.S.getTracker, { userEmail: u, id: t.id }))).code).toBe('NOT_FOUND');
    const left: unknown[] = await h.searchDb.query('SELECT 1 FROM tracker_run WHERE tracker_id = $1', [t.id]);
    expect(left).toEqual([]);
  });

  it('runs each tracker once per period with two replicas and a moving clock; a missed period runs once', async () => {
    const u = 'schedule@track.example';
    await h.grant(u, ['standard'], { days: 3650 });
    const seller = 'ATRACKSCHED1';
    programmedStores.set(seller, { asins: asinsOf(5, 'B5') });
    const daily = await create(u, seller, { hour: 9 });
    const weekly = await create(u, seller, { schedule: 'weekly', weekday: 5, hour: 1 });
    const replica: RunningService = await h.startReplica();
    try {
      const schedulers = [h.searchApp().get(TrackerScheduler), replica.app.get(TrackerScheduler)];
      const runsOf = async (id: string) =>
        (await h.bus.request(h.S.listTrackerRuns, { userEmail: u, id })).runs;
      const settle = async () => {
        await Promise.all(schedulers.flatMap((s) => [s.tick(), s.tick()]));
        await eventually(async () => {
          const runs = [...(await runsOf(daily.id)), ...(await runsOf(weekly.id))];
          return runs.every((r) => r.finishedAt);
        });
      };
      // From Tue 2030-01-15 12:00 Istanbul, hour by hour, for 9 days.
      for (let hour = 0; hour < 9 * 24; hour++) {
        h.clock.advance(3_600_000);
        await settle();
      }
      // Daily at 09:00: the 16th … the 24th (9 runs); weekly Friday 01:00: the 18th only.
      expect(await runsOf(daily.id)).toHaveLength(9);
      expect(await runsOf(weekly.id)).toHaveLength(1);

      // Everything down for 3 days: the missed runs are one run, then the schedule goes on.
      h.clock.advance(3 * 86_400_000);
      await settle();
      await settle();
      expect(await runsOf(daily.id)).toHaveLength(10);
      const next = (await h.bus.request(h.S.getTracker, { userEmail: u, id: daily.id })).tracker!.nextRunAt!;
      expect(new Date(next).getTime()).toBeGreaterThan(h.clock.nowMs());
      expect(new Date(next).getTime() - h.clock.nowMs()).toBeLessThanOrEqual(86_400_000);
    } finally {
      await replica.app.close();
    }
  }, 180_000);

  it("deleting a user deletes their trackers, runs and ASINs (UserDeleted), a running run's scan cancelled", async () => {
    const u = 'gone@track.example';
    await h.grant(u, ['standard']);
    const done = await create(u, 'ATRACKGONE01');
    programmedStores.set('ATRACKGONE01', { asins: asinsOf(3, 'B6') });
    await runNow(u, done.id);
    const holding = await create(u, 'AHOLDSTORE01');
    const { run } = await h.bus.request(h.S.runTracker, { userEmail: u, id: holding.id });
    await eventually(async () => (await h.scanStatus(run!.scanId)) === 'running');
    const count = async () => {
      const [r]: { n: number }[] = await h.searchDb.query(
        `SELECT (SELECT count(*) FROM tracker WHERE user_email = $1)
              + (SELECT count(*) FROM tracker_run r WHERE r.tracker_id = ANY($2::uuid[]))
              + (SELECT count(*) FROM tracker_asin a WHERE a.tracker_id = ANY($2::uuid[]))
              + (SELECT count(*) FROM todo WHERE user_email = $1) AS n`,
        [u, [done.id, holding.id]],
      );
      return Number(r!.n);
    };
    expect(await count()).toBeGreaterThan(0);
    await h.publish(adminEventsV1.UserDeletedSchema, {
      userId: 'u-gone',
      userEmail: u,
      deletedBy: 'admin@x',
      deletedAt: new Date().toISOString(),
    });
    await eventually(async () => (await count()) === 0);
    await eventually(async () => (await h.scanStatus(run!.scanId)) === 'cancelled');
    expect((await h.bus.request(h.S.listTrackers, { userEmail: u })).trackers).toEqual([]);
  });
});

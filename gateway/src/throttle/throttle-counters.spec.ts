import { ManualClock } from '@shelfscan/clock';
import { createTestDataSource } from '@shelfscan/db';
import { ThrottleCounters1764300000000 } from './migrations/1764300000000-throttle-counters.js';
import { ThrottleCounters } from './throttle-counters.js';

describe('ThrottleCounters (PostgreSQL)', () => {
  let db: Awaited<ReturnType<typeof createTestDataSource>>;
  const clock = new ManualClock(new Date('2026-11-28T09:00:00Z'));
  let counters: ThrottleCounters;

  beforeAll(async () => {
    db = await createTestDataSource({ schema: 'gateway', migrations: [ThrottleCounters1764300000000] });
    counters = new ThrottleCounters(db.ds, clock);
  });
  afterAll(() => db.close());

  it('counts a fixed window, blocks past the limit without counting blocked hits, then starts over', async () => {
    const hit = () => counters.increment('k1', 60_000, 2, 30_000, 'default');
    expect(await hit()).toEqual({ totalHits: 1, timeToExpire: 60, isBlocked: false, timeToBlockExpire: 0 });
    clock.advance(10_000);
    expect(await hit()).toMatchObject({ totalHits: 2, timeToExpire: 50, isBlocked: false });
    expect(await hit()).toEqual({ totalHits: 3, timeToExpire: 50, isBlocked: true, timeToBlockExpire: 30 });
    clock.advance(20_000);
    expect(await hit()).toEqual({ totalHits: 3, timeToExpire: 30, isBlocked: true, timeToBlockExpire: 10 });
    clock.advance(31_000); // the window and the block are over
    expect(await hit()).toEqual({ totalHits: 1, timeToExpire: 60, isBlocked: false, timeToBlockExpire: 0 });
  });

  it('keeps keys and throttlers apart; hit, count and reset for the login delays', async () => {
    await counters.increment('k2', 60_000, 5, 60_000, 'default');
    expect(await counters.hit('k2', 'other', 900_000)).toBe(1);
    expect(await counters.hit('k2', 'other', 900_000)).toBe(2);
    expect(await counters.count('k2', 'other')).toBe(2);
    expect(await counters.count('k3', 'other')).toBe(0);
    clock.advance(900_000);
    expect(await counters.count('k2', 'other')).toBe(0);
    await counters.hit('k2', 'other', 900_000);
    await counters.reset('k2', 'other');
    expect(await counters.count('k2', 'other')).toBe(0);
  });

  it('counts concurrent hits exactly (one atomic upsert each)', async () => {
    await Promise.all(Array.from({ length: 40 }, () => counters.hit('k4', 'default', 60_000)));
    expect(await counters.count('k4', 'default')).toBe(40);
  });
});

import { ManualClock, SystemClock } from '../src/index.js';

describe('ManualClock timers', () => {
  it('fires a timeout only when the clock reaches it, once, reading its due time', async () => {
    const clock = new ManualClock('2030-01-01T00:00:00Z');
    const seen: string[] = [];
    clock.setTimeout(() => seen.push(clock.now().toISOString()), 1_000);
    clock.advance(999);
    expect(seen).toEqual([]);
    clock.advance(5_000);
    expect(seen).toEqual(['2030-01-01T00:00:01.000Z']);
    expect(clock.now().toISOString()).toBe('2030-01-01T00:00:05.999Z');
    clock.advance(10_000);
    expect(seen).toHaveLength(1);
    expect(clock.pendingTimers).toBe(0);
  });

  it('fires an interval once per period passed, in due order with other timers, until cancelled', () => {
    const clock = new ManualClock(0);
    const seen: string[] = [];
    const beat = clock.setInterval(() => seen.push(`beat@${clock.nowMs()}`), 100);
    clock.setTimeout(() => seen.push(`once@${clock.nowMs()}`), 250);
    clock.advance(300);
    expect(seen).toEqual(['beat@100', 'beat@200', 'once@250', 'beat@300']);
    beat.cancel();
    beat.cancel();
    clock.advance(1_000);
    expect(seen).toHaveLength(4);
    expect(clock.pendingTimers).toBe(0);
  });

  it('a cancelled timeout never fires; set() forward fires what falls due, backwards none', () => {
    const clock = new ManualClock('2030-01-01T00:00:00Z');
    let fired = 0;
    clock.setTimeout(() => fired++, 10).cancel();
    clock.advance(20);
    expect(fired).toBe(0);
    clock.setTimeout(() => fired++, 60_000);
    clock.set('2029-12-31T00:00:00Z');
    expect(fired).toBe(0);
    clock.set('2030-01-02T00:00:00Z');
    expect(fired).toBe(1);
  });

  it('sleep moves the clock, firing the timers due on the way', async () => {
    const clock = new ManualClock(0);
    const seen: number[] = [];
    clock.setTimeout(() => seen.push(clock.nowMs()), 30);
    await clock.sleep(50);
    expect(seen).toEqual([30]);
    expect(clock.nowMs()).toBe(50);
    expect(clock.sleeps).toEqual([50]);
  });
});

describe('SystemClock timers', () => {
  it('fire on the wall clock and can be cancelled', async () => {
    const clock = new SystemClock();
    const seen: string[] = [];
    clock.setTimeout(() => seen.push('cancelled'), 1).cancel();
    const beat = clock.setInterval(() => seen.push('beat'), 5);
    await new Promise<void>((resolve) => clock.setTimeout(resolve, 30, { unref: true }));
    beat.cancel();
    const beats = seen.length;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen.length).toBe(beats);
    expect(beats).toBeGreaterThan(0);
    expect(seen).not.toContain('cancelled');
  });
});

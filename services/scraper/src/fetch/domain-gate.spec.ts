import { CircuitBreaker } from './circuit-breaker.js';
import { ManualClock } from '@shelfscan/service';
import { DomainGate } from './domain-gate.js';

describe('DomainGate', () => {
  it('spaces starts by the interval plus jitter, stretched by the slow-down factor', async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    const gate = new DomainGate({ requestsPerSecond: 0.5, concurrency: 1, jitterRatio: 0.5 }, clock, () => 1);
    const starts: number[] = [];
    for (const factor of [1, 1, 2, 4]) {
      const release = await gate.acquire(factor, undefined);
      starts.push(clock.nowMs());
      release();
    }
    const gaps = starts.slice(1).map((t, i) => t - starts[i]);
    // 2 s interval, +50 % jitter: each gap is set by the factor in force when the previous request started
    expect(gaps).toEqual([3000, 3000, 6000]);
  });

  it('queues beyond the concurrency cap and hands slots over in order', async () => {
    const gate = new DomainGate(
      { requestsPerSecond: 1e6, concurrency: 2, jitterRatio: 0 },
      new ManualClock(Date.UTC(2026, 0, 1)),
    );
    const order: number[] = [];
    const r1 = await gate.acquire(1);
    const r2 = await gate.acquire(1);
    const third = gate.acquire(1).then((r) => (order.push(3), r));
    const fourth = gate.acquire(1).then((r) => (order.push(4), r));
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual([]);
    expect(gate.inFlight).toBe(2);
    r1();
    (await third)();
    r2();
    (await fourth)();
    expect(order).toEqual([3, 4]);
    expect(gate.inFlight).toBe(0);
  });

  it('lets an aborted waiter leave the queue', async () => {
    const gate = new DomainGate(
      { requestsPerSecond: 1e6, concurrency: 1, jitterRatio: 0 },
      new ManualClock(Date.UTC(2026, 0, 1)),
    );
    const release = await gate.acquire(1);
    const ac = new AbortController();
    const waiting = gate.acquire(1, ac.signal);
    ac.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    release();
    expect(gate.inFlight).toBe(0);
  });
});

describe('CircuitBreaker', () => {
  const options = {
    slowdownMultiplier: 2,
    maxSlowdown: 8,
    recoveryRatio: 0.5,
    openAfterBlocks: 3,
    coolDownMs: 1000,
    maxCoolDownMs: 3000,
  };

  it('slows, opens, half-opens with a single probe, and doubles the cool-down on a failed probe', async () => {
    const b = new CircuitBreaker(options);
    expect(b.recordBlock('captcha', 0)).toBe('closed');
    expect(b.slowdownFactor).toBe(2);
    b.recordBlock('captcha', 0);
    expect(b.recordBlock('captcha', 100)).toBe('open');
    expect(b.slowdownFactor).toBe(8);
    expect(b.admit(500)).toEqual({ kind: 'open', retryAt: 1100, lastBlock: 'captcha' });

    expect(b.admit(1100)).toEqual({ kind: 'proceed', probe: true });
    const other = b.admit(1100);
    expect(other.kind).toBe('wait-probe');
    expect(b.recordBlock('captcha', 1200)).toBe('open');
    await (other as { settled: Promise<void> }).settled;
    expect(b.admit(3199).kind).toBe('open');
    expect(b.admit(3200)).toEqual({ kind: 'proceed', probe: true });
    b.recordSuccess();
    expect(b.snapshot()).toMatchObject({ state: 'closed', consecutiveBlocks: 0, slowdown: 4 });
    b.recordSuccess();
    b.recordSuccess();
    expect(b.slowdownFactor).toBe(1);
  });

  it('caps the cool-down', () => {
    const b = new CircuitBreaker({ ...options, openAfterBlocks: 1 });
    let now = 0;
    b.recordBlock('captcha', now);
    for (let i = 0; i < 4; i++) {
      now = (b.snapshot().openUntil ?? 0) + 1;
      expect(b.admit(now).kind).toBe('proceed');
      b.recordBlock('captcha', now);
    }
    expect((b.snapshot().openUntil ?? 0) - now).toBe(3000);
  });
});

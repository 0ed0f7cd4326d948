import { ManualClock, PeriodicTask, PeriodicWork } from '../src/index.js';

/** A run that stays open until the test ends it. */
function gatedWork() {
  const runs: { end: (value: number) => void }[] = [];
  const work = () => new Promise<number>((resolve) => runs.push({ end: resolve }));
  return { runs, work };
}

describe('PeriodicTask', () => {
  it('runs the work on every interval of its clock once started, and not after stop', async () => {
    const clock = new ManualClock();
    let runs = 0;
    const task = new PeriodicTask(clock, 1_000, async () => ++runs);
    clock.advance(5_000);
    expect(runs).toBe(0); // not before start
    task.start();
    task.start(); // a second start adds no second timer
    clock.advance(999);
    expect(runs).toBe(0);
    for (let i = 0; i < 3; i++) {
      clock.advance(1); // one interval reached: one run (and it finishes before the next)
      await new Promise((r) => setImmediate(r));
      clock.advance(999);
    }
    expect(runs).toBe(3);
    await task.stop();
    expect(clock.pendingTimers).toBe(0);
    clock.advance(5_000);
    expect(runs).toBe(3);
  });

  it('never runs twice at once: asks made during a run share one run right after it', async () => {
    const { runs, work } = gatedWork();
    const clock = new ManualClock();
    const task = new PeriodicTask(clock, 60_000, work);
    task.start();
    clock.advance(60_000);
    expect(runs).toHaveLength(1);
    const during = task.run();
    clock.advance(120_000); // the clock's next two runs find one in progress
    expect(runs).toHaveLength(1);
    runs[0].end(7);
    await new Promise((r) => setImmediate(r));
    expect(runs).toHaveLength(2); // one more, for every ask made during the first
    runs[1].end(8);
    expect(await during).toBe(8);
    // idle: the next ask runs at once
    const third = task.run();
    expect(runs).toHaveLength(3);
    runs[2].end(9);
    expect(await third).toBe(9);
    await task.stop();
  });

  it('stop waits for the run in progress', async () => {
    const { runs, work } = gatedWork();
    const task = new PeriodicTask(new ManualClock(), 60_000, work);
    task.start();
    void task.run();
    let stopped = false;
    const stopping = task.stop().then(() => (stopped = true));
    await new Promise((r) => setImmediate(r));
    expect(stopped).toBe(false);
    runs[0].end(1);
    await stopping;
    expect(stopped).toBe(true);
  });
});

describe('PeriodicWork', () => {
  class Counter extends PeriodicWork<number> {
    runs = 0;
    constructor(
      clock: ManualClock,
      private readonly on = true,
    ) {
      super(clock, 1_000);
    }
    protected override enabled(): boolean {
      return this.on;
    }
    protected async work(): Promise<number> {
      return ++this.runs;
    }
  }

  it('runs its work on the clock from bootstrap to shutdown, and now on tick()', async () => {
    const clock = new ManualClock();
    const counter = new Counter(clock);
    clock.advance(3_000);
    expect(counter.runs).toBe(0); // not before bootstrap
    counter.onApplicationBootstrap();
    clock.advance(1_000);
    await new Promise((r) => setImmediate(r));
    expect(counter.runs).toBe(1);
    expect(await counter.tick()).toBe(2);
    await counter.onModuleDestroy();
    expect(clock.pendingTimers).toBe(0);
  });

  it('stays idle when not enabled (nothing configured), but tick() still runs it', async () => {
    const clock = new ManualClock();
    const idle = new Counter(clock, false);
    idle.onApplicationBootstrap();
    expect(clock.pendingTimers).toBe(0);
    expect(await idle.tick()).toBe(1);
  });
});

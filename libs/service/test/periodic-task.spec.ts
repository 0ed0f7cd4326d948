import { Injectable, Module, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Clock, ManualClock, PeriodicTask, PeriodicWork } from '../src/index.js';

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
  @Injectable()
  class Counter extends PeriodicWork<number> {
    runs = 0;
    constructor() {
      super(1_000);
    }
    protected async work(): Promise<number> {
      return ++this.runs;
    }
  }

  @Injectable()
  class IdleCounter extends Counter {
    protected override enabled(): boolean {
      return false;
    }
  }

  /** The work as a service has it: a provider of a Nest application with the Clock provided. */
  async function started<W extends Counter>(work: Type<W>, clock: ManualClock) {
    @Module({ providers: [work, { provide: Clock, useValue: clock }] })
    class WorkModule {}
    const app = await NestFactory.createApplicationContext(WorkModule, { logger: false });
    return { app, work: app.get(work) };
  }

  it('runs its work on the injected clock from bootstrap to shutdown, and now on tick()', async () => {
    const clock = new ManualClock();
    const { app, work: counter } = await started(Counter, clock);
    expect(clock.pendingTimers).toBe(1); // bootstrapped: its interval is on the service's clock
    clock.advance(1_000);
    await new Promise((r) => setImmediate(r));
    expect(counter.runs).toBe(1);
    expect(await counter.tick()).toBe(2);
    await app.close();
    expect(clock.pendingTimers).toBe(0);
    clock.advance(5_000);
    expect(counter.runs).toBe(2);
  });

  it('stays idle when not enabled (nothing configured), but tick() still runs it', async () => {
    const clock = new ManualClock();
    const { app, work } = await started(IdleCounter, clock);
    expect(clock.pendingTimers).toBe(0);
    expect(await work.tick()).toBe(1);
    await app.close();
  });
});

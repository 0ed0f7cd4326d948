import { PeriodicTask } from '../src/index.js';

/** A run that stays open until the test ends it. */
function gatedWork() {
  const runs: { end: (value: number) => void }[] = [];
  const work = () => new Promise<number>((resolve) => runs.push({ end: resolve }));
  return { runs, work };
}

describe('PeriodicTask', () => {
  afterEach(() => jest.useRealTimers());

  it('runs the work on every interval once started, and not after stop', async () => {
    jest.useFakeTimers();
    let runs = 0;
    const task = new PeriodicTask(1_000, async () => ++runs);
    await jest.advanceTimersByTimeAsync(5_000);
    expect(runs).toBe(0); // not before start
    task.start();
    task.start(); // a second start adds no second timer
    await jest.advanceTimersByTimeAsync(3_000);
    expect(runs).toBe(3);
    await task.stop();
    await jest.advanceTimersByTimeAsync(5_000);
    expect(runs).toBe(3);
  });

  it('never runs twice at once: a run asked for during another answers undefined', async () => {
    const { runs, work } = gatedWork();
    const task = new PeriodicTask(60_000, work);
    const first = task.run();
    const during = task.run();
    expect(runs).toHaveLength(1);
    expect(await during).toBeUndefined();
    runs[0].end(7);
    expect(await first).toBe(7);
    // finished: the next one runs
    const second = task.run();
    runs[1].end(8);
    expect(await second).toBe(8);
  });

  it('stop waits for the run in progress', async () => {
    const { runs, work } = gatedWork();
    const task = new PeriodicTask(60_000, work);
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

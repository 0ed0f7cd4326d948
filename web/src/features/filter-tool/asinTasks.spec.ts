import { afterEach, describe, expect, it, vi } from 'vitest';
import { LARGE_TEXT_CHARS, runAsinTask, type AsinTask } from './asin-filter';
import type { AsinWorkerRequest, AsinWorkerResponse } from './asinTasks';
import { runSetTask, type SetCombineTask } from './set-ops';

const KEEP = { removeDuplicates: true, digital: 'keep' } as const;
const large = (n = LARGE_TEXT_CHARS / 10) =>
  Array.from({ length: n }, (_, i) => `B0${String(i % 5000).padStart(8, '0')}`).join('\n');

/** A Worker that answers like asin-filter.worker.ts, on a later task (or fails, when told to). */
class FakeWorker {
  static created: { url: string; options?: WorkerOptions }[] = [];
  static fail = false;
  onmessage: ((e: MessageEvent<AsinWorkerResponse>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  constructor(url: URL | string, options?: WorkerOptions) {
    FakeWorker.created.push({ url: String(url), options });
  }
  postMessage({ id, task }: AsinWorkerRequest) {
    setTimeout(() => {
      if (FakeWorker.fail) this.onerror?.(new ErrorEvent('error', { message: 'script blocked' }));
      else
        this.onmessage?.(
          new MessageEvent('message', {
            data: { id, result: task.kind === 'combine' ? runSetTask(task) : runAsinTask(task) },
          }),
        );
    }, 0);
  }
  terminate() {}
}

async function freshModule() {
  vi.resetModules();
  FakeWorker.created = [];
  FakeWorker.fail = false;
  vi.stubGlobal('Worker', FakeWorker);
  return import('./asinTasks');
}

afterEach(() => {
  vi.resetModules();
});

describe('runAsinTaskAsync: where the work runs', () => {
  it('a small text runs inline; a large one in one module worker, reused, each answer to its own request', async () => {
    const { runAsinTaskAsync } = await freshModule();
    expect(await runAsinTaskAsync({ kind: 'clean', text: 'b00abc1234' })).toEqual(
      runAsinTask({ kind: 'clean', text: 'b00abc1234' }),
    );
    expect(FakeWorker.created).toHaveLength(0);

    const a: AsinTask = { kind: 'filter', text: large(), options: KEEP };
    const b: AsinTask = { kind: 'clean', text: large(12_000) };
    const [ra, rb] = await Promise.all([runAsinTaskAsync(a), runAsinTaskAsync(b)]);
    expect(ra).toEqual(runAsinTask(a));
    expect(rb).toEqual(runAsinTask(b));
    expect(FakeWorker.created).toHaveLength(1);
    expect(FakeWorker.created[0].url).toMatch(/asin-filter\.worker\.ts/);
    expect(FakeWorker.created[0].options).toEqual({ type: 'module' });
  });

  it('a failing worker does not lose the work: the same result inline, and no new worker afterwards', async () => {
    const { runAsinTaskAsync } = await freshModule();
    FakeWorker.fail = true;
    const task: AsinTask = { kind: 'filter', text: large(), options: KEEP };
    expect(await runAsinTaskAsync(task)).toEqual(runAsinTask(task));
    expect(await runAsinTaskAsync(task)).toEqual(runAsinTask(task));
    expect(FakeWorker.created).toHaveLength(1);
  });

  it('set operations always go to the worker, even on small lists, and fall back inline when it fails', async () => {
    const { runSetTaskAsync } = await freshModule();
    const task: SetCombineTask = {
      kind: 'combine',
      lists: [
        { id: 'a', text: 'B000000001 B000000002' },
        { id: 'b', text: 'B000000002 B000000003' },
      ],
      operation: { kind: 'intersection' },
    };
    expect((await runSetTaskAsync(task)).text).toBe('B000000002\n');
    expect(FakeWorker.created).toHaveLength(1);
    FakeWorker.fail = true;
    expect((await runSetTaskAsync({ ...task, operation: { kind: 'union' } })).after).toBe(3);
  });

  it('without Worker (jsdom) everything runs inline', async () => {
    vi.resetModules();
    vi.stubGlobal('Worker', undefined);
    const { runAsinTaskAsync } = await import('./asinTasks');
    const task: AsinTask = { kind: 'clean', text: large() };
    expect(await runAsinTaskAsync(task)).toEqual(runAsinTask(task));
  });
});

describe('asin-filter.worker.ts', () => {
  it('answers each request with its id: the result, or the error', async () => {
    vi.resetModules();
    const posted: unknown[] = [];
    vi.spyOn(window, 'postMessage').mockImplementation((message: unknown) => {
      posted.push(message);
    });
    await import('./asin-filter.worker');
    const handler = window.onmessage as unknown as (e: { data: unknown }) => void;
    const task: AsinTask = { kind: 'filter', text: 'AAAAAAAAAA AAAAAAAAAA', options: KEEP };
    handler({ data: { id: 7, task } });
    handler({ data: { id: 8, task: { kind: 'filter', text: null, options: KEEP } } });
    expect(posted[0]).toEqual({ id: 7, result: runAsinTask(task) });
    expect(posted[1]).toMatchObject({ id: 8, error: expect.any(String) });
    const combine: SetCombineTask = {
      kind: 'combine',
      lists: [{ id: 'x', text: 'B000000001,B000000001' }],
      operation: { kind: 'union' },
    };
    handler({ data: { id: 9, task: combine } });
    expect(posted[2]).toEqual({ id: 9, result: runSetTask(combine) });
    window.onmessage = null;
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { LARGE_TEXT_CHARS, runAsinTask, type AsinTask } from './asin-filter';
import type { AsinWorkerRequest, AsinWorkerResponse } from './asinTasks';
import { SetEngine } from './set-ops';

const KEEP = { removeDuplicates: true, digital: 'keep' } as const;
const large = (n = LARGE_TEXT_CHARS / 10) =>
  Array.from({ length: n }, (_, i) => `B0${String(i % 5000).padStart(8, '0')}`).join('\n');

/** A Worker that answers like asin-filter.worker.ts, on a later task (or fails, when told to). */
class FakeWorker {
  static created: { url: string; options?: WorkerOptions }[] = [];
  static fail = false;
  /** Every message posted to it, with its transfer list. */
  static posted: { message: AsinWorkerRequest; transfer: Transferable[] }[] = [];
  private readonly engine = new SetEngine();
  onmessage: ((e: MessageEvent<AsinWorkerResponse>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  constructor(url: URL | string, options?: WorkerOptions) {
    FakeWorker.created.push({ url: String(url), options });
  }
  postMessage(message: AsinWorkerRequest, transfer: Transferable[] = []) {
    FakeWorker.posted.push({ message, transfer });
    // What postMessage does: the request is cloned, and what it transfers is detached here.
    const copy = structuredClone(message, { transfer });
    setTimeout(() => {
      if (FakeWorker.fail) this.onerror?.(new ErrorEvent('error', { message: 'script blocked' }));
      else
        this.onmessage?.(
          new MessageEvent('message', {
            data: {
              id: copy.id,
              result: 'set' in copy ? this.engine.run(copy.set).value : runAsinTask(copy.task),
            },
          }),
        );
    }, 0);
  }
  terminate() {}
}

async function freshModule() {
  vi.resetModules();
  FakeWorker.created = [];
  FakeWorker.posted = [];
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

  it("set operations always go to the worker: a list's bytes once (transferred), then only ids; files come back", async () => {
    const { asinLists } = await freshModule();
    const a = new TextEncoder().encode('B000000001 B000000002');
    expect(await asinLists.load('a', a)).toBe(2);
    expect(await asinLists.load('b', new TextEncoder().encode('B000000002 B000000003'))).toBe(2);
    expect(FakeWorker.created).toHaveLength(1);
    // The page keeps its own array; the worker got a copy's buffer, transferred (detached here).
    const [load] = FakeWorker.posted;
    expect(load.transfer).toHaveLength(1);
    expect((load.transfer[0] as ArrayBuffer).byteLength).toBe(0);
    expect(a.byteLength).toBe(21);
    expect(new TextDecoder().decode(asinLists.bytesOf('a'))).toBe('B000000001 B000000002');

    const both = await asinLists.combine(['a', 'b'], { kind: 'intersection' });
    expect([both.after, both.preview]).toEqual([1, 'B000000002\n']);
    // The operation names the lists; nothing of their contents crosses.
    expect(FakeWorker.posted[2].message).toEqual({
      id: expect.any(Number),
      set: { kind: 'combine', lists: ['a', 'b'], operation: { kind: 'intersection' } },
    });
    expect(FakeWorker.posted[2].transfer).toEqual([]);
    expect(new TextDecoder().decode(await asinLists.export(both.result, 'txt'))).toBe('B000000002\n');
  });

  it("a failing worker does not lose the lists: the operation and the file are made inline from the page's copies", async () => {
    const { asinLists } = await freshModule();
    await asinLists.load('a', new TextEncoder().encode('B000000001 B000000002'));
    await asinLists.load('b', new TextEncoder().encode('B000000002 B000000003'));
    const both = await asinLists.combine(['a', 'b'], { kind: 'union' });
    FakeWorker.fail = true;
    // The worker's result is written again here.
    expect(new TextDecoder().decode(await asinLists.export(both.result, 'txt'))).toBe(
      'B000000001\nB000000002\nB000000003\n',
    );
    expect((await asinLists.combine(['a', 'b'], { kind: 'difference', a: 1, b: 0 })).preview).toBe(
      'B000000003\n',
    );
    asinLists.drop('b');
    await expect(asinLists.combine(['a', 'b'], { kind: 'union' })).rejects.toThrow(/unknown list b/);
    expect(FakeWorker.created).toHaveLength(1);
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
    const bytes = new TextEncoder().encode('B000000001,B000000001').buffer;
    handler({ data: { id: 9, set: { kind: 'load', list: 'x', bytes } } });
    handler({ data: { id: 10, set: { kind: 'combine', lists: ['x'], operation: { kind: 'union' } } } });
    handler({ data: { id: 11, set: { kind: 'combine', lists: ['y'], operation: { kind: 'union' } } } });
    expect(posted.slice(2)).toEqual([
      { id: 9, result: 1 },
      { id: 10, result: expect.objectContaining({ after: 1, preview: 'B000000001\n' }) },
      { id: 11, error: 'unknown list y' },
    ]);
    window.onmessage = null;
  });
});

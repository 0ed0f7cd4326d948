/**
 * Runs an ASIN task where it suits its size: in the Web Worker when the text is large (LARGE_TEXT_CHARS) (the page stays
 * responsive), on the main thread when it is small, when the browser has no Worker (jsdom in tests),
 * or when the worker fails (the result is the same either way: one pure function). The set
 * operations' lists live in the worker by id (`asinLists`).
 */
import { LARGE_TEXT_CHARS, runAsinTask, type AsinTask, type AsinTaskResult } from './asin-filter';
import { SetEngine, type SetCombineResult, type SetOperation, type SetRequest } from './set-ops';

export type AsinWorkerRequest = { id: number; task: AsinTask } | { id: number; set: SetRequest };

export type AsinWorkerResponse = { id: number; result: unknown } | { id: number; error: string };

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

let worker: Worker | null = null;
let workerBroken = false;
let nextId = 1;
const pending = new Map<number, Pending>();

function failAll(error: Error) {
  for (const p of pending.values()) p.reject(error);
  pending.clear();
}

function getWorker(): Worker | null {
  if (workerBroken || typeof Worker === 'undefined') return null;
  if (worker) return worker;
  try {
    worker = new Worker(new URL('./asin-filter.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    workerBroken = true;
    return null;
  }
  worker.onmessage = (event: MessageEvent<AsinWorkerResponse>) => {
    const entry = pending.get(event.data.id);
    if (!entry) return;
    pending.delete(event.data.id);
    if ('error' in event.data) entry.reject(new Error(event.data.error));
    else entry.resolve(event.data.result);
  };
  worker.onerror = (event) => {
    event.preventDefault();
    workerBroken = true;
    worker?.terminate();
    worker = null;
    failAll(new Error(event.message || 'ASIN worker failed'));
  };
  return worker;
}

type Work = { task: AsinTask } | { set: SetRequest };

function inWorker<R>(w: Worker, work: Work, transfer: Transferable[] = []): Promise<R> {
  const id = nextId++;
  return new Promise<R>((resolve, reject) => {
    pending.set(id, { resolve: (v) => resolve(v as R), reject });
    w.postMessage({ id, ...work } satisfies AsinWorkerRequest, transfer);
  });
}

export async function runAsinTaskAsync<T extends AsinTask>(task: T): Promise<AsinTaskResult<T>> {
  const w = task.text.length >= LARGE_TEXT_CHARS ? getWorker() : null;
  if (!w) return runAsinTask(task);
  try {
    return await inWorker<AsinTaskResult<T>>(w, { task });
  } catch {
    // A broken worker (e.g. a blocked script) must not lose the user's work: do it here instead.
    return runAsinTask(task);
  }
}

/**
 * The set operations' lists and results (set-ops.ts), kept in the worker by id: the page sends each
 * list's bytes once (transferred), then only ids; it gets counts and a bounded preview, and a file's
 * bytes (transferred) only when it asks for one. Nothing the page's thread does here grows with the
 * lists but the one copy of a list's bytes it keeps when the list is added: without a worker, or
 * when it fails, the main thread's engine reads the lists from those copies and does the same work.
 */
export const asinLists = {
  /** Adds a list (its text's bytes; the caller's array is kept, not sent): its distinct ASINs. */
  load(list: string, bytes: Uint8Array): Promise<number> {
    kept.set(list, bytes);
    // The worker gets its own copy, transferred (a memcpy here, no serialisation).
    const copy = bytes.slice();
    return runSet<number>({ kind: 'load', list, bytes: copy.buffer }, [copy.buffer]);
  },
  drop(list: string): void {
    kept.delete(list);
    void runSet({ kind: 'drop', list }).catch(() => undefined);
  },
  /** The bytes of a list as it was added (its text, e.g. for "my store" in localStorage). */
  bytesOf(list: string): Uint8Array | undefined {
    return kept.get(list);
  },
  combine(lists: string[], operation: SetOperation, subtract?: string): Promise<SetCombineResult> {
    const request: SetRequest = { kind: 'combine', lists, operation, ...(subtract ? { subtract } : {}) };
    lastCombine = request;
    return runSet<SetCombineResult>(request);
  },
  /** A result written as a file: .txt one ASIN a line, .csv `ASIN,lists` with a BOM. */
  export(result: number, format: 'txt' | 'csv'): Promise<Uint8Array> {
    return runSet<Uint8Array>({ kind: 'export', result, format });
  },
};

/** The page's copy of each list's bytes (for the main thread's engine). */
const kept = new Map<string, Uint8Array>();
let mainEngine: SetEngine | null = null;
let lastCombine: SetRequest | null = null;

async function runSet<R>(request: SetRequest, transfer: Transferable[] = []): Promise<R> {
  const w = getWorker();
  if (w) {
    try {
      return await inWorker<R>(w, { set: request }, transfer);
    } catch {
      // A broken worker must not lose the user's work: the same here, from the page's copies.
    }
  }
  return onMainThread(request) as R;
}

function onMainThread(request: SetRequest): unknown {
  const engine = (mainEngine ??= new SetEngine());
  const ensure = (list: string) => {
    const bytes = kept.get(list);
    if (!engine.has(list) && bytes) engine.load(list, bytes);
  };
  // (A request the worker failed on had its bytes transferred away: the page's copy is read instead.)
  if (request.kind === 'load') return engine.load(request.list, kept.get(request.list) ?? new Uint8Array(0));
  if (request.kind === 'combine')
    [...request.lists, ...(request.subtract ? [request.subtract] : [])].forEach(ensure);
  if (request.kind === 'export' && !engine.hasResult(request.result) && lastCombine?.kind === 'combine') {
    // The result was the worker's: made again here from the same lists.
    const again = onMainThread(lastCombine) as SetCombineResult;
    return engine.export(again.result, request.format);
  }
  return engine.run(request).value;
}

/**
 * Runs an ASIN task where it suits its size: in the Web Worker when the text is large (LARGE_TEXT_CHARS) (the page stays
 * responsive), on the main thread when it is small, when the browser has no Worker (jsdom in tests),
 * or when the worker fails (the result is the same either way: one pure function).
 */
import { LARGE_TEXT_CHARS, runAsinTask, type AsinTask, type AsinTaskResult } from './asin-filter';
import { ListCache, runSetTask, type SetCombineResult, type SetCombineTask } from './set-ops';

export interface AsinWorkerRequest {
  id: number;
  task: AsinTask | SetCombineTask;
}

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

function inWorker<R>(w: Worker, task: AsinWorkerRequest['task']): Promise<R> {
  const id = nextId++;
  return new Promise<R>((resolve, reject) => {
    pending.set(id, { resolve: (v) => resolve(v as R), reject });
    w.postMessage({ id, task } satisfies AsinWorkerRequest);
  });
}

export async function runAsinTaskAsync<T extends AsinTask>(task: T): Promise<AsinTaskResult<T>> {
  const w = task.text.length >= LARGE_TEXT_CHARS ? getWorker() : null;
  if (!w) return runAsinTask(task);
  try {
    return await inWorker<AsinTaskResult<T>>(w, task);
  } catch {
    // A broken worker (e.g. a blocked script) must not lose the user's work: do it here instead.
    return runAsinTask(task);
  }
}

/** The lists the main thread parsed, when there is no worker. */
const mainThreadLists = new ListCache();

/** A set operation (set-ops.ts): always in the worker when there is one, whatever the lists' size. */
export async function runSetTaskAsync(task: SetCombineTask): Promise<SetCombineResult> {
  const w = getWorker();
  if (!w) return runSetTask(task, mainThreadLists);
  try {
    return await inWorker<SetCombineResult>(w, task);
  } catch {
    return runSetTask(task, mainThreadLists);
  }
}

/**
 * Runs an ASIN task where it suits its size: in the Web Worker when the text is large (LARGE_TEXT_CHARS) (the page stays
 * responsive), on the main thread when it is small, when the browser has no Worker (jsdom in tests),
 * or when the worker fails (the result is the same either way: one pure function).
 */
import { LARGE_TEXT_CHARS, runAsinTask, type AsinTask, type AsinTaskResult } from './asin-filter';

export interface AsinWorkerRequest {
  id: number;
  task: AsinTask;
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

function inWorker<T extends AsinTask>(w: Worker, task: T): Promise<AsinTaskResult<T>> {
  const id = nextId++;
  return new Promise<AsinTaskResult<T>>((resolve, reject) => {
    pending.set(id, { resolve: (v) => resolve(v as AsinTaskResult<T>), reject });
    w.postMessage({ id, task } satisfies AsinWorkerRequest);
  });
}

export async function runAsinTaskAsync<T extends AsinTask>(task: T): Promise<AsinTaskResult<T>> {
  const w = task.text.length >= LARGE_TEXT_CHARS ? getWorker() : null;
  if (!w) return runAsinTask(task);
  try {
    return await inWorker(w, task);
  } catch {
    // A broken worker (e.g. a blocked script) must not lose the user's work: do it here instead.
    return runAsinTask(task);
  }
}

/**
 * The ASIN filter tool's Web Worker: runs the pure functions of asin-filter.ts and set-ops.ts off the
 * main thread, so cleaning, filtering and combining 100,000-ASIN lists does not freeze the page.
 * Started by asinTasks.ts. The lists it parsed are kept (by id) for the next operation.
 */
import { runAsinTask } from './asin-filter';
import type { AsinWorkerRequest, AsinWorkerResponse } from './asinTasks';
import { ListCache, runSetTask } from './set-ops';

const lists = new ListCache();

interface WorkerScope {
  onmessage: ((event: MessageEvent<AsinWorkerRequest>) => void) | null;
  postMessage: (message: AsinWorkerResponse) => void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  const { id, task } = event.data;
  try {
    scope.postMessage({ id, result: task.kind === 'combine' ? runSetTask(task, lists) : runAsinTask(task) });
  } catch (error) {
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};

/**
 * The ASIN filter tool's Web Worker: runs the pure functions of asin-filter.ts off the main thread,
 * so cleaning and filtering 100,000 ASINs does not freeze the page. Started by asinTasks.ts.
 */
import { runAsinTask } from './asin-filter';
import type { AsinWorkerRequest, AsinWorkerResponse } from './asinTasks';

interface WorkerScope {
  onmessage: ((event: MessageEvent<AsinWorkerRequest>) => void) | null;
  postMessage: (message: AsinWorkerResponse) => void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  const { id, task } = event.data;
  try {
    scope.postMessage({ id, result: runAsinTask(task) });
  } catch (error) {
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};

/**
 * The ASIN filter tool's Web Worker: runs the pure functions of asin-filter.ts and set-ops.ts off the
 * main thread, so cleaning, filtering and combining 100,000-ASIN lists does not freeze the page.
 * Started by asinTasks.ts. The set operations' lists and last result stay here (set-ops.ts's
 * SetEngine); a file it writes goes back as a transferred buffer.
 */
import { runAsinTask } from './asin-filter';
import type { AsinWorkerRequest, AsinWorkerResponse } from './asinTasks';
import { SetEngine } from './set-ops';

const engine = new SetEngine();

interface WorkerScope {
  onmessage: ((event: MessageEvent<AsinWorkerRequest>) => void) | null;
  postMessage: (message: AsinWorkerResponse, transfer?: Transferable[]) => void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  const { id } = event.data;
  try {
    if ('set' in event.data) {
      const { value, transfer } = engine.run(event.data.set);
      scope.postMessage({ id, result: value }, transfer);
    } else scope.postMessage({ id, result: runAsinTask(event.data.task) });
  } catch (error) {
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};

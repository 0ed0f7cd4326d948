import { abortReason } from '@shelfscan/service';

export { abortReason };

export function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw abortReason(signal);
}

/**
 * The time port of the fetcher: every wait (rate spacing, backoff, cool-down) goes through it, so
 * tests move time instead of sleeping, and every wait stops at once when its signal aborts.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms`; rejects with the signal's reason as soon as the signal aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** The reason to throw when a signal has aborted (its own reason, or a standard AbortError). */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

export function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw abortReason(signal);
}

/** Real time. */
export class SystemClock implements Clock {
  now(): number {
    return Date.now();
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(abortReason(signal));
      const onAbort = () => {
        clearTimeout(timer);
        reject(abortReason(signal!));
      };
      const timer = setTimeout(
        () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        Math.max(0, ms),
      );
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }
}

/**
 * A clock for tests. Each `sleep(ms)` moves the clock forward by `ms` at once (past any earlier
 * deadline) and resolves on the next turn of the event loop, so a sequential flow sees exactly the
 * time it would have seen for real, without waiting. `sleeps` records every requested wait;
 * `advance(ms)` moves time by hand (e.g. past a cool-down).
 */
export class ManualClock implements Clock {
  readonly sleeps: number[] = [];
  private current: number;

  constructor(start = Date.UTC(2026, 0, 1)) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  advance(ms: number): void {
    this.current += ms;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    const wait = Math.max(0, ms);
    this.sleeps.push(wait);
    this.current += wait;
    return new Promise<void>((resolve, reject) =>
      setImmediate(() => (signal?.aborted ? reject(abortReason(signal)) : resolve())),
    );
  }
}

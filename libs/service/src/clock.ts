/**
 * The time port. Everything about days, months, expiry, trials, quotas, throttling and leases
 * reads `now()` from the injected Clock, so tests move time instead of sleeping. Business code
 * never calls `Date.now()` or `new Date()` for the current time.
 */
export abstract class Clock {
  abstract now(): Date;

  /** Resolves after `ms`; rejects with the signal's reason as soon as the signal aborts. */
  abstract sleep(ms: number, signal?: AbortSignal): Promise<void>;

  /** Milliseconds since the epoch, as `Date.now()` would say on this clock. */
  nowMs(): number {
    return this.now().getTime();
  }
}

/** The reason to throw when a signal has aborted (its own reason, or a standard AbortError). */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/** The wall clock (production). */
export class SystemClock extends Clock {
  now(): Date {
    return new Date();
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
 * A clock that stands still until told to move (tests). Each `sleep(ms)` moves it forward by `ms`
 * at once and resolves on the next turn of the event loop, so a sequential flow sees exactly the
 * time it would have seen for real, without waiting; `sleeps` records every requested wait.
 */
export class ManualClock extends Clock {
  readonly sleeps: number[] = [];
  private current: number;

  constructor(start: Date | string | number = '2030-01-15T09:00:00Z') {
    super();
    this.current = new Date(start).getTime();
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

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current += ms;
  }

  set(to: Date | string): void {
    this.current = new Date(to).getTime();
  }
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

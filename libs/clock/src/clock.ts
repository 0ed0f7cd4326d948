/** A scheduled call, from `Clock.setTimeout` or `Clock.setInterval`. */
export interface Timer {
  /** No more calls (a call already running finishes). Calling it twice is harmless. */
  cancel(): void;
}

export interface TimerOptions {
  /** The timer does not keep the process alive (the wall clock's `unref`). Default false. */
  unref?: boolean;
}

/**
 * The time port. Everything about days, months, expiry, trials, quotas, throttling and leases
 * reads `now()` from the injected Clock, and every rhythm (heartbeats, polls, periodic work) is
 * scheduled on it, so tests move time instead of sleeping. Business code never calls `Date.now()`,
 * `new Date()`, `setTimeout` or `setInterval` for the current time or a wait.
 */
export abstract class Clock {
  abstract now(): Date;

  /** Resolves after `ms`; rejects with the signal's reason as soon as the signal aborts. */
  abstract sleep(ms: number, signal?: AbortSignal): Promise<void>;

  /** Calls `fn` once, `ms` from now. */
  abstract setTimeout(fn: () => void, ms: number, options?: TimerOptions): Timer;

  /** Calls `fn` every `ms` from now on, until cancelled. */
  abstract setInterval(fn: () => void, ms: number, options?: TimerOptions): Timer;

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

  setTimeout(fn: () => void, ms: number, options?: TimerOptions): Timer {
    const timer = setTimeout(fn, Math.max(0, ms));
    if (options?.unref) timer.unref();
    return { cancel: () => clearTimeout(timer) };
  }

  setInterval(fn: () => void, ms: number, options?: TimerOptions): Timer {
    const timer = setInterval(fn, Math.max(1, ms));
    if (options?.unref) timer.unref();
    return { cancel: () => clearInterval(timer) };
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

interface ManualTimer {
  due: number;
  /** For an interval, its period; undefined for a one-off. */
  every?: number;
  fn: () => void;
  /** Creation order: timers due at the same moment fire in the order they were set. */
  seq: number;
}

/**
 * A clock that stands still until told to move (tests). Each `sleep(ms)` moves it forward by `ms`
 * at once and resolves on the next turn of the event loop, so a sequential flow sees exactly the
 * time it would have seen for real, without waiting; `sleeps` records every requested wait.
 * Timers fire only when the clock moves (`advance`, `set`, `sleep`) past their due time, in due
 * order, each with the clock reading its due time; an interval fires once per period passed.
 */
export class ManualClock extends Clock {
  readonly sleeps: number[] = [];
  private current: number;
  private readonly timers = new Set<ManualTimer>();
  private seq = 0;

  constructor(start: Date | string | number = '2030-01-15T09:00:00Z') {
    super();
    this.current = new Date(start).getTime();
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    const wait = Math.max(0, ms);
    this.sleeps.push(wait);
    this.advance(wait);
    return new Promise<void>((resolve, reject) =>
      setImmediate(() => (signal?.aborted ? reject(abortReason(signal)) : resolve())),
    );
  }

  now(): Date {
    return new Date(this.current);
  }

  setTimeout(fn: () => void, ms: number): Timer {
    return this.schedule({ due: this.current + Math.max(0, ms), fn, seq: this.seq++ });
  }

  setInterval(fn: () => void, ms: number): Timer {
    const every = Math.max(1, ms);
    return this.schedule({ due: this.current + every, every, fn, seq: this.seq++ });
  }

  /** How many timers are waiting to fire (an interval counts until cancelled). */
  get pendingTimers(): number {
    return this.timers.size;
  }

  /** Moves the clock forward by `ms`, firing every timer that falls due on the way. */
  advance(ms: number): void {
    this.moveTo(this.current + ms);
  }

  /** Sets the clock; moving it forward fires the timers due by then, moving it back fires none. */
  set(to: Date | string): void {
    const target = new Date(to).getTime();
    if (target < this.current) this.current = target;
    else this.moveTo(target);
  }

  private schedule(timer: ManualTimer): Timer {
    this.timers.add(timer);
    return { cancel: () => void this.timers.delete(timer) };
  }

  private moveTo(target: number): void {
    for (let next = this.nextDue(target); next; next = this.nextDue(target)) {
      // A timer's callback may read or move the clock itself: never move it backwards.
      this.current = Math.max(this.current, next.due);
      if (next.every === undefined) this.timers.delete(next);
      else next.due += next.every;
      next.fn();
    }
    this.current = Math.max(this.current, target);
  }

  private nextDue(by: number): ManualTimer | undefined {
    let next: ManualTimer | undefined;
    for (const t of this.timers) {
      if (t.due <= by && (!next || t.due < next.due || (t.due === next.due && t.seq < next.seq))) next = t;
    }
    return next;
  }
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

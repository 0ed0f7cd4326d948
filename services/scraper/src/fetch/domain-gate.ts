import type { Clock } from '@shelfscan/service';
import { abortReason, throwIfAborted } from './abort.js';

export interface DomainGateOptions {
  /** Sustained request rate to one domain. */
  requestsPerSecond: number;
  /** Requests in flight at once to one domain. */
  concurrency: number;
  /** Random extra spacing, as a fraction of the interval (0.5 = up to +50 %). Never shortens the interval. */
  jitterRatio: number;
}

interface Waiter {
  resolve: () => void;
  reject: (reason: unknown) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

/**
 * Admission to one marketplace domain: at most `concurrency` requests in flight, and request
 * starts spaced by at least 1/requestsPerSecond (times the breaker's slow-down factor) plus jitter.
 */
export class DomainGate {
  private active = 0;
  private readonly waiters: Waiter[] = [];
  private nextStartAt = 0;

  constructor(
    private readonly options: DomainGateOptions,
    private readonly clock: Clock,
    private readonly random: () => number = Math.random,
  ) {}

  /** Milliseconds between two request starts at the given slow-down factor, before jitter. */
  interval(slowdown = 1): number {
    return (1000 / this.options.requestsPerSecond) * slowdown;
  }

  get inFlight(): number {
    return this.active;
  }

  /**
   * Waits for a concurrency slot and then for the request's start time; resolves with the function
   * that releases the slot (call it once the response body is read).
   */
  async acquire(slowdown: number, signal?: AbortSignal): Promise<() => void> {
    await this.takeSlot(signal);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.releaseSlot();
    };
    try {
      const now = this.clock.nowMs();
      const startAt = Math.max(now, this.nextStartAt);
      const interval = this.interval(slowdown);
      this.nextStartAt = startAt + interval + interval * this.options.jitterRatio * this.random();
      while (this.clock.nowMs() < startAt) await this.clock.sleep(startAt - this.clock.nowMs(), signal);
      throwIfAborted(signal);
      return release;
    } catch (err) {
      release();
      throw err;
    }
  }

  private takeSlot(signal?: AbortSignal): Promise<void> {
    throwIfAborted(signal);
    if (this.active < this.options.concurrency) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, signal };
      if (signal) {
        waiter.onAbort = () => {
          const i = this.waiters.indexOf(waiter);
          if (i >= 0) this.waiters.splice(i, 1);
          reject(abortReason(signal));
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      this.waiters.push(waiter);
    });
  }

  private releaseSlot(): void {
    const next = this.waiters.shift();
    if (next) {
      // The slot passes straight to the next waiter.
      if (next.onAbort) next.signal?.removeEventListener('abort', next.onAbort);
      next.resolve();
    } else {
      this.active--;
    }
  }
}

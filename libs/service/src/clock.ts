/**
 * The time port. Everything about days, months, expiry, trials, quotas, throttling and leases
 * reads `now()` from the injected Clock, so tests move time instead of sleeping. Business code
 * never calls `Date.now()` or `new Date()` for the current time.
 */
export abstract class Clock {
  abstract now(): Date;

  /** Milliseconds since the epoch, as `Date.now()` would say on this clock. */
  nowMs(): number {
    return this.now().getTime();
  }
}

/** The wall clock (production). */
export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}

/** A clock that stands still until told to move (tests). */
export class ManualClock extends Clock {
  private current: number;

  constructor(start: Date | string = '2030-01-15T09:00:00Z') {
    super();
    this.current = new Date(start).getTime();
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

/** The time port: everything about expiry and throttling reads `now()` here, so tests move time instead of sleeping. */
export class Clock {
  now(): Date {
    return new Date();
  }
}

/** A clock that stands still until told to move (tests). */
export class ManualClock extends Clock {
  constructor(private current: Date = new Date('2030-01-15T09:00:00Z')) {
    super();
  }

  override now(): Date {
    return new Date(this.current.getTime());
  }

  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;

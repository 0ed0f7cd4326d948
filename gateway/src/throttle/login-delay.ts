import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@shelfscan/clock';
import { ThrottleCounters } from './throttle-counters.js';

/** The per-account login brake: failures counted in a window, a delay from the `free`-th on. */
export const LOGIN_DELAY = {
  /** Failures in the window before logins to the account are delayed. */
  free: 3,
  /** The first delay; each further failure doubles it, up to `capMs`. */
  firstMs: 1_000,
  capMs: 10_000,
  windowMs: 15 * 60_000,
} as const;

/** How long a login to an account with `failures` recent failures waits before it is checked. */
export function loginDelayMs(failures: number): number {
  if (failures < LOGIN_DELAY.free) return 0;
  return Math.min(LOGIN_DELAY.firstMs * 2 ** (failures - LOGIN_DELAY.free), LOGIN_DELAY.capMs);
}

const COUNTER = 'login-failures';

/**
 * Progressive delay per account instead of a lock: every login to an account with recent failures
 * waits (capped) before the password is checked, so guessing one account gets slow, while its
 * owner is never refused: the right password still logs in, at worst `capMs` later. The wait is
 * here, at the edge (an open HTTP request and a timer), not in auth, whose bus handlers run one at
 * a time per partition. Counted in the shared throttle counters under a hash of the email (no
 * address is stored), so every replica delays alike. Per-address limits are the throttler's (and
 * auth's failures per address).
 */
@Injectable()
export class LoginDelays {
  constructor(
    @Inject(ThrottleCounters) private readonly counters: ThrottleCounters,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** Waits the account's delay (the Clock's sleep); how long it waited. */
  async wait(email: string): Promise<number> {
    const delay = loginDelayMs(await this.counters.count(keyOf(email), COUNTER));
    if (delay > 0) await this.clock.sleep(delay);
    return delay;
  }

  async failed(email: string): Promise<void> {
    await this.counters.hit(keyOf(email), COUNTER, LOGIN_DELAY.windowMs);
  }

  async succeeded(email: string): Promise<void> {
    await this.counters.reset(keyOf(email), COUNTER);
  }
}

function keyOf(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

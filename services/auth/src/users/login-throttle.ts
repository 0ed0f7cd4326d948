import { DataSource } from 'typeorm';
import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@shelfscan/service';
import { tooMany } from '../verification/code-store.js';

interface LoginThrottleLimits {
  /** Failures per client address in the window before its logins are refused. */
  perAddress: number;
  windowMs: number;
}

const LOGIN_LIMITS: LoginThrottleLimits = {
  perAddress: 20,
  windowMs: 15 * 60_000,
};

/**
 * Brute-force brake for logins per client address (the address the gateway saw through its
 * trusted proxies), kept in the auth schema (survives restarts, shared by replicas). Accounts are
 * never locked: anyone could keep a known seller out. The per-account brake is the gateway's
 * progressive delay (gateway/src/throttle/login-delay.ts), which slows guesses but lets the right
 * password in.
 */
@Injectable()
export class LoginThrottle {
  private readonly limits = LOGIN_LIMITS;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** Throws 429 tooManyAttempts (with the wait) when the address has failed too often. */
  async assertAllowed(address: string): Promise<void> {
    if (!address) return;
    const now = this.clock.now().getTime();
    const limit = this.limits.perAddress;
    const rows: { failed_at: Date }[] = await this.dataSource.query(
      `SELECT failed_at FROM login_failure WHERE scope = 'address' AND key = $1 AND failed_at > $2
        ORDER BY failed_at DESC LIMIT $3`,
      [address, new Date(now - this.limits.windowMs), limit],
    );
    if (rows.length < limit) return;
    // Allowed again when the oldest of the last `limit` failures leaves the window.
    throw tooMany(
      'tooManyAttempts',
      new Date(rows[limit - 1].failed_at).getTime() + this.limits.windowMs - now,
    );
  }

  async recordFailure(address: string): Promise<void> {
    if (!address) return;
    const now = this.clock.now();
    await this.dataSource.query(
      `INSERT INTO login_failure (scope, key, failed_at) VALUES ('address', $1, $2)`,
      [address, now],
    );
    // Forget what has left the window.
    await this.dataSource.query(`DELETE FROM login_failure WHERE failed_at < $1`, [
      new Date(now.getTime() - this.limits.windowMs),
    ]);
  }
}

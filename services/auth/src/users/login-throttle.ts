import { DataSource } from 'typeorm';
import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@shelfscan/service';
import { tooMany } from '../verification/code-store.js';

interface LoginThrottleLimits {
  /** Failures per account (email, known or not) in the window before logins are refused. */
  perAccount: number;
  /** Failures per client address in the window. */
  perAddress: number;
  windowMs: number;
}

const LOGIN_LIMITS: LoginThrottleLimits = {
  perAccount: 5,
  perAddress: 20,
  windowMs: 15 * 60_000,
};

/**
 * Brute-force brake for logins, kept in the auth schema (survives restarts, shared by replicas).
 * Counted by the email as typed (normalised), so an unknown email is throttled exactly like a
 * known one and the answers cannot tell them apart.
 */
@Injectable()
export class LoginThrottle {
  private readonly limits = LOGIN_LIMITS;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** Throws 429 tooManyAttempts (with the wait) when the account or the address is locked. */
  async assertAllowed(email: string, address: string): Promise<void> {
    const now = this.clock.now().getTime();
    const since = new Date(now - this.limits.windowMs);
    const check = async (scope: 'account' | 'address', key: string, limit: number) => {
      if (!key) return 0;
      const rows: { failed_at: Date }[] = await this.dataSource.query(
        `SELECT failed_at FROM login_failure WHERE scope = $1 AND key = $2 AND failed_at > $3
          ORDER BY failed_at DESC LIMIT $4`,
        [scope, key, since, limit],
      );
      if (rows.length < limit) return 0;
      // Unlocked when the oldest of the last `limit` failures leaves the window.
      return new Date(rows[limit - 1].failed_at).getTime() + this.limits.windowMs - now;
    };
    const wait = Math.max(
      await check('account', email, this.limits.perAccount),
      await check('address', address, this.limits.perAddress),
    );
    if (wait > 0) throw tooMany('tooManyAttempts', wait);
  }

  async recordFailure(email: string, address: string): Promise<void> {
    const now = this.clock.now();
    const rows: [string, string][] = [['account', email]];
    if (address) rows.push(['address', address]);
    for (const [scope, key] of rows) {
      await this.dataSource.query(`INSERT INTO login_failure (scope, key, failed_at) VALUES ($1, $2, $3)`, [
        scope,
        key,
        now,
      ]);
    }
    // Forget what has left the window.
    await this.dataSource.query(`DELETE FROM login_failure WHERE failed_at < $1`, [
      new Date(now.getTime() - this.limits.windowMs),
    ]);
  }

  /** A successful login (or a password reset) clears the account's failures. */
  async clearAccount(email: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM login_failure WHERE scope = 'account' AND key = $1`, [email]);
  }
}

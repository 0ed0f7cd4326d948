import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { BusError } from '@shelfscan/bus';
import { DataSource, type EntityManager } from 'typeorm';
import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@shelfscan/service';

export type CodePurpose = 'activation' | 'password_reset' | 'phone';

/** How many tries a code allows before it is spent. */
export const MAX_CODE_ATTEMPTS = 5;

export type CheckResult =
  { ok: true; target: string | null } | { ok: false; why: 'invalid' | 'expired' | 'exhausted' };

/** A six-digit code from the CSPRNG, zero-padded. */
export function sixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** A password reset key: 32 random bytes, base64url. */
export function resetKey(): string {
  return randomBytes(32).toString('base64url');
}

function hash(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/**
 * Short-lived secrets (activation and phone codes, reset keys), stored hashed with their expiry
 * and attempt count. Issuing a new one supersedes the previous one of the same purpose.
 */
@Injectable()
export class CodeStore {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async issue(
    userId: string,
    purpose: CodePurpose,
    secret: string,
    ttlMs: number,
    target: string | null = null,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    const now = this.clock.now();
    await manager.query(
      `UPDATE verification_code SET used_at = $3 WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`,
      [userId, purpose, now],
    );
    await manager.query(
      `INSERT INTO verification_code (user_id, purpose, code_hash, target, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [userId, purpose, hash(secret), target, now, new Date(now.getTime() + ttlMs)],
    );
  }

  /**
   * Checks a code against the user's current one of this purpose. A wrong code costs an attempt;
   * a right one is used up. `onValid` runs in the same transaction (e.g. activate the account).
   */
  async check(
    userId: string,
    purpose: CodePurpose,
    secret: string,
    onValid?: (manager: EntityManager, target: string | null) => Promise<void>,
  ): Promise<CheckResult> {
    const now = this.clock.now();
    return this.dataSource.transaction(async (manager) => {
      const rows: {
        id: string;
        code_hash: string;
        target: string | null;
        expires_at: Date;
        attempts: number;
      }[] = await manager.query(
        `SELECT id, code_hash, target, expires_at, attempts FROM verification_code
            WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL
            ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
        [userId, purpose],
      );
      const row = rows[0];
      if (!row) return { ok: false, why: 'invalid' } as const;
      if (row.attempts >= MAX_CODE_ATTEMPTS) return { ok: false, why: 'exhausted' } as const;
      if (new Date(row.expires_at).getTime() <= now.getTime()) return { ok: false, why: 'expired' } as const;
      if (!sameHash(row.code_hash, hash(secret))) {
        await manager.query(`UPDATE verification_code SET attempts = attempts + 1 WHERE id = $1`, [row.id]);
        return { ok: false, why: 'invalid' } as const;
      }
      await manager.query(`UPDATE verification_code SET used_at = $2 WHERE id = $1`, [row.id, now]);
      await onValid?.(manager, row.target);
      return { ok: true, target: row.target } as const;
    });
  }

  /**
   * Resend limits: at most `perMinute` codes a minute and `perHour` an hour for this purpose.
   * Throws 429 (tooManyRequests) with the seconds to wait.
   */
  async assertCanSend(userId: string, purpose: CodePurpose, perMinute = 1, perHour = 5): Promise<void> {
    const now = this.clock.now().getTime();
    const rows: { created_at: Date }[] = await this.dataSource.query(
      `SELECT created_at FROM verification_code
        WHERE user_id = $1 AND purpose = $2 AND created_at > $3 ORDER BY created_at DESC`,
      [userId, purpose, new Date(now - 3_600_000)],
    );
    const times = rows.map((r) => new Date(r.created_at).getTime());
    const inMinute = times.filter((t) => t > now - 60_000);
    let waitMs = 0;
    if (inMinute.length >= perMinute) waitMs = inMinute[perMinute - 1] + 60_000 - now;
    if (times.length >= perHour) waitMs = Math.max(waitMs, times[perHour - 1] + 3_600_000 - now);
    if (waitMs > 0) throw tooMany('tooManyRequests', waitMs);
  }
}

/** RESOURCE_EXHAUSTED with its reason as the message key, and how long until trying again. */
export function tooMany(reason: 'tooManyRequests' | 'tooManyAttempts', waitMs: number): BusError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new BusError('RESOURCE_EXHAUSTED', reason, { reason, retryAfterSeconds: seconds });
}

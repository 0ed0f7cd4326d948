import type { ThrottlerStorage } from '@nestjs/throttler';
import type { Clock } from '@shelfscan/clock';
import { rowsOf } from '@shelfscan/db';
import type { DataSource } from 'typeorm';

/** A limit `hit` never reaches (the column is an integer). */
const UNLIMITED = 2_147_483_647;

/** How often expired rows are swept (at most; on the next hit after it). */
const SWEEP_EVERY_MS = 60_000;

interface CounterRow {
  hits: number;
  window_ends_at: Date;
  blocked_until: Date | null;
}

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

const secondsUntil = (at: Date | null, now: number) =>
  at ? Math.max(0, Math.ceil((at.getTime() - now) / 1000)) : 0;

/**
 * @nestjs/throttler's storage on PostgreSQL, so that every gateway replica counts the same hits
 * (the default storage is each process's memory: with n replicas a client got n times the limit).
 * A fixed window per key and throttler, counted in one atomic upsert; past the limit the key is
 * blocked for `blockDuration` (hits while blocked are not counted). Time is the Clock's.
 */
export class ThrottleCounters implements ThrottlerStorage {
  private lastSweep = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    const now = this.clock.nowMs();
    const [row] = rowsOf<CounterRow>(
      await this.dataSource.query(
        `INSERT INTO throttle_counter AS c (key, throttler, hits, window_ends_at, blocked_until)
         VALUES ($1, $2, 1, $3::timestamptz + make_interval(secs => $4 / 1000.0),
                 CASE WHEN 1 > $5 THEN $3::timestamptz + make_interval(secs => $6 / 1000.0) END)
         ON CONFLICT (key, throttler) DO UPDATE SET
           hits = CASE WHEN c.blocked_until > $3 THEN c.hits
                       WHEN c.window_ends_at <= $3 THEN 1
                       ELSE c.hits + 1 END,
           window_ends_at = CASE WHEN c.window_ends_at <= $3 THEN EXCLUDED.window_ends_at
                                 ELSE c.window_ends_at END,
           blocked_until = CASE
             WHEN c.blocked_until > $3 THEN c.blocked_until
             WHEN (CASE WHEN c.window_ends_at <= $3 THEN 1 ELSE c.hits + 1 END) > $5
               THEN $3::timestamptz + make_interval(secs => $6 / 1000.0)
             END
         RETURNING hits, window_ends_at, blocked_until`,
        [key, throttlerName, new Date(now), ttl, limit, blockDuration],
      ),
    );
    this.sweep(now);
    const isBlocked = !!row.blocked_until && row.blocked_until.getTime() > now;
    return {
      totalHits: row.hits,
      timeToExpire: secondsUntil(row.window_ends_at, now),
      isBlocked,
      timeToBlockExpire: isBlocked ? secondsUntil(row.blocked_until, now) : 0,
    };
  }

  /** Counts one event under `key` in a window of `windowMs` (never blocks); the window's count. */
  async hit(key: string, name: string, windowMs: number): Promise<number> {
    return (await this.increment(key, windowMs, UNLIMITED, 0, name)).totalHits;
  }

  /** The events counted under `key` in its current window (0 when none or the window is over). */
  async count(key: string, name: string): Promise<number> {
    const rows: { hits: number }[] = await this.dataSource.query(
      `SELECT hits FROM throttle_counter WHERE key = $1 AND throttler = $2 AND window_ends_at > $3`,
      [key, name, this.clock.now()],
    );
    return rows[0]?.hits ?? 0;
  }

  async reset(key: string, name: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM throttle_counter WHERE key = $1 AND throttler = $2`, [
      key,
      name,
    ]);
  }

  /** Forgets the rows whose window and block are over (best effort, at most once a minute). */
  private sweep(now: number): void {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    void this.dataSource
      .query(
        `DELETE FROM throttle_counter
          WHERE window_ends_at < $1 AND (blocked_until IS NULL OR blocked_until < $1)`,
        [new Date(now)],
      )
      .catch(() => undefined);
  }
}

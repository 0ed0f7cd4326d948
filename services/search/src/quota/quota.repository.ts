import { rowsOf } from '@shelfscan/db';
import { Inject, Injectable } from '@nestjs/common';
import { BusError } from '@shelfscan/bus';
import { ISTANBUL } from '@shelfscan/service';
import { DataSource, type EntityManager } from 'typeorm';

const HOUR_MS = 3_600_000;
/** Istanbul has no daylight saving time: a day is 24 hours from its midnight. */
const DAY_MS = 24 * HOUR_MS;

export type QuotaCounter = 'standard-day' | 'standard-month' | 'deep-day';

/** The Istanbul day and month an instant falls in, and when each ends. */
export interface Periods {
  /** YYYY-MM-DD */
  day: string;
  /** YYYY-MM-01 */
  month: string;
  nextDayAt: Date;
  nextMonthAt: Date;
}

/** What one scan takes: each counter with its limit (checked in this order). */
export type QuotaClaim = { counter: QuotaCounter; limit: number }[];

/**
 * Per-user quota counters, one row per counter and period. Taking a right is one conditional
 * UPDATE (`used < limit`) inside the caller's transaction, so concurrent requests serialise on the
 * row and never exceed the limit; a refund gives it back to the period it was taken from.
 */
@Injectable()
export class QuotaRepository {
  /** The periods of the current Istanbul day: the same for every instant until its midnight. */
  private today?: Periods;

  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /**
   * The Istanbul periods of `now` (PostgreSQL's time zone database does the calendar), asked once a
   * day: every quota read and scan start needs them (docs/performance.md).
   */
  async periods(now: Date, manager: EntityManager = this.dataSource.manager): Promise<Periods> {
    const today = this.today;
    const at = now.getTime();
    if (today && at < today.nextDayAt.getTime() && at >= today.nextDayAt.getTime() - DAY_MS) return today;
    const rows: { day: string; month: string; next_day: Date; next_month: Date }[] = await manager.query(
      `SELECT to_char(l, 'YYYY-MM-DD') AS day, to_char(date_trunc('month', l), 'YYYY-MM-DD') AS month,
              (date_trunc('day', l) + interval '1 day') AT TIME ZONE $2::text AS next_day,
              (date_trunc('month', l) + interval '1 month') AT TIME ZONE $2::text AS next_month
         FROM (SELECT $1::timestamptz AT TIME ZONE $2::text AS l) t`,
      [now, ISTANBUL],
    );
    const r = rows[0]!;
    const periods = { day: r.day, month: r.month, nextDayAt: r.next_day, nextMonthAt: r.next_month };
    this.today = periods;
    return periods;
  }

  /**
   * Takes one right from every counter of the claim, or none: throws RESOURCE_EXHAUSTED (and the
   * caller's transaction rolls back) at the first counter already at its limit.
   */
  async take(
    manager: EntityManager,
    userEmail: string,
    claim: QuotaClaim,
    p: Periods,
    now: Date,
  ): Promise<void> {
    for (const { counter, limit } of claim) {
      const period = periodOf(counter, p);
      await manager.query(
        `INSERT INTO quota_usage (user_email, counter, period) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
        [userEmail, counter, period],
      );
      const taken = rowsOf(
        await manager.query(
          `UPDATE quota_usage SET used = used + 1
          WHERE user_email = $1 AND counter = $2 AND period = $3 AND used < $4 RETURNING used`,
          [userEmail, counter, period, limit],
        ),
      );
      if (taken.length === 0) throw exhausted(counter, p, now);
    }
  }

  /** How many scans the claim still allows in these periods (the tightest of its counters). */
  async left(manager: EntityManager, userEmail: string, claim: QuotaClaim, p: Periods): Promise<number> {
    let left = Number.POSITIVE_INFINITY;
    for (const { counter, limit } of claim) {
      const rows: { used: number }[] = await manager.query(
        'SELECT used FROM quota_usage WHERE user_email = $1 AND counter = $2 AND period = $3',
        [userEmail, counter, periodOf(counter, p)],
      );
      left = Math.min(left, Math.max(0, limit - (rows[0]?.used ?? 0)));
    }
    return left;
  }

  /** Gives the rights of a scan back to the periods they were taken from. */
  async refund(
    manager: EntityManager,
    userEmail: string,
    counters: QuotaCounter[],
    day: string | null,
    month: string | null,
  ): Promise<void> {
    for (const counter of counters) {
      const period = counter === 'standard-month' ? month : day;
      if (!period) continue;
      await manager.query(
        `UPDATE quota_usage SET used = used - 1
          WHERE user_email = $1 AND counter = $2 AND period = $3 AND used > 0`,
        [userEmail, counter, period],
      );
    }
  }

  /**
   * One estimate of the user's hour (`limit` an hour, the clock hour of `now`): a conditional
   * UPDATE as for scans, so concurrent requests never pass the limit. Throws RESOURCE_EXHAUSTED
   * (`estimateTooMany`, back at the next hour) when the hour's estimates are used up. The user's
   * rows of earlier hours are dropped on the way.
   */
  async takeEstimate(userEmail: string, limit: number, now: Date): Promise<void> {
    const hour = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
    const taken = await this.dataSource.transaction(async (manager) => {
      await manager.query(`DELETE FROM estimate_usage WHERE user_email = $1 AND hour < $2`, [
        userEmail,
        hour,
      ]);
      await manager.query(
        `INSERT INTO estimate_usage (user_email, hour) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
        [userEmail, hour],
      );
      return rowsOf(
        await manager.query(
          `UPDATE estimate_usage SET used = used + 1
            WHERE user_email = $1 AND hour = $2 AND used < $3 RETURNING used`,
          [userEmail, hour, limit],
        ),
      );
    });
    if (taken.length) return;
    const retryAt = new Date(hour.getTime() + HOUR_MS);
    throw new BusError('RESOURCE_EXHAUSTED', 'estimateTooMany', {
      reason: 'estimateTooMany',
      retryAfterSeconds: Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000)),
      retryAt: retryAt.toISOString(),
    });
  }

  /** How many rights of each counter the user has used in the periods of `p`. */
  async usage(userEmail: string, p: Periods): Promise<Record<QuotaCounter, number>> {
    const rows: { counter: QuotaCounter; used: number }[] = await this.dataSource.query(
      `SELECT counter, used FROM quota_usage
        WHERE user_email = $1 AND ((counter IN ('standard-day', 'deep-day') AND period = $2)
                                   OR (counter = 'standard-month' AND period = $3))`,
      [userEmail, p.day, p.month],
    );
    const used: Record<QuotaCounter, number> = { 'standard-day': 0, 'standard-month': 0, 'deep-day': 0 };
    for (const r of rows) used[r.counter] = r.used;
    return used;
  }
}

function periodOf(counter: QuotaCounter, p: Periods): string {
  return counter === 'standard-month' ? p.month : p.day;
}

/**
 * 429, one reason per counter: the month's standard searches ('monthlySearchLimitExceeded', back on
 * the 1st), the day's standard searches ('noRemainingDailySearchRights') or the day's deep searches
 * ('noRemainingDailyDeepSearchRights', both back at Istanbul midnight); Retry-After and retryAt say when.
 */
const EXHAUSTED: Record<QuotaCounter, string> = {
  'standard-month': 'monthlySearchLimitExceeded',
  'standard-day': 'noRemainingDailySearchRights',
  'deep-day': 'noRemainingDailyDeepSearchRights',
};

function exhausted(counter: QuotaCounter, p: Periods, now: Date): BusError {
  const retryAt = counter === 'standard-month' ? p.nextMonthAt : p.nextDayAt;
  const reason = EXHAUSTED[counter];
  return new BusError('RESOURCE_EXHAUSTED', reason, {
    reason,
    retryAfterSeconds: Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000)),
    retryAt: retryAt.toISOString(),
  });
}

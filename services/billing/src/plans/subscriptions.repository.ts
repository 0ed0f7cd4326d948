import { rowsOf } from '@shelfscan/db';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

export type SubscriptionStatus = 'pending' | 'active' | 'past_due' | 'cancelled' | 'inactive';

export interface SubscriptionRecord {
  id: string;
  userEmail: string;
  features: string[];
  trial: boolean;
  status: SubscriptionStatus;
  periodStart: Date;
  periodEnd: Date;
  promotionId: string | null;
  lang: string;
  failedAttempts: number;
  lastAttemptDate: string | null;
  hardDeclined: boolean;
  /** Set when an admin granted the plan by hand (no payment, no renewal). */
  grantedBy: string | null;
  grantReason: string | null;
}

const COLUMNS = `id, user_email AS "userEmail", features, trial, status, period_start AS "periodStart",
  period_end AS "periodEnd", promotion_id AS "promotionId", lang, failed_attempts AS "failedAttempts",
  to_char(last_attempt_date, 'YYYY-MM-DD') AS "lastAttemptDate", hard_declined AS "hardDeclined",
  granted_by AS "grantedBy", grant_reason AS "grantReason"`;
/** The one open paid plan per user (the partial unique index of the schema). */
const OPEN_PLAN = `NOT trial AND granted_by IS NULL AND status IN ('pending', 'active', 'past_due', 'cancelled')`;

/** The only place that reads and writes `subscription`, `verified_phone` and `trial`. */
@Injectable()
export class SubscriptionsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async byId(
    id: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<SubscriptionRecord | null> {
    const rows: SubscriptionRecord[] = await manager.query(
      `SELECT ${COLUMNS} FROM subscription WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  async ofUser(email: string): Promise<SubscriptionRecord[]> {
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM subscription WHERE user_email = $1 AND status <> 'pending'
       ORDER BY period_start DESC`,
      [email],
    );
  }

  /** The user's open paid plan (pending, active, past due or cancelled but not ended). */
  async openPlan(
    email: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<SubscriptionRecord | null> {
    const rows: SubscriptionRecord[] = await manager.query(
      `SELECT ${COLUMNS} FROM subscription
       WHERE user_email = $1 AND ${OPEN_PLAN}`,
      [email],
    );
    return rows[0] ?? null;
  }

  /** Null when the user already has an open paid plan (the partial unique index). */
  async insertPending(
    manager: EntityManager,
    s: { email: string; features: string[]; periodStart: Date; periodEnd: Date; lang: string; now: Date },
  ): Promise<SubscriptionRecord | null> {
    const rows: SubscriptionRecord[] = await manager.query(
      `INSERT INTO subscription (user_email, features, status, period_start, period_end, lang, created_at)
       VALUES ($1, $2, 'pending', $3, $4, $5, $6)
       ON CONFLICT (user_email) WHERE ${OPEN_PLAN}
       DO NOTHING RETURNING ${COLUMNS}`,
      [s.email, s.features, s.periodStart, s.periodEnd, s.lang, s.now],
    );
    return rows[0] ?? null;
  }

  async insertTrial(
    manager: EntityManager,
    s: { email: string; features: string[]; periodStart: Date; periodEnd: Date; now: Date },
  ): Promise<SubscriptionRecord> {
    const rows: SubscriptionRecord[] = await manager.query(
      `INSERT INTO subscription (user_email, features, trial, status, period_start, period_end, created_at)
       VALUES ($1, $2, true, 'active', $3, $4, $5) RETURNING ${COLUMNS}`,
      [s.email, s.features, s.periodStart, s.periodEnd, s.now],
    );
    return rows[0];
  }

  /** A plan an admin grants by hand: active at once, until its end, never renewed. */
  async insertGranted(
    manager: EntityManager,
    s: {
      email: string;
      features: string[];
      periodStart: Date;
      periodEnd: Date;
      grantedBy: string;
      reason: string;
      now: Date;
    },
  ): Promise<SubscriptionRecord> {
    const rows: SubscriptionRecord[] = await manager.query(
      `INSERT INTO subscription (user_email, features, status, period_start, period_end, granted_by, grant_reason, created_at)
       VALUES ($1, $2, 'active', $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
      [s.email, s.features, s.periodStart, s.periodEnd, s.grantedBy, s.reason, s.now],
    );
    return rows[0];
  }

  /** An admin ends a usable plan now; null when the user has no such plan. */
  async revoke(
    manager: EntityManager,
    p: { email: string; id: string; revokedBy: string; reason: string },
  ): Promise<SubscriptionRecord | null> {
    const rows = rowsOf<SubscriptionRecord>(
      await manager.query(
        `UPDATE subscription SET status = 'inactive', revoked_by = $3, revoke_reason = $4
         WHERE id = $1 AND user_email = $2 AND status IN ('active', 'past_due', 'cancelled') RETURNING ${COLUMNS}`,
        [p.id, p.email, p.revokedBy, p.reason],
      ),
    );
    return rows[0] ?? null;
  }

  async setPromotion(manager: EntityManager, id: string, promotionId: string | null): Promise<void> {
    await manager.query(`UPDATE subscription SET promotion_id = $2 WHERE id = $1`, [id, promotionId]);
  }

  /** Paid: active for the period, the dunning state cleared. */
  async activate(
    manager: EntityManager,
    id: string,
    periodStart: Date,
    periodEnd: Date,
  ): Promise<SubscriptionRecord> {
    const rows: [SubscriptionRecord[], number] = await manager.query(
      `UPDATE subscription SET status = CASE WHEN status = 'cancelled' THEN 'cancelled' ELSE 'active' END,
         period_start = $2, period_end = $3, failed_attempts = 0, hard_declined = false
       WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, periodStart, periodEnd],
    );
    return rows[0][0];
  }

  async setStatus(manager: EntityManager, id: string, status: SubscriptionStatus, now?: Date): Promise<void> {
    await manager.query(
      `UPDATE subscription SET status = $2, cancelled_at = CASE WHEN $2 = 'cancelled' THEN $3 ELSE cancelled_at END
       WHERE id = $1`,
      [id, status, now ?? null],
    );
  }

  async recordFailure(
    manager: EntityManager,
    id: string,
    p: { date: string; hardDecline: boolean },
  ): Promise<SubscriptionRecord> {
    const rows: [SubscriptionRecord[], number] = await manager.query(
      `UPDATE subscription SET status = 'past_due', failed_attempts = failed_attempts + 1,
         last_attempt_date = $2, hard_declined = hard_declined OR $3
       WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, p.date, p.hardDecline],
    );
    return rows[0][0];
  }

  /** Plans whose paid period has ended by `until` and that renew (active, not trial, not granted). */
  async dueForRenewal(until: Date): Promise<SubscriptionRecord[]> {
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM subscription
       WHERE status = 'active' AND NOT trial AND granted_by IS NULL AND period_end <= $1
       ORDER BY period_end, id`,
      [until],
    );
  }

  async pastDue(email?: string): Promise<SubscriptionRecord[]> {
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM subscription WHERE status = 'past_due' AND ($1::text IS NULL OR user_email = $1)
       ORDER BY id`,
      [email ?? null],
    );
  }

  /** Cancelled plans, trials and granted plans whose period has ended by `until`. */
  async ended(until: Date): Promise<SubscriptionRecord[]> {
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM subscription
       WHERE period_end <= $1
         AND (status = 'cancelled' OR ((trial OR granted_by IS NOT NULL) AND status = 'active'))`,
      [until],
    );
  }

  async recordVerifiedPhone(manager: EntityManager, email: string, phone: string): Promise<void> {
    await manager.query(
      `INSERT INTO verified_phone (user_email, phone) VALUES ($1, $2)
       ON CONFLICT (user_email) DO UPDATE SET phone = EXCLUDED.phone`,
      [email, phone],
    );
  }

  async verifiedPhone(
    email: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<string | null> {
    const rows: { phone: string }[] = await manager.query(
      `SELECT phone FROM verified_phone WHERE user_email = $1`,
      [email],
    );
    return rows[0]?.phone ?? null;
  }

  /** False when this user or this phone already had a trial. */
  async recordTrial(
    manager: EntityManager,
    t: { email: string; phone: string; subscriptionId: string; now: Date },
  ) {
    const rows: unknown[] = await manager.query(
      `INSERT INTO trial (user_email, phone, subscription_id, started_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING RETURNING user_email`,
      [t.email, t.phone, t.subscriptionId, t.now],
    );
    return rows.length > 0;
  }

  async hadTrial(email: string, phone: string | null): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM trial WHERE user_email = $1 OR phone = $2`,
      [email, phone],
    );
    return rows.length > 0;
  }
}

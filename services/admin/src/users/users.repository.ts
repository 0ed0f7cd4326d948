import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Payload } from '../read-models/projections.js';

export interface UserView {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  createdAt: Date | null;
  activatedAt: Date | null;
  membershipActive: boolean;
  /** Holds a plan usable at the time asked. */
  planActive: boolean;
}

export interface PlanView {
  subscriptionId: string;
  features: string[];
  trial: boolean;
  periodStart: Date | null;
  periodEnd: Date | null;
  status: 'active' | 'cancelled' | 'expired';
  expiredReason: string;
  grantedBy: string;
  grantReason: string;
}

/** A final invoice with the sum of its refunds; money as bigint minor units. */
export interface InvoiceView {
  invoiceId: string;
  invoiceNumber: bigint;
  conversationId: string;
  period: string;
  usdCents: bigint;
  discountUsdCents: bigint;
  rate: string;
  bulletinDate: string;
  tryKurus: bigint;
  refundedTryKurus: bigint;
  finalizedAt: Date;
}

export interface ScanCounts {
  standard: number;
  deep: number;
  functional: number;
  failed: number;
  lastScanAt: Date | null;
}

/** A logged event about the user (theirs by email, or one of their scans by scan id). */
export interface LoggedEvent {
  topic: string;
  payload: Payload;
  at: Date;
}

/** A plan is usable at `now` when it is active or cancelled (paid until its end) and `now` is in its period. */
export const USABLE_AT = (alias: string, nowParam: string) =>
  `${alias}.status IN ('active', 'cancelled') AND ${alias}.period_start <= ${nowParam} AND ${nowParam} < ${alias}.period_end`;

const USER_COLUMNS = `u.user_id, u.email, u.first_name, u.last_name, u.registered_at, u.activated_at,
  u.membership_active, EXISTS (SELECT 1 FROM plan_view p WHERE p.user_email = u.email AND ${USABLE_AT('p', '$1')}) AS plan_active`;

/** Reads the users and plans read models (written only by the projections). */
@Injectable()
export class UsersRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async list(
    search: string,
    limit: number,
    offset: number,
    now: Date,
  ): Promise<{ users: UserView[]; total: number }> {
    const pattern = `%${search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const where = `u.email ILIKE $2 OR u.first_name ILIKE $2 OR u.last_name ILIKE $2
      OR (u.first_name || ' ' || u.last_name) ILIKE $2`;
    // One snapshot for the page and the total.
    return this.dataSource.transaction('REPEATABLE READ', async (m) => {
      const rows: RawUser[] = await m.query(
        `SELECT ${USER_COLUMNS} FROM user_view u WHERE ${where}
          ORDER BY u.registered_at DESC NULLS LAST, u.email LIMIT $3 OFFSET $4`,
        [now, pattern, limit, offset],
      );
      const [{ count }]: { count: string }[] = await m.query(
        `SELECT count(*) FROM user_view u WHERE ${where.replaceAll('$2', '$1')}`,
        [pattern],
      );
      return { users: rows.map(toUser), total: Number(count) };
    });
  }

  async find(email: string, now: Date): Promise<UserView | null> {
    const rows: RawUser[] = await this.dataSource.query(
      `SELECT ${USER_COLUMNS} FROM user_view u WHERE u.email = $2`,
      [now, email],
    );
    return rows[0] ? toUser(rows[0]) : null;
  }

  async plans(email: string): Promise<PlanView[]> {
    const rows: {
      subscription_id: string;
      features: string[];
      trial: boolean;
      period_start: Date | null;
      period_end: Date | null;
      status: PlanView['status'];
      expired_reason: string;
      granted_by: string;
      grant_reason: string;
    }[] = await this.dataSource.query(
      `SELECT subscription_id, features, trial, period_start, period_end, status, expired_reason,
              granted_by, grant_reason
         FROM plan_view WHERE user_email = $1 ORDER BY period_start DESC NULLS LAST, subscription_id`,
      [email],
    );
    return rows.map((r) => ({
      subscriptionId: r.subscription_id,
      features: r.features,
      trial: r.trial,
      periodStart: r.period_start && new Date(r.period_start),
      periodEnd: r.period_end && new Date(r.period_end),
      status: r.status,
      expiredReason: r.expired_reason,
      grantedBy: r.granted_by,
      grantReason: r.grant_reason,
    }));
  }

  /** The user's final invoices, newest first, each with the sum of its refunds. */
  async invoices(email: string): Promise<InvoiceView[]> {
    const rows: Record<string, string>[] = await this.dataSource.query(
      `SELECT i.invoice_id, i.invoice_number::text, i.conversation_id, i.period, i.usd_cents::text,
              i.discount_usd_cents::text, i.rate, i.bulletin_date, i.try_kurus::text, i.finalized_at,
              COALESCE((SELECT sum(r.refunded_try_kurus) FROM invoice_refund_view r
                         WHERE r.invoice_id = i.invoice_id), 0)::text AS refunded
         FROM invoice_view i WHERE i.user_email = $1 ORDER BY i.finalized_at DESC, i.invoice_number DESC`,
      [email],
    );
    return rows.map((r) => ({
      invoiceId: r.invoice_id,
      invoiceNumber: BigInt(r.invoice_number),
      conversationId: r.conversation_id,
      period: r.period,
      usdCents: BigInt(r.usd_cents),
      discountUsdCents: BigInt(r.discount_usd_cents),
      rate: r.rate,
      bulletinDate: r.bulletin_date,
      tryKurus: BigInt(r.try_kurus),
      refundedTryKurus: BigInt(r.refunded),
      finalizedAt: new Date(r.finalized_at),
    }));
  }

  /** How many scans the user asked for, by type; how many failed; the last one's time. */
  async scanCounts(email: string): Promise<ScanCounts> {
    const [r]: { standard: number; deep: number; functional: number; failed: number; last: Date | null }[] =
      await this.dataSource.query(
        `SELECT count(*) FILTER (WHERE type = 'standard')::int AS standard,
                count(*) FILTER (WHERE type = 'deep')::int AS deep,
                count(*) FILTER (WHERE type = 'functional')::int AS functional,
                count(*) FILTER (WHERE status = 'failed')::int AS failed,
                max(requested_at) AS last
           FROM scan_view WHERE user_email = $1`,
        [email],
      );
    return { ...r, lastScanAt: r.last && new Date(r.last) };
  }

  /** A page of the events about the user, newest first, and how many there are. */
  async activity(
    email: string,
    limit: number,
    offset: number,
  ): Promise<{ events: LoggedEvent[]; total: number }> {
    const about = `(e.user_email = $1 OR (e.user_email = '' AND e.payload->>'scanId' IN
      (SELECT s.scan_id FROM scan_view s WHERE s.user_email = $1)))`;
    return this.dataSource.transaction('REPEATABLE READ', async (m) => {
      const rows: { topic: string; payload: Payload; occurred_at: Date }[] = await m.query(
        `SELECT e.topic, e.payload, e.occurred_at FROM event_log e WHERE ${about}
          ORDER BY e.occurred_at DESC, e.seq DESC LIMIT $2 OFFSET $3`,
        [email, limit, offset],
      );
      const [{ count }]: { count: number }[] = await m.query(
        `SELECT count(*)::int AS count FROM event_log e WHERE ${about}`,
        [email],
      );
      return {
        events: rows.map((r) => ({ topic: r.topic, payload: r.payload, at: new Date(r.occurred_at) })),
        total: count,
      };
    });
  }
}

interface RawUser {
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  registered_at: Date | null;
  activated_at: Date | null;
  membership_active: boolean;
  plan_active: boolean;
}

function toUser(r: RawUser): UserView {
  return {
    userId: r.user_id,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    createdAt: r.registered_at && new Date(r.registered_at),
    activatedAt: r.activated_at && new Date(r.activated_at),
    membershipActive: r.membership_active,
    planActive: r.plan_active,
  };
}

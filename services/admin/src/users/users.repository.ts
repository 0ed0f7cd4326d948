import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

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
    }[] = await this.dataSource.query(
      `SELECT subscription_id, features, trial, period_start, period_end, status, expired_reason
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
    }));
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

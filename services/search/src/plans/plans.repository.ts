import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

export type Feature = 'standard' | 'deep' | 'functional';
export const FEATURES: readonly Feature[] = ['standard', 'deep', 'functional'];

/**
 * The search service's own view of each user's plans, from billing's events. A plan is active
 * while now is within [period_start, period_end) and it has not expired.
 */
@Injectable()
export class PlansRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** PlanActivated (purchase, renewal, trial): upsert by subscription id. */
  async activated(
    manager: EntityManager,
    plan: {
      subscriptionId: string;
      userEmail: string;
      features: string[];
      trial: boolean;
      periodStart: Date;
      periodEnd: Date;
    },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO user_plan (subscription_id, user_email, features, trial, period_start, period_end)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (subscription_id) DO UPDATE SET user_email = EXCLUDED.user_email,
         features = EXCLUDED.features, trial = EXCLUDED.trial, period_start = EXCLUDED.period_start,
         period_end = EXCLUDED.period_end, cancelled = false, expired = false, updated_at = now()`,
      [
        plan.subscriptionId,
        normalizeEmail(plan.userEmail),
        plan.features.filter((f) => (FEATURES as readonly string[]).includes(f)),
        plan.trial,
        plan.periodStart,
        plan.periodEnd,
      ],
    );
  }

  /** PlanCancelled: it stays usable until period_end. */
  async cancelled(
    manager: EntityManager,
    subscriptionId: string,
    periodEnd: Date | undefined,
  ): Promise<void> {
    await manager.query(
      `UPDATE user_plan SET cancelled = true, period_end = coalesce($2, period_end), updated_at = now()
        WHERE subscription_id = $1`,
      [subscriptionId, periodEnd ?? null],
    );
  }

  /** PlanExpired: no longer usable. */
  async expired(manager: EntityManager, subscriptionId: string): Promise<void> {
    await manager.query(
      'UPDATE user_plan SET expired = true, updated_at = now() WHERE subscription_id = $1',
      [subscriptionId],
    );
  }

  /** The features the user holds an active plan for at `now`. */
  async activeFeatures(userEmail: string, now: Date): Promise<Set<Feature>> {
    const rows: { feature: Feature }[] = await this.dataSource.query(
      `SELECT DISTINCT unnest(features) AS feature FROM user_plan
        WHERE user_email = $1 AND NOT expired AND period_start <= $2 AND $2 < period_end`,
      [normalizeEmail(userEmail), now],
    );
    return new Set(rows.map((r) => r.feature));
  }
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

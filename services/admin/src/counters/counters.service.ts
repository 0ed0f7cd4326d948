import { Inject, Injectable } from '@nestjs/common';
import type { adminV1 } from '@shelfscan/contracts';
import { Clock, ISTANBUL, SystemParameters, assertAdmin } from '@shelfscan/service';
import { DataSource } from 'typeorm';
import { USABLE_AT } from '../users/users.repository.js';

/**
 * Failure codes after which the search service gives the scan's quota right back (its
 * REFUNDED_FAILURES): such a scan does not count against the day or the month here either.
 */
export const REFUNDED_FAILURE_CODES = ['BLOCKED', 'MARKETPLACE_UNREACHABLE', 'INTERNAL'];

/**
 * The counters of the admin home (product spec part 2, and issue 18's tracked-store scans of today),
 * computed from the read models at the clock's now. Definitions: services/admin/README.md ("Counters").
 */
@Injectable()
export class CountersService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(SystemParameters) private readonly parameters: SystemParameters,
  ) {}

  async get(req: adminV1.GetCountersRequest) {
    assertAdmin(req.caller);
    const now = this.clock.now();
    const usable = USABLE_AT('p', '$1');
    const rows: Record<string, string>[] = await this.dataSource.query(
      `SELECT
        (SELECT count(*) FROM user_view) AS total_users,
        (SELECT count(DISTINCT p.user_email) FROM plan_view p JOIN user_view u ON u.email = p.user_email
          WHERE ${usable} AND u.membership_active AND 'deep' = ANY (p.features)) AS active_deep_users,
        (SELECT count(DISTINCT p.user_email) FROM plan_view p JOIN user_view u ON u.email = p.user_email
          WHERE ${usable} AND u.membership_active AND 'standard' = ANY (p.features)) AS active_standard_users,
        (SELECT count(*) FROM plan_view p WHERE ${usable} AND p.trial AND 'standard' = ANY (p.features))
          AS free_standard_plans,
        (SELECT count(*) FROM plan_view p WHERE ${usable} AND 'standard' = ANY (p.features)) AS standard_plan_count,
        (SELECT count(*) FROM plan_view p WHERE ${usable} AND 'deep' = ANY (p.features)) AS deep_feature_count,
        (SELECT count(*) FROM plan_view p WHERE ${usable} AND 'functional' = ANY (p.features))
          AS functional_feature_count,
        (SELECT count(*) FROM plan_view p WHERE NOT p.trial AND
          (p.status = 'cancelled' OR (p.status = 'expired' AND p.expired_reason IN ('ended', 'not_renewed'))))
          AS not_renewed_count,
        (SELECT count(*) FROM scan_view s WHERE s.tracked AND s.requested_at <= $1
          AND s.requested_at >= date_trunc('day', $1::timestamptz AT TIME ZONE $2::text) AT TIME ZONE $2::text)
          AS tracked_scans_today`,
      [now, ISTANBUL],
    );
    const remaining = await this.remaining(now);
    const n = (k: string) => Number(rows[0][k]);
    return {
      totalUsers: n('total_users'),
      activeDeepUsers: n('active_deep_users'),
      activeStandardUsers: n('active_standard_users'),
      freeStandardPlans: n('free_standard_plans'),
      standardPlanCount: n('standard_plan_count'),
      deepFeatureCount: n('deep_feature_count'),
      functionalFeatureCount: n('functional_feature_count'),
      notRenewedCount: n('not_renewed_count'),
      ...remaining,
      trackedScansToday: n('tracked_scans_today'),
    };
  }

  /**
   * The searches still possible today, summed over the users who may search now (membership
   * active, a usable plan with the feature): per user, the day's limit (and for standard the
   * month's) minus the scans that counted in this Istanbul day (month), never below 0. Standard
   * and functional scans share the standard limits, as in the search service; an admin's re-queue
   * of a failed scan (`quota_exempt`) takes no right, as in the search service.
   */
  private async remaining(now: Date) {
    const limit = (key: string) => this.parameters.number(key);
    const [r]: { deep: number; standard: number }[] = await this.dataSource.query(
      `WITH bounds AS (
         SELECT date_trunc('day', $1::timestamptz AT TIME ZONE $2::text) AT TIME ZONE $2::text AS day_start,
                date_trunc('month', $1::timestamptz AT TIME ZONE $2::text) AT TIME ZONE $2::text AS month_start
       ),
       counted AS (
         SELECT s.user_email, s.type = 'deep' AS deep, s.requested_at >= b.day_start AS today
           FROM scan_view s, bounds b
          WHERE s.requested_at >= b.month_start AND s.requested_at <= $1
            AND NOT s.quota_exempt
            AND NOT (s.status = 'failed' AND s.failure_code = ANY ($3::text[]))
       ),
       used AS (
         SELECT user_email,
                count(*) FILTER (WHERE deep AND today) AS deep_day,
                count(*) FILTER (WHERE NOT deep AND today) AS standard_day,
                count(*) FILTER (WHERE NOT deep) AS standard_month
           FROM counted GROUP BY user_email
       ),
       entitled AS (
         SELECT u.email,
                bool_or('deep' = ANY (p.features)) AS deep,
                bool_or('standard' = ANY (p.features) OR 'functional' = ANY (p.features)) AS standard
           FROM user_view u JOIN plan_view p ON p.user_email = u.email
          WHERE u.membership_active AND ${USABLE_AT('p', '$1')}
          GROUP BY u.email
       )
       SELECT
         COALESCE(sum(GREATEST(0, $4::int - COALESCE(x.deep_day, 0))) FILTER (WHERE e.deep), 0)::int AS deep,
         COALESCE(sum(GREATEST(0, LEAST($5::int - COALESCE(x.standard_day, 0),
                                         $6::int - COALESCE(x.standard_month, 0))))
                  FILTER (WHERE e.standard), 0)::int AS standard
         FROM entitled e LEFT JOIN used x ON x.user_email = e.email`,
      [
        now,
        ISTANBUL,
        REFUNDED_FAILURE_CODES,
        limit('search.deep.dailyLimit'),
        limit('search.standard.dailyLimit'),
        limit('search.standard.monthlyLimit'),
      ],
    );
    return { remainingDeepSearchCount: r.deep, remainingStandardSearchCount: r.standard };
  }
}

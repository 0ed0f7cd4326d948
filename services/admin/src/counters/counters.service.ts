import { Inject, Injectable } from '@nestjs/common';
import type { adminV1 } from '@shelfscan/contracts';
import { Clock } from '@shelfscan/service';
import { DataSource } from 'typeorm';
import { assertAdmin } from '../common/caller.js';
import { USABLE_AT } from '../users/users.repository.js';

/**
 * The counters of the admin home (product spec part 2), computed from the read models at the
 * clock's now. Definitions: services/admin/README.md ("Counters").
 */
@Injectable()
export class CountersService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async get(req: adminV1.GetCountersRequest) {
    assertAdmin(req.caller);
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
          AS not_renewed_count`,
      [this.clock.now()],
    );
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
      // Need the search service's scan events (and its limits): 0 until they are consumed here.
      remainingDeepSearchCount: 0,
      remainingStandardSearchCount: 0,
    };
  }
}

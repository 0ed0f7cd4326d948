import { authEventsV1, billingEventsV1, eventTopic } from '@shelfscan/contracts';
import type { EntityManager } from 'typeorm';

/** A stored event as the projections read it: the protobuf message as JSON (field names in camelCase). */
type Payload = Record<string, unknown>;
type Projection = (manager: EntityManager, evt: Payload) => Promise<void>;

const time = (v: unknown) => (typeof v === 'string' && v ? new Date(v) : null);
const text = (v: unknown) => (typeof v === 'string' ? v : '');
/** The stored row is about the same period as the incoming PlanActivated (or about no known period yet). */
const SAME_PERIOD = `(plan_view.period_start IS NULL OR plan_view.period_start = EXCLUDED.period_start)`;

/**
 * How each consumed event changes the read models. Every projection is an upsert keyed by the
 * event's subject (email, subscription id) that gives the same result when applied twice, and
 * tolerates the order of events of one subject arriving mixed (a later fact never goes back).
 * To add the search or billing events later: one entry here, one handler in read-models.handlers.ts.
 */
export const PROJECTIONS: Record<string, Projection> = {
  [eventTopic(authEventsV1.UserRegisteredSchema)]: async (m, e) => {
    await m.query(
      `INSERT INTO user_view (email, user_id, first_name, last_name, lang_key, registered_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (email) DO UPDATE SET user_id = EXCLUDED.user_id, lang_key = EXCLUDED.lang_key,
         registered_at = EXCLUDED.registered_at,
         -- names a UserProfileChanged that arrived first already set are newer: keep them
         first_name = CASE WHEN user_view.first_name = '' THEN EXCLUDED.first_name ELSE user_view.first_name END,
         last_name = CASE WHEN user_view.last_name = '' THEN EXCLUDED.last_name ELSE user_view.last_name END`,
      [
        text(e.email),
        text(e.userId),
        text(e.firstName),
        text(e.lastName),
        text(e.langKey),
        time(e.registeredAt),
      ],
    );
  },
  [eventTopic(authEventsV1.UserActivatedSchema)]: async (m, e) => {
    await m.query(
      `INSERT INTO user_view (email, user_id, activated_at) VALUES ($1, $2, $3)
       ON CONFLICT (email) DO UPDATE SET activated_at = COALESCE(user_view.activated_at, EXCLUDED.activated_at)`,
      [text(e.email), text(e.userId), time(e.activatedAt)],
    );
  },
  [eventTopic(authEventsV1.UserDeactivatedSchema)]: (m, e) => membership(m, e, false),
  [eventTopic(authEventsV1.UserReactivatedSchema)]: (m, e) => membership(m, e, true),
  [eventTopic(authEventsV1.UserProfileChangedSchema)]: async (m, e) => {
    await m.query(
      `INSERT INTO user_view (email, user_id, first_name, last_name) VALUES ($1, $2, $3, $4)
       ON CONFLICT (email) DO UPDATE SET first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name`,
      [text(e.email), text(e.userId), text(e.firstName), text(e.lastName)],
    );
  },
  [eventTopic(billingEventsV1.PlanActivatedSchema)]: async (m, e) => {
    // The same period again (a redelivery, or a cancellation/expiry that arrived first) keeps the
    // status those facts set; a later period (a renewal) makes the subscription active again; an
    // older period changes nothing.
    await m.query(
      `INSERT INTO plan_view (subscription_id, user_email, features, trial, period_start, period_end, status)
       VALUES ($1, $2, $3, $4, $5, $6, 'active')
       ON CONFLICT (subscription_id) DO UPDATE SET features = EXCLUDED.features, trial = EXCLUDED.trial,
         period_start = EXCLUDED.period_start,
         period_end = EXCLUDED.period_end,
         status = CASE WHEN ${SAME_PERIOD} THEN plan_view.status ELSE 'active' END,
         expired_reason = CASE WHEN ${SAME_PERIOD} THEN plan_view.expired_reason ELSE '' END
       WHERE plan_view.period_start IS NULL OR EXCLUDED.period_start >= plan_view.period_start`,
      [
        text(e.subscriptionId),
        text(e.userEmail),
        (e.features as string[] | undefined) ?? [],
        e.trial === true,
        time(e.periodStart),
        time(e.periodEnd),
      ],
    );
  },
  [eventTopic(billingEventsV1.PlanCancelledSchema)]: async (m, e) => {
    await m.query(
      `INSERT INTO plan_view (subscription_id, user_email, period_end, status) VALUES ($1, $2, $3, 'cancelled')
       ON CONFLICT (subscription_id) DO UPDATE SET status = 'cancelled' WHERE plan_view.status = 'active'`,
      [text(e.subscriptionId), text(e.userEmail), time(e.periodEnd)],
    );
  },
  [eventTopic(billingEventsV1.PlanExpiredSchema)]: async (m, e) => {
    await m.query(
      `INSERT INTO plan_view (subscription_id, user_email, status, expired_reason) VALUES ($1, $2, 'expired', $3)
       ON CONFLICT (subscription_id) DO UPDATE SET status = 'expired', expired_reason = EXCLUDED.expired_reason`,
      [text(e.subscriptionId), text(e.userEmail), text(e.reason)],
    );
  },
};

/** The tables the projections write: emptied before a rebuild. */
export const READ_MODEL_TABLES = ['user_view', 'plan_view'];

/** Deactivated / reactivated: the later change wins, whatever order they arrive in. */
async function membership(m: EntityManager, e: Payload, active: boolean): Promise<void> {
  await m.query(
    `INSERT INTO user_view (email, user_id, membership_active, membership_changed_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (email) DO UPDATE SET membership_active = EXCLUDED.membership_active,
       membership_changed_at = EXCLUDED.membership_changed_at
     WHERE user_view.membership_changed_at IS NULL
        OR user_view.membership_changed_at <= EXCLUDED.membership_changed_at`,
    [text(e.email), text(e.userId), active, time(e.changedAt)],
  );
}

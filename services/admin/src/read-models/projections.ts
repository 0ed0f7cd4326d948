import {
  adminEventsV1,
  authEventsV1,
  billingEventsV1,
  eventTopic,
  scraperEventsV1,
} from '@shelfscan/contracts';
import type { EntityManager } from 'typeorm';
import { deletedUserPseudonym } from './pseudonym.js';

/** A stored event as the projections read it: the protobuf message as JSON (field names in camelCase). */
export type Payload = Record<string, unknown>;
/** Of the stored event besides its payload: its message id and its time (`event_log.occurred_at`). */
export interface EventMeta {
  messageId: string;
  at: Date;
}
type Projection = (manager: EntityManager, evt: Payload, meta: EventMeta) => Promise<void>;

const time = (v: unknown) => (typeof v === 'string' && v ? new Date(v) : null);
const text = (v: unknown) => (typeof v === 'string' ? v : '');
/** An int64 field: protobuf-es gives a bigint, stored in the log as its decimal string. */
const int64 = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '0');
/** A scan that has finished (completed, failed, cancelled) never changes status again. */
const UNFINISHED = `scan_view.status IN ('requested', 'running')`;
/** The stored row is about the same period as the incoming PlanActivated (or about no known period yet). */
const SAME_PERIOD = `(plan_view.period_start IS NULL OR plan_view.period_start = EXCLUDED.period_start)`;

/**
 * How each consumed event changes the read models. Every projection is an upsert keyed by the
 * event's subject (email, subscription id) that gives the same result when applied twice, and
 * tolerates the order of events of one subject arriving mixed (a later fact never goes back).
 * A new event: one entry here, one handler in read-models.handlers.ts (and a table in READ_MODEL_TABLES).
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
      `INSERT INTO plan_view (subscription_id, user_email, features, trial, period_start, period_end, status,
         granted_by, grant_reason)
       VALUES ($1, $2, $3, $4, $5, $6, 'active', $7, $8)
       ON CONFLICT (subscription_id) DO UPDATE SET features = EXCLUDED.features, trial = EXCLUDED.trial,
         granted_by = EXCLUDED.granted_by, grant_reason = EXCLUDED.grant_reason,
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
        text(e.grantedBy),
        text(e.grantReason),
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
  [eventTopic(billingEventsV1.InvoiceFinalizedSchema)]: async (m, e) => {
    // A final invoice never changes: the first copy wins.
    await m.query(
      `INSERT INTO invoice_view (invoice_id, invoice_number, conversation_id, user_email, subscription_id,
         features, period, usd_cents, discount_usd_cents, rate, bulletin_date, try_kurus, vat_kurus, finalized_at)
       VALUES ($1, $2::bigint, $3, $4, $5, $6, $7, $8::bigint, $9::bigint, $10, $11, $12::bigint, $13::bigint, $14)
       ON CONFLICT (invoice_id) DO NOTHING`,
      [
        text(e.invoiceId),
        int64(e.invoiceNumber),
        text(e.conversationId),
        text(e.userEmail),
        text(e.subscriptionId),
        (e.features as string[] | undefined) ?? [],
        text(e.period),
        int64(e.usdCents),
        int64(e.discountUsdCents),
        text(e.rate),
        text(e.bulletinDate),
        int64(e.tryKurus),
        int64(e.vatKurus),
        time(e.finalizedAt),
      ],
    );
  },
  [eventTopic(billingEventsV1.InvoiceRefundedSchema)]: async (m, e, meta) => {
    await m.query(
      `INSERT INTO invoice_refund_view (message_id, invoice_id, user_email, refunded_try_kurus, kind, refunded_at)
       VALUES ($1, $2, $3, $4::bigint, $5, $6) ON CONFLICT (message_id) DO NOTHING`,
      [
        meta.messageId,
        text(e.invoiceId),
        text(e.userEmail),
        int64(e.refundedTryKurus),
        text(e.kind),
        time(e.refundedAt) ?? meta.at,
      ],
    );
  },
  // The scan events carry no time: a scan's times are when the admin service received them (its
  // Clock, kept in event_log.occurred_at, so a rebuild gives the same days). Each may arrive before
  // the ScanRequested of its scan: the row is keyed by scan id and filled in by whichever comes.
  [eventTopic(scraperEventsV1.ScanRequestedSchema)]: async (m, e, meta) => {
    await m.query(
      `INSERT INTO scan_view (scan_id, user_email, type, market, requested_at, quota_exempt, tracked)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (scan_id) DO UPDATE SET user_email = EXCLUDED.user_email, type = EXCLUDED.type,
         market = EXCLUDED.market, requested_at = EXCLUDED.requested_at, quota_exempt = EXCLUDED.quota_exempt,
         tracked = EXCLUDED.tracked`,
      [
        text(e.scanId),
        text(e.userEmail),
        text(e.type).toLowerCase(),
        text(e.market),
        meta.at,
        e.quotaExempt === true,
        e.tracked === true,
      ],
    );
  },
  [eventTopic(scraperEventsV1.ScanStartedSchema)]: async (m, e, meta) => {
    await m.query(
      `INSERT INTO scan_view (scan_id, started_at, attempts, status) VALUES ($1, $2, $3, 'running')
       ON CONFLICT (scan_id) DO UPDATE SET
         started_at = COALESCE(scan_view.started_at, EXCLUDED.started_at),
         attempts = GREATEST(scan_view.attempts, EXCLUDED.attempts),
         status = CASE WHEN ${UNFINISHED} THEN 'running' ELSE scan_view.status END`,
      [text(e.scanId), meta.at, Number(e.attempt ?? 1) || 1],
    );
  },
  [eventTopic(scraperEventsV1.ScanCompletedSchema)]: (m, e, meta) =>
    finished(m, text(e.scanId), 'completed', meta.at, { asins: asinCount(e) }),
  [eventTopic(scraperEventsV1.ScanFailedSchema)]: (m, e, meta) =>
    finished(m, text(e.scanId), 'failed', meta.at, {
      failure_code: text(e.code) || 'INTERNAL',
      failure_reason: text(e.reason),
    }),
  [eventTopic(scraperEventsV1.ScanCancelledSchema)]: (m, e, meta) =>
    finished(m, text(e.scanId), 'cancelled', meta.at, { asins: Number(e.asinsFound ?? 0) }),
  // The admin's own event: the user's rows go, or are kept under the pseudonym where a figure
  // (revenue, scan counts) must stay. The event log and contact messages: UserDeletionService.
  [eventTopic(adminEventsV1.UserDeletedSchema)]: async (m, e) => {
    const email = text(e.userEmail);
    const pseudonym = deletedUserPseudonym(text(e.userId));
    await m.query(`DELETE FROM user_view WHERE email = $1`, [email]);
    await m.query(`DELETE FROM plan_view WHERE user_email = $1`, [email]);
    for (const table of ['scan_view', 'invoice_view', 'invoice_refund_view'])
      await m.query(`UPDATE ${table} SET user_email = $2 WHERE user_email = $1`, [email, pseudonym]);
  },
};

/** The tables the projections write: emptied before a rebuild. */
export const READ_MODEL_TABLES = [
  'user_view',
  'plan_view',
  'scan_view',
  'invoice_view',
  'invoice_refund_view',
];

/** A ScanCompleted's ASINs as a count: the log keeps `asinCount` instead of the list (see EventLog). */
function asinCount(e: Payload): number {
  if (typeof e.asinCount === 'number') return e.asinCount;
  return Array.isArray(e.asins) ? e.asins.length : 0;
}

/** A scan's end: the first ending wins; an end that arrives before the request still creates the row. */
async function finished(
  m: EntityManager,
  scanId: string,
  status: 'completed' | 'failed' | 'cancelled',
  at: Date,
  more: { asins?: number; failure_code?: string; failure_reason?: string },
): Promise<void> {
  await m.query(
    `INSERT INTO scan_view (scan_id, status, finished_at, asins, failure_code, failure_reason)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (scan_id) DO UPDATE SET status = EXCLUDED.status, finished_at = EXCLUDED.finished_at,
       asins = EXCLUDED.asins, failure_code = EXCLUDED.failure_code, failure_reason = EXCLUDED.failure_reason
     WHERE ${UNFINISHED}`,
    [scanId, status, at, more.asins ?? 0, more.failure_code ?? '', more.failure_reason ?? ''],
  );
}

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

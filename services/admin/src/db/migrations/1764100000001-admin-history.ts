import { sqlMigration } from '@shelfscan/db';

/**
 * Issue 11, second part: the scans and invoices read models (from the scraper/search and billing
 * events), the user each logged event is about and when it happened (activity, deletion), the
 * contact mail's retries, and the record of deleted users (no personal data in it).
 */
export const AdminHistory1764100000001 = sqlMigration('AdminHistory1764100000001', {
  up: [
    // The user an event is about (its email or userEmail field; empty for the scan events that
    // carry only a scan id) and the event's own time (else when it was received).
    `ALTER TABLE event_log ADD COLUMN user_email text NOT NULL DEFAULT ''`,
    `ALTER TABLE event_log ADD COLUMN occurred_at timestamptz`,
    `UPDATE event_log SET
      user_email = COALESCE(NULLIF(payload->>'email', ''), NULLIF(payload->>'userEmail', ''), ''),
      occurred_at = COALESCE(NULLIF(payload->>'registeredAt', '')::timestamptz,
        NULLIF(payload->>'activatedAt', '')::timestamptz, NULLIF(payload->>'changedAt', '')::timestamptz,
        received_at)`,
    `ALTER TABLE event_log ALTER COLUMN occurred_at SET NOT NULL`,
    `CREATE INDEX event_log_user ON event_log (user_email, occurred_at DESC) WHERE user_email <> ''`,
    `CREATE INDEX event_log_scan ON event_log ((payload->>'scanId')) WHERE user_email = ''`,
    `CREATE TABLE scan_view (
      scan_id text PRIMARY KEY,
      user_email text NOT NULL DEFAULT '',
      -- "standard", "deep" or "functional"; empty until ScanRequested arrives.
      type text NOT NULL DEFAULT '',
      market text NOT NULL DEFAULT '',
      requested_at timestamptz,
      started_at timestamptz,
      attempts integer NOT NULL DEFAULT 0,
      -- requested → running → completed | failed | cancelled (a finished scan never goes back).
      status text NOT NULL DEFAULT 'requested'
        CHECK (status IN ('requested', 'running', 'completed', 'failed', 'cancelled')),
      finished_at timestamptz,
      asins integer NOT NULL DEFAULT 0,
      failure_code text NOT NULL DEFAULT '',
      failure_reason text NOT NULL DEFAULT ''
    )`,
    `CREATE INDEX scan_view_user ON scan_view (user_email, requested_at DESC)`,
    `CREATE INDEX scan_view_requested ON scan_view (requested_at)`,
    `CREATE INDEX scan_view_failed ON scan_view (finished_at) WHERE status = 'failed'`,
    `CREATE TABLE invoice_view (
      invoice_id text PRIMARY KEY,
      invoice_number bigint NOT NULL,
      conversation_id text NOT NULL,
      user_email text NOT NULL,
      subscription_id text NOT NULL,
      features text[] NOT NULL,
      period text NOT NULL,
      usd_cents bigint NOT NULL,
      discount_usd_cents bigint NOT NULL,
      rate text NOT NULL,
      bulletin_date text NOT NULL,
      try_kurus bigint NOT NULL,
      vat_kurus bigint NOT NULL,
      finalized_at timestamptz NOT NULL
    )`,
    `CREATE INDEX invoice_view_user ON invoice_view (user_email, finalized_at DESC)`,
    `CREATE INDEX invoice_view_finalized ON invoice_view (finalized_at)`,
    // One row per InvoiceRefunded message (a refund has no id of its own; partial refunds add up).
    `CREATE TABLE invoice_refund_view (
      message_id text PRIMARY KEY,
      invoice_id text NOT NULL,
      user_email text NOT NULL,
      refunded_try_kurus bigint NOT NULL,
      kind text NOT NULL,
      refunded_at timestamptz NOT NULL
    )`,
    `CREATE INDEX invoice_refund_view_invoice ON invoice_refund_view (invoice_id)`,
    `CREATE INDEX invoice_refund_view_at ON invoice_refund_view (refunded_at)`,
    // A plan an admin granted by hand (PlanActivated's granted_by and grant_reason).
    `ALTER TABLE plan_view ADD COLUMN granted_by text NOT NULL DEFAULT ''`,
    `ALTER TABLE plan_view ADD COLUMN grant_reason text NOT NULL DEFAULT ''`,
    // Who deleted which account id, when: the email is not kept (it is the personal data removed).
    `CREATE TABLE user_deletion (
      user_id text PRIMARY KEY,
      deleted_by text NOT NULL,
      deleted_at timestamptz NOT NULL
    )`,
    // A mail that failed is tried again at next_mail_at, with backoff, until mailed or given up.
    `ALTER TABLE contact_message ADD COLUMN mail_failures integer NOT NULL DEFAULT 0`,
    `ALTER TABLE contact_message ADD COLUMN next_mail_at timestamptz`,
    `ALTER TABLE contact_message ADD COLUMN last_mail_error text`,
    `UPDATE contact_message SET next_mail_at = created_at WHERE mailed_at IS NULL`,
    `CREATE INDEX contact_message_mail_due ON contact_message (next_mail_at) WHERE mailed_at IS NULL`,
  ],
  down: [
    `DROP INDEX contact_message_mail_due`,
    `ALTER TABLE contact_message DROP COLUMN last_mail_error`,
    `ALTER TABLE contact_message DROP COLUMN next_mail_at`,
    `ALTER TABLE contact_message DROP COLUMN mail_failures`,
    `ALTER TABLE plan_view DROP COLUMN grant_reason`,
    `ALTER TABLE plan_view DROP COLUMN granted_by`,
    `DROP TABLE user_deletion`,
    `DROP TABLE invoice_refund_view`,
    `DROP TABLE invoice_view`,
    `DROP TABLE scan_view`,
    `DROP INDEX event_log_scan`,
    `DROP INDEX event_log_user`,
    `ALTER TABLE event_log DROP COLUMN occurred_at`,
    `ALTER TABLE event_log DROP COLUMN user_email`,
  ],
});

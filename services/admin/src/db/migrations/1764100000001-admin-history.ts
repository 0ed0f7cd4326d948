import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 11, second part: the scans and invoices read models (from the scraper/search and billing
 * events), the user each logged event is about and when it happened (activity, deletion), the
 * contact mail's retries, and the record of deleted users (no personal data in it).
 */
export class AdminHistory1764100000001 implements MigrationInterface {
  name = 'AdminHistory1764100000001';

  async up(q: QueryRunner): Promise<void> {
    // The user an event is about (its email or userEmail field; empty for the scan events that
    // carry only a scan id) and the event's own time (else when it was received).
    await q.query(`ALTER TABLE event_log ADD COLUMN user_email text NOT NULL DEFAULT ''`);
    await q.query(`ALTER TABLE event_log ADD COLUMN occurred_at timestamptz`);
    await q.query(`UPDATE event_log SET
      user_email = COALESCE(NULLIF(payload->>'email', ''), NULLIF(payload->>'userEmail', ''), ''),
      occurred_at = COALESCE(NULLIF(payload->>'registeredAt', '')::timestamptz,
        NULLIF(payload->>'activatedAt', '')::timestamptz, NULLIF(payload->>'changedAt', '')::timestamptz,
        received_at)`);
    await q.query(`ALTER TABLE event_log ALTER COLUMN occurred_at SET NOT NULL`);
    await q.query(
      `CREATE INDEX event_log_user ON event_log (user_email, occurred_at DESC) WHERE user_email <> ''`,
    );
    await q.query(`CREATE INDEX event_log_scan ON event_log ((payload->>'scanId')) WHERE user_email = ''`);

    await q.query(`CREATE TABLE scan_view (
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
    )`);
    await q.query(`CREATE INDEX scan_view_user ON scan_view (user_email, requested_at DESC)`);
    await q.query(`CREATE INDEX scan_view_requested ON scan_view (requested_at)`);
    await q.query(`CREATE INDEX scan_view_failed ON scan_view (finished_at) WHERE status = 'failed'`);

    await q.query(`CREATE TABLE invoice_view (
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
    )`);
    await q.query(`CREATE INDEX invoice_view_user ON invoice_view (user_email, finalized_at DESC)`);
    await q.query(`CREATE INDEX invoice_view_finalized ON invoice_view (finalized_at)`);
    // One row per InvoiceRefunded message (a refund has no id of its own; partial refunds add up).
    await q.query(`CREATE TABLE invoice_refund_view (
      message_id text PRIMARY KEY,
      invoice_id text NOT NULL,
      user_email text NOT NULL,
      refunded_try_kurus bigint NOT NULL,
      kind text NOT NULL,
      refunded_at timestamptz NOT NULL
    )`);
    await q.query(`CREATE INDEX invoice_refund_view_invoice ON invoice_refund_view (invoice_id)`);
    await q.query(`CREATE INDEX invoice_refund_view_at ON invoice_refund_view (refunded_at)`);

    // A plan an admin granted by hand (PlanActivated's granted_by and grant_reason).
    await q.query(`ALTER TABLE plan_view ADD COLUMN granted_by text NOT NULL DEFAULT ''`);
    await q.query(`ALTER TABLE plan_view ADD COLUMN grant_reason text NOT NULL DEFAULT ''`);

    // Who deleted which account id, when: the email is not kept (it is the personal data removed).
    await q.query(`CREATE TABLE user_deletion (
      user_id text PRIMARY KEY,
      deleted_by text NOT NULL,
      deleted_at timestamptz NOT NULL
    )`);

    // A mail that failed is tried again at next_mail_at, with backoff, until mailed or given up.
    await q.query(`ALTER TABLE contact_message ADD COLUMN mail_failures integer NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE contact_message ADD COLUMN next_mail_at timestamptz`);
    await q.query(`ALTER TABLE contact_message ADD COLUMN last_mail_error text`);
    await q.query(`UPDATE contact_message SET next_mail_at = created_at WHERE mailed_at IS NULL`);
    await q.query(
      `CREATE INDEX contact_message_mail_due ON contact_message (next_mail_at) WHERE mailed_at IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX contact_message_mail_due`);
    for (const c of ['last_mail_error', 'next_mail_at', 'mail_failures'])
      await q.query(`ALTER TABLE contact_message DROP COLUMN ${c}`);
    await q.query(`ALTER TABLE plan_view DROP COLUMN grant_reason`);
    await q.query(`ALTER TABLE plan_view DROP COLUMN granted_by`);
    for (const t of ['user_deletion', 'invoice_refund_view', 'invoice_view', 'scan_view'])
      await q.query(`DROP TABLE ${t}`);
    await q.query(`DROP INDEX event_log_scan`);
    await q.query(`DROP INDEX event_log_user`);
    await q.query(`ALTER TABLE event_log DROP COLUMN occurred_at`);
    await q.query(`ALTER TABLE event_log DROP COLUMN user_email`);
  }
}

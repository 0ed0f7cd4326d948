import { sqlMigration } from '@shelfscan/db';

/**
 * 3-D Secure attempts (the bank's page once per token, the language of the user), refunds
 * recorded against final invoices, and plans granted or revoked by an admin.
 */
export const Billing3dsRefundsGrants1765000000002 = sqlMigration('Billing3dsRefundsGrants1765000000002', {
  up: [
    `ALTER TABLE payment_attempt DROP CONSTRAINT payment_attempt_status_check`,
    `ALTER TABLE payment_attempt ADD CONSTRAINT payment_attempt_status_check
      CHECK (status IN ('pending', 'succeeded', 'failed', 'unknown', 'awaiting_3ds'))`,
    `ALTER TABLE payment_attempt
      ADD COLUMN lang text NOT NULL DEFAULT 'tr',
      -- 3-D Secure: the provider's payment id, the bank's page (kept until served once), the
      -- hash of its one-time token and its expiry.
      ADD COLUMN three_ds_payment_id text,
      ADD COLUMN three_ds_html text,
      ADD COLUMN three_ds_token_hash text,
      ADD COLUMN three_ds_expires_at timestamptz`,
    // Money back on a final invoice (the invoice itself never changes). Written before the
    // provider is called; a refund whose outcome is unknown still counts against what is left.
    `CREATE TABLE refund (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      invoice_id uuid NOT NULL REFERENCES invoice (id),
      conversation_id uuid NOT NULL REFERENCES payment_attempt (conversation_id),
      kind text NOT NULL CHECK (kind IN ('cancel', 'refund')),
      try_kurus bigint NOT NULL CHECK (try_kurus > 0),
      reason text NOT NULL,
      refunded_by text NOT NULL,
      status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed', 'unknown')),
      error_message text,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`,
    `CREATE INDEX refund_payment ON refund (conversation_id, created_at)`,
    // Plans an admin grants by hand (no payment, no renewal) live beside the paid plan.
    `ALTER TABLE subscription
      ADD COLUMN granted_by text,
      ADD COLUMN grant_reason text,
      ADD COLUMN revoked_by text,
      ADD COLUMN revoke_reason text`,
    `DROP INDEX subscription_one_open_plan`,
    `CREATE UNIQUE INDEX subscription_one_open_plan ON subscription (user_email)
      WHERE NOT trial AND granted_by IS NULL AND status IN ('pending', 'active', 'past_due', 'cancelled')`,
  ],
  down: [
    `DROP INDEX subscription_one_open_plan`,
    `CREATE UNIQUE INDEX subscription_one_open_plan ON subscription (user_email)
      WHERE NOT trial AND status IN ('pending', 'active', 'past_due', 'cancelled')`,
    `ALTER TABLE subscription DROP COLUMN granted_by, DROP COLUMN grant_reason,
      DROP COLUMN revoked_by, DROP COLUMN revoke_reason`,
    `DROP TABLE refund`,
    `ALTER TABLE payment_attempt DROP COLUMN lang, DROP COLUMN three_ds_payment_id,
      DROP COLUMN three_ds_html, DROP COLUMN three_ds_token_hash, DROP COLUMN three_ds_expires_at`,
    `ALTER TABLE payment_attempt DROP CONSTRAINT payment_attempt_status_check`,
    `ALTER TABLE payment_attempt ADD CONSTRAINT payment_attempt_status_check
      CHECK (status IN ('pending', 'succeeded', 'failed', 'unknown'))`,
  ],
});

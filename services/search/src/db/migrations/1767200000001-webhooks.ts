import { sqlMigration } from '@shelfscan/db';

/**
 * Issue 18: the users' webhooks (URL, events, signing secret, enabled) and their durable delivery
 * log: a delivery is a row before anything is sent, so nothing is lost on a crash; the delivery
 * task sends the due ones and keeps each one's attempts, last answer and next attempt. One delivery
 * per webhook and source (a tracker run, a scan): a redelivered event adds nothing.
 */
export const Webhooks1767200000001 = sqlMigration('Webhooks1767200000001', {
  up: [
    `CREATE TABLE webhook (
      id uuid PRIMARY KEY,
      user_email text NOT NULL,
      url text NOT NULL,
      events text[] NOT NULL,
      description text NOT NULL DEFAULT '',
      -- Plain: it signs every delivery (docs/security.md, "Webhooks").
      secret text NOT NULL,
      enabled boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL,
      disabled_at timestamptz
    )`,
    `CREATE INDEX webhook_user ON webhook (user_email)`,
    `CREATE TABLE webhook_delivery (
      id uuid PRIMARY KEY,
      webhook_id uuid NOT NULL REFERENCES webhook (id) ON DELETE CASCADE,
      event text NOT NULL,
      source_key text NOT NULL,
      -- The raw JSON body, signed again at each attempt with that attempt's time.
      body text NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      response_code integer,
      error text,
      created_at timestamptz NOT NULL,
      last_attempt_at timestamptz,
      next_attempt_at timestamptz NOT NULL,
      delivered_at timestamptz,
      UNIQUE (webhook_id, source_key)
    )`,
    `CREATE INDEX webhook_delivery_due ON webhook_delivery (next_attempt_at) WHERE status = 'pending'`,
    `CREATE INDEX webhook_delivery_log ON webhook_delivery (webhook_id, created_at DESC)`,
  ],
  down: ['DROP TABLE webhook_delivery', 'DROP TABLE webhook'],
});

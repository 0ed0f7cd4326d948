import { sqlMigration } from '@shelfscan/db';

/** The outbox and processed-message tables every service has in its own schema. */
export const BusTables1763800000000 = sqlMigration('BusTables1763800000000', {
  up: [
    `CREATE TABLE outbox (
      id uuid PRIMARY KEY,
      topic text NOT NULL,
      envelope bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      available_at timestamptz NOT NULL DEFAULT now(),
      attempts integer NOT NULL DEFAULT 0,
      last_error text,
      dead boolean NOT NULL DEFAULT false,
      published_at timestamptz
    )`,
    'CREATE INDEX outbox_due ON outbox (available_at, created_at) WHERE published_at IS NULL AND NOT dead',
    `CREATE TABLE processed_message (
      message_id uuid NOT NULL,
      consumer text NOT NULL,
      processed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (message_id, consumer)
    )`,
  ],
  down: ['DROP TABLE processed_message', 'DROP TABLE outbox'],
});

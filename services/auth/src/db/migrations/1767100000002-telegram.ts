import { sqlMigration } from '@shelfscan/db';

/**
 * Issue 18: the Telegram chat linked to an account (one per user), with the pending one-time code
 * (its SHA-256, and until when it is valid), and how far the bot's updates were read (one row).
 */
export const Telegram1767100000002 = sqlMigration('Telegram1767100000002', {
  up: [
    `CREATE TABLE telegram_link (
      user_email text PRIMARY KEY,
      code_hash text UNIQUE,
      code_expires_at timestamptz,
      chat_id bigint,
      chat_name text NOT NULL DEFAULT '',
      linked_at timestamptz
    )`,
    `CREATE TABLE telegram_poll (
      id integer PRIMARY KEY CHECK (id = 1),
      next_offset bigint NOT NULL
    )`,
    `INSERT INTO telegram_poll (id, next_offset) VALUES (1, 0)`,
  ],
  down: ['DROP TABLE telegram_poll', 'DROP TABLE telegram_link'],
});

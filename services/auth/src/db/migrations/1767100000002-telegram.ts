import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 18: the Telegram chat linked to an account (one per user), with the pending one-time code
 * (its SHA-256, and until when it is valid), and how far the bot's updates were read (one row).
 */
export class Telegram1767100000002 implements MigrationInterface {
  name = 'Telegram1767100000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE telegram_link (
      user_email text PRIMARY KEY,
      code_hash text UNIQUE,
      code_expires_at timestamptz,
      chat_id bigint,
      chat_name text NOT NULL DEFAULT '',
      linked_at timestamptz
    )`);
    await q.query(`CREATE TABLE telegram_poll (
      id integer PRIMARY KEY CHECK (id = 1),
      next_offset bigint NOT NULL
    )`);
    await q.query(`INSERT INTO telegram_poll (id, next_offset) VALUES (1, 0)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE telegram_poll');
    await q.query('DROP TABLE telegram_link');
  }
}

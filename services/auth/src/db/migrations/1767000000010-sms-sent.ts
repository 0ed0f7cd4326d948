import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 20: every verification SMS sent in the last hour (the number and when), for the limits per
 * number, per number block and in total (SmsBudget). Rows older than an hour are dropped as new ones come.
 */
export class SmsSent1767000000010 implements MigrationInterface {
  name = 'SmsSent1767000000010';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE sms_sent (
      id bigserial PRIMARY KEY,
      phone text NOT NULL,
      sent_at timestamptz NOT NULL
    )`);
    await q.query(`CREATE INDEX sms_sent_at ON sms_sent (sent_at)`);
    await q.query(`CREATE INDEX sms_sent_phone ON sms_sent (phone text_pattern_ops, sent_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE sms_sent');
  }
}

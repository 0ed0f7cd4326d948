import { sqlMigration } from '@shelfscan/db';

/**
 * Issue 20: every verification SMS sent in the last hour (the number and when), for the limits per
 * number, per number block and in total (SmsBudget). Rows older than an hour are dropped as new ones come.
 */
export const SmsSent1767000000010 = sqlMigration('SmsSent1767000000010', {
  up: [
    `CREATE TABLE sms_sent (
      id bigserial PRIMARY KEY,
      phone text NOT NULL,
      sent_at timestamptz NOT NULL
    )`,
    `CREATE INDEX sms_sent_at ON sms_sent (sent_at)`,
    `CREATE INDEX sms_sent_phone ON sms_sent (phone text_pattern_ops, sent_at)`,
  ],
  down: ['DROP TABLE sms_sent'],
});

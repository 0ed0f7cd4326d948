import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 18: the tracker runs whose alert went out, per channel (`email`, `telegram`): a redelivered
 * TrackerChanged finds its row and sends nothing a second time. Deleted with the user.
 */
export class TrackerAlertSent1767100000001 implements MigrationInterface {
  name = 'TrackerAlertSent1767100000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE tracker_alert_sent (
      run_id text NOT NULL,
      channel text NOT NULL,
      user_email text NOT NULL,
      sent_at timestamptz NOT NULL,
      PRIMARY KEY (run_id, channel)
    )`);
    await q.query(`CREATE INDEX tracker_alert_sent_user ON tracker_alert_sent (user_email)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE tracker_alert_sent');
  }
}

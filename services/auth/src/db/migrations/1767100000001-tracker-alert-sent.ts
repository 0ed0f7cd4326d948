import { sqlMigration } from '@shelfscan/db';

/**
 * Issue 18: the tracker runs whose alert went out, per channel (`email`, `telegram`): a redelivered
 * TrackerChanged finds its row and sends nothing a second time. Deleted with the user.
 */
export const TrackerAlertSent1767100000001 = sqlMigration('TrackerAlertSent1767100000001', {
  up: [
    `CREATE TABLE tracker_alert_sent (
      run_id text NOT NULL,
      channel text NOT NULL,
      user_email text NOT NULL,
      sent_at timestamptz NOT NULL,
      PRIMARY KEY (run_id, channel)
    )`,
    `CREATE INDEX tracker_alert_sent_user ON tracker_alert_sent (user_email)`,
  ],
  down: ['DROP TABLE tracker_alert_sent'],
});

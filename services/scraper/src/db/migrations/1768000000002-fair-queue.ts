import { sqlMigration } from '@shelfscan/db';

/**
 * A fair scan queue (issue 23, "scans under load"): whose scan a job is (`queue_key`: a hash of the
 * user, '' for the CLI), its market, and when it was last given a worker (`last_claimed_at`), so the
 * claim serves markets with no scan running first, then users round-robin, and a running scan yields
 * its worker to a waiting one between pages (its checkpoint makes the yield free).
 */
export const FairQueue1768000000002 = sqlMigration('FairQueue1768000000002', {
  up: [
    `ALTER TABLE scan_job
      ADD COLUMN queue_key text NOT NULL DEFAULT '',
      ADD COLUMN market text NOT NULL DEFAULT '',
      ADD COLUMN last_claimed_at timestamptz`,
    `UPDATE scan_job SET market = coalesce(spec->>'market', '')`,
    `CREATE INDEX scan_job_running_market ON scan_job (market, queue_key) WHERE status = 'running'`,
    // The claim's "served longest ago": max(last_claimed_at) of a user in a market, over every job
    // the table keeps (finished ones too), read from the index, not the table.
    'CREATE INDEX scan_job_last_claimed ON scan_job (market, queue_key, last_claimed_at)',
  ],
  down: [
    'DROP INDEX scan_job_last_claimed',
    'DROP INDEX scan_job_running_market',
    'ALTER TABLE scan_job DROP COLUMN queue_key, DROP COLUMN market, DROP COLUMN last_claimed_at',
  ],
});

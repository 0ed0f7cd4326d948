import { sqlMigration } from '@shelfscan/db';

/**
 * A scan job can end `completed_partial`: a Deep scan that stopped below the coverage threshold
 * of the count Amazon reports (issue 13). Jobs that ended before keep `completed` (their outcome,
 * if any, stays in `result`).
 */
export const ScanJobCompletedPartial1764900000001 = sqlMigration('ScanJobCompletedPartial1764900000001', {
  up: [
    `ALTER TABLE scan_job DROP CONSTRAINT scan_job_status_check`,
    `ALTER TABLE scan_job ADD CONSTRAINT scan_job_status_check
      CHECK (status IN ('queued', 'running', 'completed', 'completed_partial', 'failed', 'cancelled'))`,
  ],
  down: [
    `UPDATE scan_job SET status = 'completed' WHERE status = 'completed_partial'`,
    `ALTER TABLE scan_job DROP CONSTRAINT scan_job_status_check`,
    `ALTER TABLE scan_job ADD CONSTRAINT scan_job_status_check
      CHECK (status IN ('queued', 'running', 'completed', 'failed', 'cancelled'))`,
  ],
});

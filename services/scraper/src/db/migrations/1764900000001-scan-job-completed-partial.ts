import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A scan job can end `completed_partial`: a Deep scan that stopped below the coverage threshold
 * of the count Amazon reports (issue 13). Jobs that ended before keep `completed` (their outcome,
 * if any, stays in `result`).
 */
export class ScanJobCompletedPartial1764900000001 implements MigrationInterface {
  name = 'ScanJobCompletedPartial1764900000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE scan_job DROP CONSTRAINT scan_job_status_check`);
    await q.query(`ALTER TABLE scan_job ADD CONSTRAINT scan_job_status_check
      CHECK (status IN ('queued', 'running', 'completed', 'completed_partial', 'failed', 'cancelled'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE scan_job SET status = 'completed' WHERE status = 'completed_partial'`);
    await q.query(`ALTER TABLE scan_job DROP CONSTRAINT scan_job_status_check`);
    await q.query(`ALTER TABLE scan_job ADD CONSTRAINT scan_job_status_check
      CHECK (status IN ('queued', 'running', 'completed', 'failed', 'cancelled'))`);
  }
}

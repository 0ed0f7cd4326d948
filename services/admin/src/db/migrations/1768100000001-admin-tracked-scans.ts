import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Scans of tracked stores (issue 18, ScanRequested `tracked`) are their own kind in the charts, not
 * standard or deep scans of the user; like a re-queue they are `quota_exempt` (no search right).
 */
export class AdminTrackedScans1768100000001 implements MigrationInterface {
  name = 'AdminTrackedScans1768100000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE scan_view ADD COLUMN tracked boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE scan_view DROP COLUMN tracked`);
  }
}

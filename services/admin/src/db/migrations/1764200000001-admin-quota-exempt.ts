import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A scan an admin re-queued after a failure takes no search right of the user (ScanRequested
 * `quota_exempt`): the remaining-search counters leave it out, as the search service's quotas do.
 * Earlier re-queues carried no flag: they stay counted (a rebuild gives the same answer).
 */
export class AdminQuotaExempt1764200000001 implements MigrationInterface {
  name = 'AdminQuotaExempt1764200000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE scan_view ADD COLUMN quota_exempt boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE scan_view DROP COLUMN quota_exempt`);
  }
}

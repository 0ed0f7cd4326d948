import { sqlMigration } from '@shelfscan/db';

/**
 * A scan an admin re-queued after a failure takes no search right of the user (ScanRequested
 * `quota_exempt`): the remaining-search counters leave it out, as the search service's quotas do.
 * Earlier re-queues carried no flag: they stay counted (a rebuild gives the same answer).
 */
export const AdminQuotaExempt1764200000001 = sqlMigration('AdminQuotaExempt1764200000001', {
  up: [`ALTER TABLE scan_view ADD COLUMN quota_exempt boolean NOT NULL DEFAULT false`],
  down: [`ALTER TABLE scan_view DROP COLUMN quota_exempt`],
});

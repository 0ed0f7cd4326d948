import { sqlMigration } from '@shelfscan/db';

/**
 * Whether the last run that saw a tracked ASIN saw it without a price (issue 18, honest diffs): a
 * complete run that cannot bound its unpriced misses to 0 does not claim such an ASIN gone.
 */
export const TrackerAsinUnpriced1768000000008 = sqlMigration('TrackerAsinUnpriced1768000000008', {
  up: ['ALTER TABLE tracker_asin ADD COLUMN unpriced boolean NOT NULL DEFAULT false'],
  down: ['ALTER TABLE tracker_asin DROP COLUMN unpriced'],
});

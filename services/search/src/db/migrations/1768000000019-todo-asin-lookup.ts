import { sqlMigration } from '@shelfscan/db';

/**
 * A finished scan's ASINs looked up by ASIN (a batch's combined downloads count, a page at a time,
 * which of the batch's scans carry each ASIN: CountBatchAsins).
 */
export const TodoAsinLookup1768000000019 = sqlMigration('TodoAsinLookup1768000000019', {
  up: ['CREATE INDEX todo_asin_lookup ON todo_asin (todo_id, asin)'],
  down: ['DROP INDEX todo_asin_lookup'],
});

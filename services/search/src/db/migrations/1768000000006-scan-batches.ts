import { sqlMigration } from '@shelfscan/db';

/**
 * Batches (issue 19): many stores of one market and scan type asked for at once; each store is its
 * own todo, which names its batch. The batch keeps what was asked (file name, market, type, keyword).
 */
export const ScanBatches1768000000006 = sqlMigration('ScanBatches1768000000006', {
  up: [
    `CREATE TABLE todo_batch (
      id uuid PRIMARY KEY,
      user_email text NOT NULL,
      search_type text NOT NULL,
      file_name text NOT NULL,
      market text NOT NULL,
      keyword text,
      created_at timestamptz NOT NULL
    )`,
    'CREATE INDEX todo_batch_user ON todo_batch (user_email, created_at DESC)',
    'ALTER TABLE todo ADD COLUMN batch_id uuid REFERENCES todo_batch (id), ADD COLUMN batch_seq integer',
    'CREATE INDEX todo_batch_member ON todo (batch_id) WHERE batch_id IS NOT NULL',
  ],
  down: ['ALTER TABLE todo DROP COLUMN batch_id, DROP COLUMN batch_seq', 'DROP TABLE todo_batch'],
});

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Batches (issue 19): many stores of one market and scan type asked for at once; each store is its
 * own todo, which names its batch. The batch keeps what was asked (file name, market, type, keyword).
 */
export class ScanBatches1768000000005 implements MigrationInterface {
  name = 'ScanBatches1768000000005';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE todo_batch (
      id uuid PRIMARY KEY,
      user_email text NOT NULL,
      search_type text NOT NULL,
      file_name text NOT NULL,
      market text NOT NULL,
      keyword text,
      created_at timestamptz NOT NULL
    )`);
    await q.query('CREATE INDEX todo_batch_user ON todo_batch (user_email, created_at DESC)');
    await q.query(
      'ALTER TABLE todo ADD COLUMN batch_id uuid REFERENCES todo_batch (id), ADD COLUMN batch_seq integer',
    );
    await q.query('CREATE INDEX todo_batch_member ON todo (batch_id) WHERE batch_id IS NOT NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE todo DROP COLUMN batch_id, DROP COLUMN batch_seq');
    await q.query('DROP TABLE todo_batch');
  }
}

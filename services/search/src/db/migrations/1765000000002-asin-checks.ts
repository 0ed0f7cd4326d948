import { sqlMigration } from '@shelfscan/db';

/**
 * ASIN checks and live progress: the ASINs an ASIN check asked for (kept for "run again"), its
 * table (one row per ASIN, copied from the scraper when the check completes), when a scan's worker
 * first took it, the share of it done (the progress bar) and whether the store's count was only a
 * lower bound ("over 1,000").
 */
export const AsinChecks1765000000002 = sqlMigration('AsinChecks1765000000002', {
  up: [
    `ALTER TABLE todo
      ADD COLUMN asins text[] NOT NULL DEFAULT '{}',
      ADD COLUMN started_at timestamptz,
      ADD COLUMN progress_percent smallint CHECK (progress_percent BETWEEN 0 AND 100),
      ADD COLUMN reported_total_lower_bound boolean NOT NULL DEFAULT false`,
    `CREATE TABLE todo_asin_check (
      todo_id uuid NOT NULL REFERENCES todo (id) ON DELETE CASCADE,
      seq integer NOT NULL,
      asin text NOT NULL,
      state text NOT NULL CHECK (state IN ('sold', 'unavailable', 'not-found')),
      title text,
      price_text text,
      price numeric(14, 2),
      currency text,
      stars real,
      review_count integer,
      amazons_choice boolean NOT NULL DEFAULT false,
      best_seller boolean NOT NULL DEFAULT false,
      PRIMARY KEY (todo_id, seq)
    )`,
  ],
  down: [
    'DROP TABLE todo_asin_check',
    'ALTER TABLE todo DROP COLUMN asins, DROP COLUMN started_at, DROP COLUMN progress_percent, DROP COLUMN reported_total_lower_bound',
  ],
});

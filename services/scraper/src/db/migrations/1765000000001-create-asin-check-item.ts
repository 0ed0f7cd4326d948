import { sqlMigration } from '@shelfscan/db';

/**
 * The rows of ASIN checks: what the product page of each ASIN showed, one row per ASIN of the
 * check (`seq` is its place in the list asked for). Written in the page's transaction with the
 * checkpoint, so a resumed check never loses or repeats a row.
 */
export const CreateAsinCheckItem1765000000001 = sqlMigration('CreateAsinCheckItem1765000000001', {
  up: [
    `CREATE TABLE asin_check_item (
      scan_id uuid NOT NULL REFERENCES scan_job (id) ON DELETE CASCADE,
      asin text NOT NULL,
      seq integer NOT NULL,
      state text NOT NULL CHECK (state IN ('sold', 'unavailable', 'not-found')),
      title text,
      price_text text,
      price numeric(14, 2),
      currency text,
      stars real,
      review_count integer,
      amazons_choice boolean NOT NULL DEFAULT false,
      best_seller boolean NOT NULL DEFAULT false,
      checked_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (scan_id, asin)
    )`,
    'CREATE INDEX asin_check_item_order ON asin_check_item (scan_id, seq)',
  ],
  down: ['DROP TABLE asin_check_item'],
});

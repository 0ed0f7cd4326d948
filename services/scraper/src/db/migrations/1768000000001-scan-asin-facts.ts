import { sqlMigration } from '@shelfscan/db';

/**
 * What a store scan saw of each ASIN (the rich exports): the tile's facts on its row, the page it
 * was first seen on once per page (`scan_page`: the page number and the query's URL, referenced
 * by the rows first kept there) and the ASINs seen in sponsored tiles (`scan_sponsored`). Written
 * in the page's transaction with the checkpoint, so a resumed scan keeps them.
 */
export const ScanAsinFacts1768000000001 = sqlMigration('ScanAsinFacts1768000000001', {
  up: [
    `CREATE TABLE scan_page (
      id bigserial PRIMARY KEY,
      scan_id uuid NOT NULL REFERENCES scan_job (id) ON DELETE CASCADE,
      page integer NOT NULL,
      url text NOT NULL
    )`,
    'CREATE INDEX scan_page_scan ON scan_page (scan_id)',
    `ALTER TABLE scan_asin
      ADD COLUMN title text,
      ADD COLUMN price numeric(14, 2),
      ADD COLUMN currency text,
      ADD COLUMN list_price numeric(14, 2),
      ADD COLUMN stars real,
      ADD COLUMN review_count integer,
      ADD COLUMN amazons_choice boolean NOT NULL DEFAULT false,
      ADD COLUMN best_seller boolean NOT NULL DEFAULT false,
      ADD COLUMN prime boolean NOT NULL DEFAULT false,
      ADD COLUMN category text,
      ADD COLUMN page_id bigint REFERENCES scan_page (id) ON DELETE SET NULL`,
    `CREATE TABLE scan_sponsored (
      scan_id uuid NOT NULL REFERENCES scan_job (id) ON DELETE CASCADE,
      asin text NOT NULL,
      PRIMARY KEY (scan_id, asin)
    )`,
  ],
  down: [
    'DROP TABLE scan_sponsored',
    `ALTER TABLE scan_asin DROP COLUMN title, DROP COLUMN price, DROP COLUMN currency,
      DROP COLUMN list_price, DROP COLUMN stars, DROP COLUMN review_count, DROP COLUMN amazons_choice,
      DROP COLUMN best_seller, DROP COLUMN prime, DROP COLUMN category, DROP COLUMN page_id`,
    'DROP TABLE scan_page',
  ],
});

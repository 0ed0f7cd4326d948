import { sqlMigration } from '@shelfscan/db';

/**
 * Scan tasks ("todos") with their result ASINs, the per-user quota counters (one row per counter
 * and Istanbul day or month, taken with a conditional UPDATE), and the plans seen in billing's events.
 */
export const CreateSearch1764000000001 = sqlMigration('CreateSearch1764000000001', {
  up: [
    `CREATE TABLE todo (
      id uuid PRIMARY KEY,
      -- The scraper's job id: the todo's id, a new one after an admin re-queues a failed scan.
      scan_id uuid NOT NULL UNIQUE,
      user_email text NOT NULL,
      search_type text NOT NULL CHECK (search_type IN ('standard', 'deep', 'FUNCTIONAL', 'asinCheck')),
      status text NOT NULL DEFAULT 'PENDING'
        CHECK (status IN ('PENDING', 'PROCESSING', 'COMPLETED', 'COMPLETED_PARTIAL', 'CANCELED', 'FAILED')),
      archived boolean NOT NULL DEFAULT false,
      file_name text NOT NULL,
      store_url text,
      seller_id text,
      keyword text,
      market text NOT NULL,
      categories text[] NOT NULL DEFAULT '{}',
      min_price double precision,
      max_price double precision,
      min_star double precision,
      max_star double precision,
      amazon_choice boolean NOT NULL DEFAULT false,
      best_seller boolean NOT NULL DEFAULT false,
      search_date timestamptz NOT NULL,
      search_complete_date timestamptz,
      search_cancel_date timestamptz,
      asin_count integer NOT NULL DEFAULT 0,
      pages_fetched integer NOT NULL DEFAULT 0,
      eta_seconds integer,
      reported_total integer,
      coverage_line text,
      failure_reason text,
      failure_code text,
      result_stored boolean NOT NULL DEFAULT false,
      -- The quota counters this scan took (refunded when it fails through no fault of the user).
      quota_counters text[] NOT NULL DEFAULT '{}',
      quota_day date,
      quota_month date,
      refunded boolean NOT NULL DEFAULT false,
      deleted_at timestamptz
    )`,
    'CREATE INDEX todo_user_date ON todo (user_email, search_date DESC) WHERE deleted_at IS NULL',
    `CREATE TABLE todo_asin (
      todo_id uuid NOT NULL REFERENCES todo (id) ON DELETE CASCADE,
      seq integer NOT NULL,
      asin text NOT NULL,
      PRIMARY KEY (todo_id, seq)
    )`,
    `CREATE TABLE quota_usage (
      user_email text NOT NULL,
      counter text NOT NULL CHECK (counter IN ('standard-day', 'standard-month', 'deep-day')),
      period date NOT NULL,
      used integer NOT NULL DEFAULT 0 CHECK (used >= 0),
      PRIMARY KEY (user_email, counter, period)
    )`,
    `CREATE TABLE user_plan (
      subscription_id text PRIMARY KEY,
      user_email text NOT NULL,
      features text[] NOT NULL,
      trial boolean NOT NULL DEFAULT false,
      period_start timestamptz NOT NULL,
      period_end timestamptz NOT NULL,
      cancelled boolean NOT NULL DEFAULT false,
      expired boolean NOT NULL DEFAULT false,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    'CREATE INDEX user_plan_email ON user_plan (user_email)',
  ],
  down: ['DROP TABLE user_plan', 'DROP TABLE quota_usage', 'DROP TABLE todo_asin', 'DROP TABLE todo'],
});

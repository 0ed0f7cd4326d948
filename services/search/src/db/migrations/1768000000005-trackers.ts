import { sqlMigration } from '@shelfscan/db';

/**
 * Store tracking (issue 18): a tracker is a store scanned again on a schedule; each run is a todo
 * (`todo.tracker_id`, started through the same durable scan jobs as a manual scan) and, once its
 * scan has finished, the run's diff against what the tracker knew, computed once and stored
 * (`tracker_run`: never recomputed, never rewritten by a later run). `tracker_asin` is every ASIN
 * the tracker has ever seen, with when it was first and last seen and whether it is present.
 */
export const Trackers1768000000005 = sqlMigration('Trackers1768000000005', {
  up: [
    `ALTER TABLE todo ADD COLUMN tracker_id uuid`,
    `CREATE TABLE tracker (
      id uuid PRIMARY KEY,
      user_email text NOT NULL,
      store_url text NOT NULL,
      seller_id text NOT NULL,
      market text NOT NULL,
      search_type text NOT NULL CHECK (search_type IN ('standard', 'deep')),
      keyword text,
      file_name text NOT NULL,
      schedule text NOT NULL CHECK (schedule IN ('daily', 'weekly')),
      -- Europe/Istanbul hour 0–23; weekday 1 = Monday … 7 = Sunday (weekly only).
      hour smallint NOT NULL CHECK (hour BETWEEN 0 AND 23),
      weekday smallint CHECK (weekday BETWEEN 1 AND 7),
      paused boolean NOT NULL DEFAULT false,
      alert_email boolean NOT NULL DEFAULT true,
      alert_webhook boolean NOT NULL DEFAULT true,
      alert_telegram boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL,
      -- When the next scheduled run is due (null while paused).
      next_run_at timestamptz
    )`,
    'CREATE INDEX tracker_user ON tracker (user_email, created_at)',
    'CREATE INDEX tracker_due ON tracker (next_run_at) WHERE NOT paused',
    `CREATE TABLE tracker_run (
      id uuid PRIMARY KEY,
      tracker_id uuid NOT NULL REFERENCES tracker (id) ON DELETE CASCADE,
      -- The run's todo (its scan); its status is the run's.
      todo_id uuid NOT NULL UNIQUE,
      started_at timestamptz NOT NULL,
      finished_at timestamptz,
      coverage double precision,
      complete boolean NOT NULL DEFAULT false,
      baseline boolean NOT NULL DEFAULT false,
      found integer NOT NULL DEFAULT 0,
      added text[] NOT NULL DEFAULT '{}',
      removed text[] NOT NULL DEFAULT '{}',
      not_seen integer NOT NULL DEFAULT 0,
      -- This run or the one before stopped at the list limit: only what both could see is compared.
      above_limit boolean NOT NULL DEFAULT false,
      -- This run stopped at the list limit (the next run's comparison needs it).
      stopped_at_list_limit boolean NOT NULL DEFAULT false
    )`,
    'CREATE INDEX tracker_run_tracker ON tracker_run (tracker_id, started_at DESC)',
    // At most one run of a tracker at a time.
    'CREATE UNIQUE INDEX tracker_run_running ON tracker_run (tracker_id) WHERE finished_at IS NULL',
    `CREATE TABLE tracker_asin (
      tracker_id uuid NOT NULL REFERENCES tracker (id) ON DELETE CASCADE,
      asin text NOT NULL,
      title text NOT NULL DEFAULT '',
      first_seen timestamptz NOT NULL,
      last_seen timestamptz NOT NULL,
      present boolean NOT NULL,
      PRIMARY KEY (tracker_id, asin)
    )`,
  ],
  down: [
    'DROP TABLE tracker_asin',
    'DROP TABLE tracker_run',
    'DROP TABLE tracker',
    'ALTER TABLE todo DROP COLUMN tracker_id',
  ],
});

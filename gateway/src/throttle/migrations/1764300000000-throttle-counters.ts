import { sqlMigration } from '@shelfscan/db';

/** Issue 20: the rate-limit counters every gateway replica shares (one row per key and throttler). */
export const ThrottleCounters1764300000000 = sqlMigration('ThrottleCounters1764300000000', {
  up: [
    `CREATE TABLE throttle_counter (
      key text NOT NULL,
      throttler text NOT NULL,
      hits integer NOT NULL,
      window_ends_at timestamptz NOT NULL,
      blocked_until timestamptz,
      PRIMARY KEY (key, throttler)
    )`,
    `CREATE INDEX throttle_counter_window_ends_at ON throttle_counter (window_ends_at)`,
  ],
  down: [`DROP TABLE throttle_counter`],
});

import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 20: the rate-limit counters every gateway replica shares (one row per key and throttler). */
export class ThrottleCounters1764300000000 implements MigrationInterface {
  name = 'ThrottleCounters1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE throttle_counter (
      key text NOT NULL,
      throttler text NOT NULL,
      hits integer NOT NULL,
      window_ends_at timestamptz NOT NULL,
      blocked_until timestamptz,
      PRIMARY KEY (key, throttler)
    )`);
    await q.query(`CREATE INDEX throttle_counter_window_ends_at ON throttle_counter (window_ends_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE throttle_counter`);
  }
}

import { sqlMigration } from '@shelfscan/db';

/**
 * Estimates a user asked for in one clock hour (issue 20): each estimate may make the scraper read
 * a marketplace page, so a user gets `search.estimate.hourlyLimit` an hour. One row per user and
 * hour, taken with a conditional UPDATE as the scan quotas are.
 */
export const EstimateUsage1767000000004 = sqlMigration('EstimateUsage1767000000004', {
  up: [
    `CREATE TABLE estimate_usage (
      user_email text NOT NULL,
      hour timestamptz NOT NULL,
      used integer NOT NULL DEFAULT 0 CHECK (used >= 0),
      PRIMARY KEY (user_email, hour)
    )`,
  ],
  down: ['DROP TABLE estimate_usage'],
});

import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The SQL statements of a migration, in the order they run, each way. */
export interface SqlSteps {
  up: readonly string[];
  down: readonly string[];
}

/** A migration class, as TypeORM's `migrations` option takes them. */
export type MigrationClass = new () => MigrationInterface;

/**
 * A migration that is a list of SQL statements each way, as most are: `name` ends with the
 * migration's timestamp, which TypeORM orders them by. A migration that computes (a backfill in
 * TypeScript) stays a class of its own.
 */
export function sqlMigration(name: string, steps: SqlSteps): MigrationClass {
  return class implements MigrationInterface {
    name = name;

    async up(q: QueryRunner): Promise<void> {
      for (const sql of steps.up) await q.query(sql);
    }

    async down(q: QueryRunner): Promise<void> {
      for (const sql of steps.down) await q.query(sql);
    }
  };
}

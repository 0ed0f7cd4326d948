import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 11: an admin can turn an account's membership off (it cannot log in then). */
export class Membership1763800000003 implements MigrationInterface {
  name = 'Membership1763800000003';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE user_account ADD COLUMN membership_active boolean NOT NULL DEFAULT true`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE user_account DROP COLUMN membership_active`);
  }
}

import { sqlMigration } from '@shelfscan/db';

/** Issue 11: an admin can turn an account's membership off (it cannot log in then). */
export const Membership1763800000003 = sqlMigration('Membership1763800000003', {
  up: [`ALTER TABLE user_account ADD COLUMN membership_active boolean NOT NULL DEFAULT true`],
  down: [`ALTER TABLE user_account DROP COLUMN membership_active`],
});

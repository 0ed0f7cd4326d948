import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 3: activation/reset/phone codes, login throttling, phone verification, profile photos. */
export class Accounts1763800000002 implements MigrationInterface {
  name = 'Accounts1763800000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE user_account ADD COLUMN phone_verified boolean NOT NULL DEFAULT false`);
    // A verified number belongs to one account only.
    await q.query(
      `CREATE UNIQUE INDEX user_account_verified_phone_key ON user_account (phone) WHERE phone_verified`,
    );
    await q.query(`CREATE TABLE verification_code (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES user_account (id) ON DELETE CASCADE,
      purpose text NOT NULL CHECK (purpose IN ('activation', 'password_reset', 'phone')),
      code_hash text NOT NULL,
      target text,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      used_at timestamptz
    )`);
    await q.query(
      `CREATE INDEX verification_code_user_purpose ON verification_code (user_id, purpose, created_at DESC)`,
    );
    await q.query(`CREATE TABLE login_failure (
      id bigserial PRIMARY KEY,
      scope text NOT NULL CHECK (scope IN ('account', 'address')),
      key text NOT NULL,
      failed_at timestamptz NOT NULL
    )`);
    await q.query(`CREATE INDEX login_failure_key ON login_failure (scope, key, failed_at)`);
    await q.query(`CREATE TABLE user_photo (
      user_id uuid PRIMARY KEY REFERENCES user_account (id) ON DELETE CASCADE,
      content bytea NOT NULL,
      content_type text NOT NULL,
      updated_at timestamptz NOT NULL
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE user_photo');
    await q.query('DROP TABLE login_failure');
    await q.query('DROP TABLE verification_code');
    await q.query('DROP INDEX user_account_verified_phone_key');
    await q.query('ALTER TABLE user_account DROP COLUMN phone_verified');
  }
}

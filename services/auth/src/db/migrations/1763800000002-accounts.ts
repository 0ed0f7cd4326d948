import { sqlMigration } from '@shelfscan/db';

/** Issue 3: activation/reset/phone codes, login throttling, phone verification, profile photos. */
export const Accounts1763800000002 = sqlMigration('Accounts1763800000002', {
  up: [
    `ALTER TABLE user_account ADD COLUMN phone_verified boolean NOT NULL DEFAULT false`,
    // A verified number belongs to one account only.
    `CREATE UNIQUE INDEX user_account_verified_phone_key ON user_account (phone) WHERE phone_verified`,
    `CREATE TABLE verification_code (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES user_account (id) ON DELETE CASCADE,
      purpose text NOT NULL CHECK (purpose IN ('activation', 'password_reset', 'phone')),
      code_hash text NOT NULL,
      target text,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      used_at timestamptz
    )`,
    `CREATE INDEX verification_code_user_purpose ON verification_code (user_id, purpose, created_at DESC)`,
    `CREATE TABLE login_failure (
      id bigserial PRIMARY KEY,
      scope text NOT NULL CHECK (scope IN ('account', 'address')),
      key text NOT NULL,
      failed_at timestamptz NOT NULL
    )`,
    `CREATE INDEX login_failure_key ON login_failure (scope, key, failed_at)`,
    `CREATE TABLE user_photo (
      user_id uuid PRIMARY KEY REFERENCES user_account (id) ON DELETE CASCADE,
      content bytea NOT NULL,
      content_type text NOT NULL,
      updated_at timestamptz NOT NULL
    )`,
  ],
  down: [
    'DROP TABLE user_photo',
    'DROP TABLE login_failure',
    'DROP TABLE verification_code',
    'DROP INDEX user_account_verified_phone_key',
    'ALTER TABLE user_account DROP COLUMN phone_verified',
  ],
});

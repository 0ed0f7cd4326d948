import { sqlMigration } from '@shelfscan/db';

/**
 * Issue 20 (sessions): the tokens logout revoked, by their `jti`, kept until they expire. Rows go
 * with their account (ON DELETE CASCADE); expired ones are swept when the account revokes another.
 */
export const Sessions1764300000001 = sqlMigration('Sessions1764300000001', {
  up: [
    `CREATE TABLE revoked_token (
      token_id uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES user_account (id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL
    )`,
    `CREATE INDEX revoked_token_user ON revoked_token (user_id, expires_at)`,
  ],
  down: [`DROP TABLE revoked_token`],
});

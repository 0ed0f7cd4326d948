import { sqlMigration } from '@shelfscan/db';

/**
 * Issue 19 (API tokens): a seller's personal tokens, stored only as the SHA-256 of the token (which
 * holds 32 random bytes: a plain hash is enough against guessing, as GitHub and Stripe do). A revoked
 * token is deleted; rows go with their account (ON DELETE CASCADE).
 */
export const ApiTokens1767000000020 = sqlMigration('ApiTokens1767000000020', {
  up: [
    `CREATE TABLE api_token (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES user_account (id) ON DELETE CASCADE,
      name text NOT NULL,
      token_hash bytea NOT NULL UNIQUE CHECK (octet_length(token_hash) = 32),
      scopes text[] NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz,
      last_used_at timestamptz
    )`,
    `CREATE INDEX api_token_user ON api_token (user_id, created_at)`,
  ],
  down: [`DROP TABLE api_token`],
});

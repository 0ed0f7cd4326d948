import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 19 (API tokens): a seller's personal tokens, stored only as the SHA-256 of the token (which
 * holds 32 random bytes: a plain hash is enough against guessing, as GitHub and Stripe do). A revoked
 * token is deleted; rows go with their account (ON DELETE CASCADE).
 */
export class ApiTokens1767000000020 implements MigrationInterface {
  name = 'ApiTokens1767000000020';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE api_token (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES user_account (id) ON DELETE CASCADE,
      name text NOT NULL,
      token_hash bytea NOT NULL UNIQUE CHECK (octet_length(token_hash) = 32),
      scopes text[] NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz,
      last_used_at timestamptz
    )`);
    await q.query(`CREATE INDEX api_token_user ON api_token (user_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE api_token`);
  }
}

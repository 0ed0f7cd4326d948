import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 20 (sessions): the tokens logout revoked, by their `jti`, kept until they expire. Rows go
 * with their account (ON DELETE CASCADE); expired ones are swept when the account revokes another.
 */
export class Sessions1764300000001 implements MigrationInterface {
  name = 'Sessions1764300000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE revoked_token (
      token_id uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES user_account (id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL
    )`);
    await q.query(`CREATE INDEX revoked_token_user ON revoked_token (user_id, expires_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE revoked_token`);
  }
}

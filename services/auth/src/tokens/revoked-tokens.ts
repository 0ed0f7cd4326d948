import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@shelfscan/service';
import { DataSource, type EntityManager } from 'typeorm';

/**
 * The tokens logout revoked (`revoked_token`), by `jti`, until they expire: the gateway reads an
 * account's list with its token state, so a copied token stops working while the account's other
 * tokens (its other devices) keep theirs.
 */
@Injectable()
export class RevokedTokens {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** Revokes one token until it expires, and sweeps the account's expired entries. */
  async revoke(userId: string, tokenId: string, expiresAtSeconds: number): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      await m.query(`DELETE FROM revoked_token WHERE user_id = $1 AND expires_at <= $2`, [
        userId,
        this.clock.now(),
      ]);
      await m.query(
        `INSERT INTO revoked_token (token_id, user_id, expires_at) VALUES ($1, $2, $3)
         ON CONFLICT (token_id) DO NOTHING`,
        [tokenId, userId, new Date(expiresAtSeconds * 1000)],
      );
    });
  }

  /** The account's revoked tokens that have not expired yet. */
  async active(userId: string): Promise<string[]> {
    const rows: { token_id: string }[] = await this.dataSource.query(
      `SELECT token_id FROM revoked_token WHERE user_id = $1 AND expires_at > $2`,
      [userId, this.clock.now()],
    );
    return rows.map((r) => r.token_id);
  }

  /** A new token version ends every older token: their entries are of no more use. */
  async forgetAll(userId: string, manager: EntityManager): Promise<void> {
    await manager.query(`DELETE FROM revoked_token WHERE user_id = $1`, [userId]);
  }
}

import { isUuid } from '@shelfscan/db';
import { Inject, Injectable } from '@nestjs/common';
import { BusError } from '@shelfscan/bus';
import type { authV1 } from '@shelfscan/contracts';
import { Clock, SystemParameters } from '@shelfscan/service';
import { API_TOKENS_PER_USER, apiTokenRequest, fieldErrors } from '@shelfscan/validation';
import { DataSource } from 'typeorm';
import { UsersService } from '../users/users.service.js';

type Out<T> = Omit<T, '$typeName'>;
type ApiTokenView = Out<authV1.ApiToken> & { $typeName: 'shelfscan.auth.v1.ApiToken' };

interface TokenRow {
  id: string;
  name: string;
  scopes: string[];
  created_at: Date;
  expires_at: Date | null;
  last_used_at: Date | null;
}

/** Last use is written at most this often per token (a busy script costs one UPDATE a minute). */
export const LAST_USED_EVERY_MS = 60_000;

const ADMIN_ROLE = 'ROLE_ADMIN';

const view = (r: TokenRow): ApiTokenView => ({
  $typeName: 'shelfscan.auth.v1.ApiToken',
  id: r.id,
  name: r.name,
  scopes: r.scopes,
  createdAt: r.created_at.toISOString(),
  expiresAt: r.expires_at?.toISOString() ?? '',
  lastUsedAt: r.last_used_at?.toISOString() ?? '',
});

const notFound = () => new BusError('NOT_FOUND', 'apiTokenNotFound', { reason: 'apiTokenNotFound' });

/**
 * A seller's personal API tokens (issue 19). The gateway makes each token and sends only its
 * SHA-256, so this service stores and compares hashes and never sees a token; expiry is read on the
 * Clock. A revoked token's row is deleted: the next check of it fails.
 */
@Injectable()
export class ApiTokensService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(UsersService) private readonly users: UsersService,
    @Inject(SystemParameters) private readonly parameters: SystemParameters,
  ) {}

  /** The form's rules again (a bus caller gets them too), the limit per account, then the row. */
  async create(req: authV1.CreateApiTokenRequest): Promise<Out<authV1.CreateApiTokenResponse>> {
    const now = this.clock.now();
    const checked = apiTokenRequest(now).safeParse({
      name: req.name,
      scopes: req.scopes,
      ...(req.expiresAt ? { expiresAt: req.expiresAt } : {}),
    });
    if (!checked.success) {
      const violations = fieldErrors(checked.error);
      throw new BusError('INVALID_ARGUMENT', violations.map((v) => v.msg).join('\n'), { violations });
    }
    if (req.tokenHash.length !== 32)
      throw new BusError('INVALID_ARGUMENT', 'systemError', { reason: 'systemError' });
    const user = await this.owner(req.email);
    const { name, scopes, expiresAt } = checked.data;
    const row = await this.dataSource.transaction(async (m) => {
      // One account's creations in turn, so two at once cannot both pass the limit.
      await m.query(`SELECT pg_advisory_xact_lock(hashtext('auth.api_token:' || $1))`, [user.id]);
      const [{ n }] = (await m.query(`SELECT count(*)::int AS n FROM api_token WHERE user_id = $1`, [
        user.id,
      ])) as { n: number }[];
      if (n >= API_TOKENS_PER_USER)
        throw new BusError('FAILED_PRECONDITION', 'apiTokenTooMany', {
          reason: 'apiTokenTooMany',
          detail: String(API_TOKENS_PER_USER),
        });
      const [created] = (await m.query(
        `INSERT INTO api_token (user_id, name, token_hash, scopes, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         RETURNING id, name, scopes, created_at, expires_at, last_used_at`,
        [user.id, name, Buffer.from(req.tokenHash), scopes, now, expiresAt ? new Date(expiresAt) : null],
      )) as TokenRow[];
      return created;
    });
    return { token: view(row) };
  }

  /** The account's tokens, newest first (expired ones too, marked by their expiry). */
  async list(email: string): Promise<Out<authV1.ListApiTokensResponse>> {
    const user = await this.owner(email);
    const rows: TokenRow[] = await this.dataSource.query(
      `SELECT id, name, scopes, created_at, expires_at, last_used_at FROM api_token
        WHERE user_id = $1 ORDER BY created_at DESC, id`,
      [user.id],
    );
    return { tokens: rows.map(view) };
  }

  /** Deletes the token: from now on every check of it fails. Another account's id is not found. */
  async revoke(email: string, id: string): Promise<void> {
    if (!isUuid(id)) throw notFound();
    const user = await this.owner(email);
    // TypeORM answers DELETE … RETURNING with [rows, count].
    const [deleted]: [unknown[], number] = await this.dataSource.query(
      `DELETE FROM api_token WHERE id = $1 AND user_id = $2 RETURNING id`,
      [id, user.id],
    );
    if (!deleted.length) throw notFound();
  }

  /**
   * The gateway's check of a request's token: valid when the hash is of a token that has not
   * expired, of an active account. Its last use is written when it is a minute old.
   */
  async check(tokenHash: Uint8Array): Promise<Out<authV1.CheckApiTokenResponse>> {
    const invalid = {
      valid: false,
      tokenId: '',
      email: '',
      roles: [],
      scopes: [],
      expiresAtSeconds: 0n,
      perMinuteLimit: 0,
    };
    if (tokenHash.length !== 32) return invalid;
    const now = this.clock.now();
    // One indexed SELECT: the gateway asks on every request that carries a token (no cache there).
    const rows: (TokenRow & { email: string; roles: string[] })[] = await this.dataSource.query(
      `SELECT t.id, t.scopes, t.expires_at, t.last_used_at, u.email, u.roles FROM api_token t
         JOIN user_account u ON u.id = t.user_id
        WHERE t.token_hash = $1 AND u.activated AND u.membership_active`,
      [Buffer.from(tokenHash)],
    );
    const row = rows[0];
    if (!row || (row.expires_at && row.expires_at.getTime() <= now.getTime())) return invalid;
    if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() >= LAST_USED_EVERY_MS) {
      await this.dataSource.query(
        `UPDATE api_token SET last_used_at = $2 WHERE id = $1 AND (last_used_at IS NULL OR last_used_at <= $3)`,
        [row.id, now, new Date(now.getTime() - LAST_USED_EVERY_MS)],
      );
    }
    return {
      valid: true,
      tokenId: row.id,
      email: row.email,
      roles: row.roles.filter((r) => r !== ADMIN_ROLE),
      scopes: row.scopes,
      expiresAtSeconds: row.expires_at ? BigInt(Math.floor(row.expires_at.getTime() / 1000)) : 0n,
      perMinuteLimit: this.parameters.number('api.token.perMinuteLimit'),
    };
  }

  private async owner(email: string) {
    const user = await this.users.findByEmail(email);
    if (!user) throw new BusError('NOT_FOUND', 'userNotFound', { reason: 'userNotFound' });
    return user;
  }
}

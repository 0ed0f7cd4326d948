import { Inject, Injectable } from '@nestjs/common';
import { BusClient } from '@shelfscan/bus';
import { authV1 } from '@shelfscan/contracts';

export interface TokenState {
  exists: boolean;
  activated: boolean;
  tokenVersion: number;
  /** The account's id: a token of another id is of a deleted account that had the same email. */
  userId: string;
  /** The `jti` of the account's tokens logout revoked (until they expire). */
  revokedTokenIds: ReadonlySet<string>;
}

/** How long an answer is reused: a reset on another gateway replica takes at most this long to bite. */
export const TOKEN_STATE_TTL_MS = 5_000;

/**
 * Token revocation: the gateway asks the auth service (GetTokenState over the bus) for the
 * account's current token version, id and revoked token ids, and refuses a token whose `ver` is
 * older, whose `uid` is another account's, whose `jti` was revoked by logout, or whose account is
 * gone or inactive. One answer per account serves all its tokens: it is cached a few seconds per
 * email, and this gateway forgets an entry at once when it relays a password change or a logout.
 */
@Injectable()
export class TokenStateCache {
  private readonly entries = new Map<string, { at: number; state: Promise<TokenState> }>();

  constructor(
    @Inject(BusClient) private readonly bus: BusClient,
    private readonly now: () => number = Date.now,
  ) {}

  get(email: string): Promise<TokenState> {
    const key = email.toLowerCase();
    const hit = this.entries.get(key);
    if (hit && this.now() - hit.at < TOKEN_STATE_TTL_MS) return hit.state;
    const state = this.bus.request(authV1.AuthService.method.getTokenState, { email: key }).then(
      (r) => ({
        exists: r.exists,
        activated: r.activated,
        tokenVersion: r.tokenVersion,
        userId: r.userId,
        revokedTokenIds: new Set(r.revokedTokenIds),
      }),
      (err: unknown) => {
        this.entries.delete(key);
        throw err;
      },
    );
    if (this.entries.size > 10_000) this.entries.clear();
    this.entries.set(key, { at: this.now(), state });
    return state;
  }

  forget(email: string): void {
    this.entries.delete(email.toLowerCase());
  }
}

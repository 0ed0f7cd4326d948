import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { BusClient, BusError } from '@shelfscan/bus';
import { Clock } from '@shelfscan/clock';
import { authV1 } from '@shelfscan/contracts';
import { API_TOKEN_PREFIX } from '@shelfscan/validation';
import { ThrottleCounters } from '../throttle/throttle-counters.js';
import type { JwtUser } from './jwt.strategy.js';

/**
 * How long a check's answer is reused for the same token on this replica. The replica that relays a
 * revocation forgets the token at once; another replica refuses it at most this long after.
 */
export const API_TOKEN_CHECK_TTL_MS = 1_000;
/** The window of the per-token request limit (system parameter api.token.perMinuteLimit). */
const RATE_WINDOW_MS = 60_000;

/** `Authorization: Bearer ss_…`: the request carries a personal API token, not a session JWT. */
const API_TOKEN_HEADER = new RegExp(`^bearer\\s+(${API_TOKEN_PREFIX}\\S+)\\s*$`, 'i');

/** The API token of a request's Authorization header, if it carries one. */
export function apiTokenOf(authorization: unknown): string | undefined {
  if (typeof authorization !== 'string' || authorization.length < 10) return undefined;
  return API_TOKEN_HEADER.exec(authorization)?.[1];
}

/** SHA-256 of a token: what the auth service stores and looks up. */
export const apiTokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest();

interface Checked {
  valid: boolean;
  tokenId: string;
  email: string;
  roles: string[];
  scopes: string[];
  expiresAtMs: number;
  perMinuteLimit: number;
}

/** A refusal in the spec's shape (the exception filter words the reason in the request language). */
const refused = (code: 'UNAUTHENTICATED' | 'PERMISSION_DENIED', reason: string, detail?: string) =>
  new BusError(code, reason, { reason, detail });

/**
 * The gateway's check of a personal API token (issue 19): its hash against the auth service
 * (CheckApiToken, the answer reused API_TOKEN_CHECK_TTL_MS per token), expiry on the Clock, the
 * route's scope, and the token's requests per minute in the shared PostgreSQL throttle counters.
 * Only requests that carry an API token come here.
 */
@Injectable()
export class ApiTokenAuthenticator {
  private readonly checks = new Map<string, { at: number; answer: Promise<Checked>; tokenId?: string }>();

  constructor(
    @Inject(BusClient) private readonly bus: BusClient,
    @Inject(ThrottleCounters) private readonly counters: ThrottleCounters,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /**
   * The user a request runs as, or the refusal: 401 apiTokenInvalid (unknown, revoked, expired),
   * 403 apiTokenNotAllowed (the route declares no scope), 403 apiTokenScopeMissing, 429.
   */
  async authenticate(token: string, scope: string | undefined): Promise<JwtUser> {
    const hash = apiTokenHash(token);
    const checked = await this.check(hash);
    const now = this.clock.nowMs();
    if (!checked.valid || (checked.expiresAtMs && checked.expiresAtMs <= now))
      throw refused('UNAUTHENTICATED', 'apiTokenInvalid');
    if (!scope) throw refused('PERMISSION_DENIED', 'apiTokenNotAllowed');
    if (!checked.scopes.includes(scope)) throw refused('PERMISSION_DENIED', 'apiTokenScopeMissing', scope);
    const record = await this.counters.increment(
      `api-token:${checked.tokenId}`,
      RATE_WINDOW_MS,
      checked.perMinuteLimit,
      0,
      'api-token',
    );
    if (record.totalHits > checked.perMinuteLimit)
      throw new BusError('RESOURCE_EXHAUSTED', 'apiTokenRateLimited', {
        reason: 'apiTokenRateLimited',
        retryAfterSeconds: Math.max(1, record.timeToExpire),
      });
    return {
      sub: checked.email,
      roles: checked.roles,
      exp: checked.expiresAtMs ? Math.floor(checked.expiresAtMs / 1000) : 0,
      apiToken: { id: checked.tokenId, scopes: checked.scopes },
    };
  }

  /** This replica forgets its answer for a token at once (its owner just revoked it here). */
  forget(tokenId: string): void {
    for (const [key, entry] of this.checks) if (entry.tokenId === tokenId) this.checks.delete(key);
  }

  private check(hash: Buffer): Promise<Checked> {
    const key = hash.toString('base64');
    const now = this.clock.nowMs();
    const hit = this.checks.get(key);
    if (hit && now - hit.at < API_TOKEN_CHECK_TTL_MS) return hit.answer;
    const entry: { at: number; answer: Promise<Checked>; tokenId?: string } = { at: now, answer: null! };
    entry.answer = this.bus.request(authV1.AuthService.method.checkApiToken, { tokenHash: hash }).then(
      (r) => {
        entry.tokenId = r.tokenId;
        return {
          valid: r.valid,
          tokenId: r.tokenId,
          email: r.email,
          roles: r.roles,
          scopes: r.scopes,
          expiresAtMs: Number(r.expiresAtSeconds) * 1000,
          perMinuteLimit: r.perMinuteLimit,
        };
      },
      (err: unknown) => {
        this.checks.delete(key);
        throw err;
      },
    );
    if (this.checks.size > 10_000) this.checks.clear();
    this.checks.set(key, entry);
    return entry.answer;
  }
}

import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { BusClient, BusError } from '@shelfscan/bus';
import { Clock } from '@shelfscan/clock';
import { authV1 } from '@shelfscan/contracts';
import { API_TOKEN_PREFIX } from '@shelfscan/validation';
import { ThrottleCounters } from '../throttle/throttle-counters.js';
import type { JwtUser } from './jwt.strategy.js';

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

/** A refusal in the spec's shape (the exception filter words the reason in the request language). */
const refused = (code: 'UNAUTHENTICATED' | 'PERMISSION_DENIED', reason: string, detail?: string) =>
  new BusError(code, reason, { reason, detail });

/**
 * The gateway's check of a personal API token (issue 19): its hash against the auth service
 * (CheckApiToken), expiry on the Clock, the route's scope, and the token's requests per minute in
 * the shared PostgreSQL throttle counters. Only requests that carry an API token come here.
 *
 * Every request asks auth again; no replica keeps an answer. A revocation is "at once" on every
 * replica only if no replica can answer from memory after the revoke returns, and a per-replica
 * cache would need an invalidation every replica receives before that return: on Kafka the gateway
 * replicas share one consumer group (an event reaches one of them), so that would take a group per
 * replica or a round of acknowledgements. Asking auth costs one bus request and an indexed SELECT
 * (docs/security.md has the figures), in both the embedded process and the cluster alike.
 */
@Injectable()
export class ApiTokenAuthenticator {
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
    const checked = await this.bus.request(authV1.AuthService.method.checkApiToken, {
      tokenHash: apiTokenHash(token),
    });
    const expiresAtMs = Number(checked.expiresAtSeconds) * 1000;
    const now = this.clock.nowMs();
    if (!checked.valid || (expiresAtMs && expiresAtMs <= now))
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
      exp: Number(checked.expiresAtSeconds),
      apiToken: { id: checked.tokenId, scopes: checked.scopes },
    };
  }
}

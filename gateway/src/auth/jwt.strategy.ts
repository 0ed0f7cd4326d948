import type { KeyObject } from 'node:crypto';
import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { SigningKeySource } from './signing-keys.js';
import { TokenStateCache } from './token-state.js';

export interface JwtUser {
  /** The email. */
  sub: string;
  roles: string[];
  exp: number;
  /** Set when the request came with a personal API token (issue 19) instead of a session. */
  apiToken?: { id: string; scopes: string[] };
}

/** The bearer token of a request (its Authorization header), as the strategy reads it. */
export const bearerToken = ExtractJwt.fromAuthHeaderAsBearerToken();

/**
 * Bearer tokens signed by the auth service (ES256), verified with its public key only. Refused as
 * well: a token older than the account's last password reset or change (`ver` below the account's
 * token version), one of another account that had the same email (`uid`), and one revoked by logout
 * (`jti`).
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) {
  constructor(
    @Inject(SigningKeySource) keys: SigningKeySource,
    @Inject(TokenStateCache) private readonly tokenStates: TokenStateCache,
  ) {
    super({
      jwtFromRequest: bearerToken,
      algorithms: ['ES256'],
      ignoreExpiration: false,
      // A KeyObject, parsed once (passport-jwt's types say string | Buffer; jsonwebtoken takes either).
      secretOrKeyProvider: (_req: unknown, _raw: string, done: (err: unknown, key?: string) => void) => {
        keys.publicKey().then((key: KeyObject) => done(null, key as unknown as string), done);
      },
    });
  }

  async validate(payload: {
    sub: string;
    auth?: string;
    exp: number;
    ver?: number;
    uid?: string;
    jti?: string;
  }): Promise<JwtUser> {
    const state = await this.tokenStates.get(payload.sub);
    if (
      !state.exists ||
      !state.activated ||
      (payload.ver ?? 0) < state.tokenVersion ||
      !payload.uid ||
      payload.uid !== state.userId ||
      !payload.jti ||
      state.revokedTokenIds.has(payload.jti)
    ) {
      throw new UnauthorizedException();
    }
    return { sub: payload.sub, roles: (payload.auth ?? '').split(',').filter(Boolean), exp: payload.exp };
  }
}

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
}

/**
 * Bearer tokens signed by the auth service (ES256), verified with its public key only; a token
 * older than the account's last password reset (`ver` below the account's token version) is refused.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) {
  constructor(
    @Inject(SigningKeySource) keys: SigningKeySource,
    @Inject(TokenStateCache) private readonly tokenStates: TokenStateCache,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      algorithms: ['ES256'],
      ignoreExpiration: false,
      secretOrKeyProvider: (_req: unknown, _raw: string, done: (err: unknown, key?: string) => void) => {
        keys.publicKey().then((key) => done(null, key), done);
      },
    });
  }

  async validate(payload: { sub: string; auth?: string; exp: number; ver?: number }): Promise<JwtUser> {
    const state = await this.tokenStates.get(payload.sub);
    if (!state.exists || !state.activated || (payload.ver ?? 0) < state.tokenVersion) {
      throw new UnauthorizedException();
    }
    return { sub: payload.sub, roles: (payload.auth ?? '').split(',').filter(Boolean), exp: payload.exp };
  }
}

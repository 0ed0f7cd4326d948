import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { SigningKeySource } from './signing-keys.js';

export interface JwtUser {
  /** The email. */
  sub: string;
  roles: string[];
  exp: number;
}

/** Bearer tokens signed by the auth service (ES256), verified with its public key only. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) {
  constructor(@Inject(SigningKeySource) keys: SigningKeySource) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      algorithms: ['ES256'],
      ignoreExpiration: false,
      secretOrKeyProvider: (_req: unknown, _raw: string, done: (err: unknown, key?: string) => void) => {
        keys.publicKey().then((key) => done(null, key), done);
      },
    });
  }

  validate(payload: { sub: string; auth?: string; exp: number }): JwtUser {
    return { sub: payload.sub, roles: (payload.auth ?? '').split(',').filter(Boolean), exp: payload.exp };
  }
}

import { randomUUID } from 'node:crypto';
import type { Clock } from '@shelfscan/service';
import jwt from 'jsonwebtoken';
import type { SigningKeys } from './key-store.js';

export interface TokenSubject {
  id: string;
  email: string;
  roles: string[];
  tokenVersion: number;
}

/** The claims of a token this service signed that are still valid. */
export interface TokenClaims {
  sub: string;
  uid: string;
  jti: string;
  exp: number;
}

/**
 * Issues the access token (ES256): sub = email, auth = comma-separated roles, exp = expiry,
 * ver = the account's token version (a password change or reset raises it), uid = the account's id
 * (a later account with the same email is another id), jti = the token's own id (logout revokes it).
 */
export class TokenService {
  constructor(
    private readonly keys: SigningKeys,
    private readonly ttlSeconds: number,
    private readonly clock: Clock,
  ) {}

  issue(subject: TokenSubject): string {
    const iat = Math.floor(this.clock.nowMs() / 1000);
    return jwt.sign(
      {
        sub: subject.email,
        auth: subject.roles.join(','),
        ver: subject.tokenVersion,
        uid: subject.id,
        iat,
        exp: iat + this.ttlSeconds,
      },
      this.keys.privateKey,
      { algorithm: 'ES256', keyid: this.keys.kid, jwtid: randomUUID() },
    );
  }

  /** The claims of a token signed with this service's key and not expired; null for any other. */
  verify(token: string): TokenClaims | null {
    try {
      const claims = jwt.verify(token, this.keys.publicKeyPem, {
        algorithms: ['ES256'],
        clockTimestamp: Math.floor(this.clock.nowMs() / 1000),
      });
      if (typeof claims !== 'object') return null;
      const { sub, uid, jti, exp } = claims as Partial<TokenClaims>;
      if (typeof sub !== 'string' || typeof uid !== 'string' || typeof jti !== 'string') return null;
      return { sub, uid, jti, exp: Number(exp) };
    } catch {
      return null;
    }
  }

  publicKeys(): string[] {
    return [this.keys.publicKeyPem];
  }
}

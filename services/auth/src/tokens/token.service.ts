import type { Clock } from '@shelfscan/service';
import jwt from 'jsonwebtoken';
import type { SigningKeys } from './key-store.js';

export interface TokenSubject {
  email: string;
  roles: string[];
  tokenVersion: number;
}

/** Issues the access token: sub = email, auth = comma-separated roles, exp = expiry (ES256). */
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
        iat,
        exp: iat + this.ttlSeconds,
      },
      this.keys.privateKey,
      { algorithm: 'ES256', keyid: this.keys.kid },
    );
  }

  publicKeys(): string[] {
    return [this.keys.publicKeyPem];
  }
}

import { createPublicKey, type KeyObject } from 'node:crypto';
import { authV1 } from '@shelfscan/contracts';
import { BusClient } from '@shelfscan/bus';

/**
 * The public key tokens are verified with: JWT_PUBLIC_KEY when set, otherwise asked once from
 * the auth service over the bus (and asked again after a failure). Parsed once: given as PEM text,
 * jsonwebtoken parses it again at every request (docs/performance.md).
 */
export class SigningKeySource {
  private cached?: Promise<KeyObject>;

  constructor(
    private readonly bus: BusClient,
    private readonly configured?: string,
  ) {}

  publicKey(): Promise<KeyObject> {
    this.cached ??= (
      this.configured
        ? Promise.resolve(this.configured)
        : this.bus.request(authV1.AuthService.method.getSigningKeys, {}).then((r) => {
            if (!r.publicKeysPem.length) throw new Error('the auth service has no signing key');
            return r.publicKeysPem[0];
          })
    )
      .then((pem) => createPublicKey(pem))
      .catch((err) => {
        this.cached = undefined;
        throw err;
      });
    return this.cached;
  }
}

import { authV1 } from '@shelfscan/contracts';
import { BusClient } from '@shelfscan/bus';

/**
 * The public key tokens are verified with: JWT_PUBLIC_KEY when set, otherwise asked once from
 * the auth service over the bus (and asked again after a failure).
 */
export class SigningKeySource {
  private cached?: Promise<string>;

  constructor(
    private readonly bus: BusClient,
    private readonly configured?: string,
  ) {}

  publicKey(): Promise<string> {
    if (this.configured) return Promise.resolve(this.configured);
    this.cached ??= this.bus
      .request(authV1.AuthService.method.getSigningKeys, {})
      .then((r) => {
        if (!r.publicKeysPem.length) throw new Error('the auth service has no signing key');
        return r.publicKeysPem[0];
      })
      .catch((err) => {
        this.cached = undefined;
        throw err;
      });
    return this.cached;
  }
}

import { BusClient } from '@shelfscan/bus';
import { billingV1 } from '@shelfscan/contracts';
import { CompactEncrypt, importSPKI, type CryptoKey } from 'jose';

const ALG = 'ECDH-ES+A256KW';

/**
 * Seals a card number and CVC for the billing service only (JWE compact, ECDH-ES+A256KW with
 * A256GCM, payload {number, cvc, email, iat}): the bus (and a Kafka topic) carries no card
 * number in clear. The public key is CARD_SEALING_PUBLIC_KEY when set, otherwise asked once from
 * billing over the bus (and asked again after a failure), as the JWT key is asked from auth.
 */
export class CardSealer {
  private key?: Promise<CryptoKey>;

  constructor(
    private readonly bus: BusClient,
    private readonly configured?: string,
  ) {}

  async seal(email: string, number: string, cvc: string, now = new Date()): Promise<string> {
    const payload = JSON.stringify({ number, cvc, email, iat: Math.floor(now.getTime() / 1000) });
    return new CompactEncrypt(new TextEncoder().encode(payload))
      .setProtectedHeader({ alg: ALG, enc: 'A256GCM' })
      .encrypt(await this.publicKey());
  }

  private publicKey(): Promise<CryptoKey> {
    this.key ??= (
      this.configured
        ? Promise.resolve(this.configured)
        : this.bus.request(billingV1.BillingService.method.getCardSealingKey, {}).then((r) => r.publicKeyPem)
    )
      .then((pem) => importSPKI(pem, ALG))
      .catch((err) => {
        this.key = undefined;
        throw err;
      });
    return this.key;
  }
}

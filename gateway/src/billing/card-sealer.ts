import { Sealer } from '@shelfscan/bus';

/**
 * Seals a card number and CVC for the billing service only (the bus's one sealing helper,
 * `Sealer`: JWE compact to billing's public key, bound to the user's email): the bus (and a Kafka
 * topic) carries no card number in clear. The key is CARD_SEALING_PUBLIC_KEY, required config (the
 * embedded mode makes the pair in-process), never fetched over the bus.
 */
export class CardSealer {
  private readonly sealer?: Sealer;

  constructor(publicKeyPem: string | undefined) {
    if (publicKeyPem) this.sealer = new Sealer(publicKeyPem);
  }

  async seal(email: string, number: string, cvc: string, now = new Date()): Promise<string> {
    if (!this.sealer) throw new Error('CARD_SEALING_PUBLIC_KEY is not set: card numbers cannot be sealed');
    return this.sealer.seal({ number, cvc }, email, now);
  }
}

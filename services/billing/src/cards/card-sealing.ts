import { Inject, Injectable } from '@nestjs/common';
import { SealOpener } from '@shelfscan/bus';
import { ConfigError } from '@shelfscan/config';
import { SERVICE_CONFIG, ecPrivateKeyPem } from '@shelfscan/service';
import type { BillingConfig } from '../config.js';

export interface OpenedCard {
  number: string;
  cvc: string;
}

/**
 * The card number and CVC cross the bus sealed for billing only: the gateway seals them to
 * billing's public key with the bus's one sealing helper (`Sealer`: JWE compact, ECDH-ES+A256KW
 * with A256GCM, bound to the user's email) and billing opens them here, just before sending them to
 * the provider. The private key is CARD_SEALING_PRIVATE_KEY: required with BUS=kafka (a Secret in
 * the cluster, its public half the gateway's CARD_SEALING_PUBLIC_KEY); the embedded mode passes a
 * pair made in-process, and without one a key is made once under DATA_DIR/keys.
 */
@Injectable()
export class CardSealing {
  private readonly opener: SealOpener;

  constructor(@Inject(SERVICE_CONFIG) config: BillingConfig) {
    if (config.BUS === 'kafka' && !config.CARD_SEALING_PRIVATE_KEY)
      throw new ConfigError([
        {
          variable: 'CARD_SEALING_PRIVATE_KEY',
          expected: 'the PEM private key card numbers are sealed to (required when BUS=kafka)',
        },
      ]);
    this.opener = new SealOpener(
      ecPrivateKeyPem(config.CARD_SEALING_PRIVATE_KEY, config.DATA_DIR, 'card-sealing-key.pem'),
    );
  }

  /** Opens a sealed card made for this user within the last minutes; else a SealError. */
  async open(sealed: string, email: string, now: Date): Promise<OpenedCard> {
    return this.opener.open(sealed, email, ['number', 'cvc'], now);
  }
}

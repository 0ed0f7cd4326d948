import { createPrivateKey, createPublicKey } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG, ecPrivateKeyPem } from '@shelfscan/service';
import { compactDecrypt, importPKCS8, type CryptoKey } from 'jose';
import type { BillingConfig } from '../config.js';

/** The only key management algorithm and content encryption a sealed card may use. */
export const SEAL_ALG = 'ECDH-ES+A256KW';
export const SEAL_ENC = 'A256GCM';
/** A sealed card is opened at most this long after (or before: clocks differ) it was sealed. */
const MAX_AGE_SECONDS = 600;

export interface OpenedCard {
  number: string;
  cvc: string;
}

/** Why a sealed card cannot be opened (the message never holds any part of the card). */
export class CardSealError extends Error {}

/**
 * The card number and CVC cross the bus sealed for billing only: the gateway encrypts them to
 * billing's public key (JWE compact, ECDH-ES+A256KW with A256GCM; payload {number, cvc, email,
 * iat}) and billing opens them here, just before sending them to the provider. The private key
 * is CARD_SEALING_PRIVATE_KEY (a Secret in the cluster) or, unset, a key pair generated once
 * under DATA_DIR/keys (embedded mode), as auth's JWT signing key is (`ecPrivateKeyPem`).
 */
@Injectable()
export class CardSealing {
  readonly publicKeyPem: string;
  private readonly privateKey: Promise<CryptoKey>;

  constructor(@Inject(SERVICE_CONFIG) config: BillingConfig) {
    const pem = ecPrivateKeyPem(config.CARD_SEALING_PRIVATE_KEY, config.DATA_DIR, 'card-sealing-key.pem');
    this.publicKeyPem = createPublicKey(createPrivateKey(pem))
      .export({ type: 'spki', format: 'pem' })
      .toString();
    this.privateKey = importPKCS8(pem, SEAL_ALG);
  }

  /** Opens a sealed card made for this user within the last minutes. */
  async open(sealed: string, email: string, now: Date): Promise<OpenedCard> {
    let payload: Record<string, unknown>;
    try {
      const { plaintext, protectedHeader } = await compactDecrypt(sealed, await this.privateKey, {
        keyManagementAlgorithms: [SEAL_ALG],
        contentEncryptionAlgorithms: [SEAL_ENC],
      });
      if (protectedHeader.alg !== SEAL_ALG) throw new Error('alg');
      payload = JSON.parse(new TextDecoder().decode(plaintext)) as Record<string, unknown>;
    } catch {
      throw new CardSealError('the sealed card cannot be opened');
    }
    if (typeof payload.email !== 'string' || payload.email.toLowerCase() !== email.toLowerCase())
      throw new CardSealError('the sealed card was made for another user');
    if (typeof payload.iat !== 'number' || Math.abs(now.getTime() / 1000 - payload.iat) > MAX_AGE_SECONDS)
      throw new CardSealError('the sealed card is too old');
    if (typeof payload.number !== 'string' || typeof payload.cvc !== 'string')
      throw new CardSealError('the sealed card is incomplete');
    return { number: payload.number, cvc: payload.cvc };
  }
}

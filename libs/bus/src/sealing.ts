import { CompactEncrypt, compactDecrypt, importPKCS8, importSPKI, type CryptoKey } from 'jose';

/** The only key management algorithm and content encryption a sealed value may use. */
export const SEAL_ALG = 'ECDH-ES+A256KW';
export const SEAL_ENC = 'A256GCM';
/** A sealed value is opened at most this long after (or before: clocks differ) it was sealed. */
const MAX_AGE_SECONDS = 600;

/** Why a sealed value cannot be opened (the message never holds any part of the secret). */
export class SealError extends Error {}

/**
 * Secrets that cross the bus are sealed for the one service that may read them, so that no topic
 * holds them in clear for its retention: the card number and CVC for billing, passwords for auth.
 * A seal is a JWE compact (ECDH-ES+A256KW with A256GCM) to that service's EC P-256 public key,
 * whose JSON payload holds the secret's fields, `iat`, and what it is bound to (`bound`: the
 * user's email for a card, the request type and field for a password); the opener checks both.
 */
export class Sealer {
  private key?: Promise<CryptoKey>;

  /** `publicKeyPem`: the SPKI PEM public key of the service that opens. */
  constructor(private readonly publicKeyPem: string) {}

  async seal(fields: Record<string, string>, bound: string, now = new Date()): Promise<string> {
    const payload = JSON.stringify({ ...fields, bound, iat: Math.floor(now.getTime() / 1000) });
    this.key ??= importSPKI(this.publicKeyPem, SEAL_ALG);
    return new CompactEncrypt(new TextEncoder().encode(payload))
      .setProtectedHeader({ alg: SEAL_ALG, enc: SEAL_ENC })
      .encrypt(await this.key);
  }
}

/** Opens what a Sealer sealed to this service's public key: the private half (PKCS#8 PEM). */
export class SealOpener {
  private readonly privateKey: Promise<CryptoKey>;

  constructor(privateKeyPem: string) {
    this.privateKey = importPKCS8(privateKeyPem, SEAL_ALG);
    // an unusable key stops the start, not the first request (and is no unhandled rejection)
    this.privateKey.catch(() => undefined);
  }

  /** The sealed fields, when sealed for `bound` within the last minutes; else a SealError. */
  async open<F extends string>(
    sealed: string,
    bound: string,
    fields: readonly F[],
    now: Date,
  ): Promise<Record<F, string>> {
    let payload: Record<string, unknown>;
    try {
      const { plaintext, protectedHeader } = await compactDecrypt(sealed, await this.privateKey, {
        keyManagementAlgorithms: [SEAL_ALG],
        contentEncryptionAlgorithms: [SEAL_ENC],
      });
      if (protectedHeader.alg !== SEAL_ALG) throw new Error('alg');
      payload = JSON.parse(new TextDecoder().decode(plaintext)) as Record<string, unknown>;
    } catch {
      throw new SealError('the sealed value cannot be opened');
    }
    if (typeof payload.bound !== 'string' || payload.bound.toLowerCase() !== bound.toLowerCase())
      throw new SealError('the sealed value was made for another use');
    if (typeof payload.iat !== 'number' || Math.abs(now.getTime() / 1000 - payload.iat) > MAX_AGE_SECONDS)
      throw new SealError('the sealed value is too old');
    const opened = {} as Record<F, string>;
    for (const field of fields) {
      const value = payload[field];
      if (typeof value !== 'string') throw new SealError('the sealed value is incomplete');
      opened[field] = value;
    }
    return opened;
  }
}

import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { ecPrivateKeyPem } from '@shelfscan/service';

export interface SigningKeys {
  privateKey: KeyObject;
  publicKeyPem: string;
  /** Key id put in the token header, so keys can be rotated. */
  kid: string;
}

/**
 * The token signing key: from JWT_PRIVATE_KEY when given (cluster mode, a Kubernetes secret),
 * otherwise an EC P-256 key pair generated once under DATA_DIR/keys (embedded mode).
 */
export function loadSigningKeys(options: { privateKeyPem?: string; dataDir: string }): SigningKeys {
  const pem = ecPrivateKeyPem(options.privateKeyPem, options.dataDir, 'jwt-signing-key.pem');
  const privateKey = createPrivateKey(pem);
  const publicKey = createPublicKey(privateKey);
  const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const kid = publicKey.export({ format: 'jwk' }).x!.slice(0, 16);
  return { privateKey, publicKeyPem, kid };
}

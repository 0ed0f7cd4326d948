import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

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
  let pem = options.privateKeyPem;
  if (!pem) {
    const file = path.resolve(options.dataDir, 'keys', 'jwt-signing-key.pem');
    if (!fs.existsSync(file)) {
      const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      fs.writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    }
    pem = fs.readFileSync(file, 'utf8');
  }
  const privateKey = createPrivateKey(pem);
  const publicKey = createPublicKey(privateKey);
  const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const kid = publicKey.export({ format: 'jwk' }).x!.slice(0, 16);
  return { privateKey, publicKeyPem, kid };
}

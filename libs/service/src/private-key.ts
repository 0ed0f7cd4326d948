import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A service's own EC P-256 private key (PKCS#8 PEM): the one given (cluster mode: a Kubernetes secret
 * in the service's environment), or else the one generated once under `DATA_DIR/keys/<fileName>`
 * (embedded mode; the folder 0700, the file 0600) and read from there on every later start.
 * Auth's token signing key and billing's card sealing key.
 */
export function ecPrivateKeyPem(given: string | undefined, dataDir: string, fileName: string): string {
  if (given) return given;
  const file = path.resolve(dataDir, 'keys', fileName);
  if (!fs.existsSync(file)) {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  }
  return fs.readFileSync(file, 'utf8');
}

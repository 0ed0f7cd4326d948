import { createPrivateKey } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ecPrivateKeyPem } from '../src/index.js';

describe('ecPrivateKeyPem', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'private-key-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('generates an EC P-256 key once under DATA_DIR/keys, readable by the owner only, and reads it later', () => {
    const first = ecPrivateKeyPem(undefined, dataDir, 'some-key.pem');
    const file = path.join(dataDir, 'keys', 'some-key.pem');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(createPrivateKey(first).asymmetricKeyDetails).toEqual({ namedCurve: 'prime256v1' });
    expect(ecPrivateKeyPem('', dataDir, 'some-key.pem')).toBe(first);
    expect(ecPrivateKeyPem(undefined, dataDir, 'other-key.pem')).not.toBe(first);
  });

  it('takes the key given (cluster mode) and writes nothing', () => {
    expect(ecPrivateKeyPem('-----BEGIN PRIVATE KEY-----given', dataDir, 'some-key.pem')).toBe(
      '-----BEGIN PRIVATE KEY-----given',
    );
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });
});

import { KeyObject } from 'node:crypto';
import { inProcessKeyPair, type BusClient } from '@shelfscan/bus';
import { SigningKeySource } from './signing-keys.js';

/** The token key is parsed once, not at every authenticated request (docs/performance.md). */
describe('SigningKeySource', () => {
  const { publicKeyPem } = inProcessKeyPair();

  it('gives the configured key parsed, the same object at every request', async () => {
    const keys = new SigningKeySource({} as BusClient, publicKeyPem);
    const first = await keys.publicKey();
    expect(first).toBeInstanceOf(KeyObject);
    expect(first.export({ type: 'spki', format: 'pem' })).toBe(publicKeyPem);
    expect(await keys.publicKey()).toBe(first);
  });

  it('asks the auth service once, and again after a failure', async () => {
    const answers = [Promise.reject(new Error('down')), Promise.resolve({ publicKeysPem: [publicKeyPem] })];
    let asked = 0;
    const bus = { request: () => answers[asked++] } as unknown as BusClient;
    const keys = new SigningKeySource(bus);
    await expect(keys.publicKey()).rejects.toThrow('down');
    const key = await keys.publicKey();
    expect(await keys.publicKey()).toBe(key);
    expect(asked).toBe(2);
  });
});

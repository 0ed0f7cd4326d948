import jwt from 'jsonwebtoken';
import { IdentitySigner, IdentityVerifier, inProcessKeyPair } from '@shelfscan/bus';

/** One ES256 signature per caller and half-minute, one verification per assertion (docs/performance.md). */
describe('identity assertions are signed and verified once, not at every bus request', () => {
  const keys = inProcessKeyPair();
  const SELLER = { email: 'seller@shelfscan.test', roles: ['ROLE_USER'] };
  const t0 = Date.parse('2026-11-28T12:00:00Z');

  it('the gateway sends the same assertion for a caller while 30 s of its 60 s are left, then a new one', () => {
    let now = t0;
    const signer = new IdentitySigner(keys.privateKeyPem, () => now);
    const first = signer.sign(SELLER);
    now = t0 + 29_000;
    expect(signer.sign(SELLER)).toBe(first);
    expect(signer.sign({ ...SELLER, roles: ['ROLE_USER', 'ROLE_ADMIN'] })).not.toBe(first);
    expect(signer.sign({ ...SELLER, email: 'other@shelfscan.test' })).not.toBe(first);
    now = t0 + 31_000;
    const second = signer.sign(SELLER);
    expect(second).not.toBe(first);
    // An assertion asked for an earlier time (a test's "signed two minutes back") is never a later one.
    expect(signer.sign(SELLER, t0 - 120_000)).not.toBe(second);
  });

  it('a service checks an assertion’s signature once, and its lifetime at every use', () => {
    let now = t0;
    const assertion = new IdentitySigner(keys.privateKeyPem, () => now).sign(SELLER);
    const verifier = new IdentityVerifier(keys.publicKeyPem, () => now);
    const verify = jest.spyOn(jwt, 'verify');
    expect(verifier.verify(assertion)).toEqual(SELLER);
    now = t0 + 59_000;
    const again = verifier.verify(assertion);
    expect(again).toEqual(SELLER);
    again.roles.push('ROLE_ADMIN');
    expect(verifier.verify(assertion)).toEqual(SELLER);
    expect(verify).toHaveBeenCalledTimes(1);
    now = t0 + 60_000;
    expect(() => verifier.verify(assertion)).toThrow(
      expect.objectContaining({ reason: 'callerNotVerified' }),
    );
    // Another key's assertion is never taken from what was verified.
    const forged = new IdentitySigner(inProcessKeyPair().privateKeyPem, () => t0).sign(SELLER);
    now = t0;
    expect(() => verifier.verify(forged)).toThrow(expect.objectContaining({ reason: 'callerNotVerified' }));
  });
});

import { generateKeyPairSync } from 'node:crypto';
import type { DescMethod } from '@bufbuild/protobuf';
import { ConfigError } from '@shelfscan/config';
import type { Envelope } from '@shelfscan/contracts';
import {
  IdentitySigner,
  IdentityVerifier,
  actsForCaller,
  assertionForCurrentCaller,
  callerRule,
  enforceCaller,
  type BusCaller,
} from './caller.js';
import { encodeEnvelope, requireMethod } from './codec.js';
import { BusError } from './errors.js';
import { SealError, SealOpener, Sealer } from './sealing.js';

/** The keys of the bus's trust boundary, as the environment gives them (baseEnvSchema). */
export interface BusTrustSettings {
  BUS: 'memory' | 'kafka';
  BUS_IDENTITY_PRIVATE_KEY?: string;
  BUS_IDENTITY_PUBLIC_KEY?: string;
  AUTH_SEALING_PUBLIC_KEY?: string;
  AUTH_SEALING_PRIVATE_KEY?: string;
}

/** An EC P-256 key pair made in this process (the embedded mode's keys), PEM. */
export function inProcessKeyPair(): { privateKeyPem: string; publicKeyPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** `shelfscan.auth.v1.AuthService.Register` → `auth`: the service that answers (and opens seals). */
const serviceOf = (method: DescMethod) => method.parent.typeName.split('.')[1];

/** What a handler runs as once its request is accepted. */
export interface AcceptedRequest {
  caller?: BusCaller;
  assertion?: string;
}

/**
 * The bus is a trust boundary: anything that can write to a topic could otherwise put any caller in
 * a payload. This is the one place both transports go through for a request:
 *  - sending (`encodeRequest`): the secrets the contract marks `(shelfscan.common.v1.sealed)` are
 *    sealed for the answering service, and the request carries an identity assertion for the caller
 *    the current work runs as (`runAsCaller`): signed here (the gateway holds the private key), or
 *    the verified one a service received, passed on as it is;
 *  - receiving (`acceptRequest`, before dispatch): a method that acts for a caller (a Caller field,
 *    a `subject` field or a `caller_role`: see callerRule) needs a valid assertion, and the caller is
 *    taken from it, never from the payload (enforceCaller); sealed fields are opened.
 * Keys: BUS_IDENTITY_* and AUTH_SEALING_* (required with BUS=kafka, where a process without the key
 * it needs stops at start); with BUS=memory each missing pair is made in-process.
 */
export class BusTrust {
  private readonly signer?: IdentitySigner;
  private readonly verifier?: IdentityVerifier;
  private readonly sealers = new Map<string, Sealer>();
  private readonly openers = new Map<string, SealOpener>();

  constructor(
    settings: BusTrustSettings,
    private readonly now: () => number = Date.now,
  ) {
    let identity = {
      privateKeyPem: settings.BUS_IDENTITY_PRIVATE_KEY,
      publicKeyPem: settings.BUS_IDENTITY_PUBLIC_KEY,
    };
    let auth = {
      privateKeyPem: settings.AUTH_SEALING_PRIVATE_KEY,
      publicKeyPem: settings.AUTH_SEALING_PUBLIC_KEY,
    };
    if (settings.BUS === 'memory') {
      if (!identity.privateKeyPem && !identity.publicKeyPem) identity = inProcessKeyPair();
      if (!auth.privateKeyPem && !auth.publicKeyPem) auth = inProcessKeyPair();
    }
    if (identity.privateKeyPem) this.signer = new IdentitySigner(identity.privateKeyPem, now);
    if (identity.publicKeyPem) this.verifier = new IdentityVerifier(identity.publicKeyPem, now);
    if (auth.publicKeyPem) this.sealers.set('auth', new Sealer(auth.publicKeyPem));
    if (auth.privateKeyPem) this.openers.set('auth', new SealOpener(auth.privateKeyPem));
  }

  /**
   * What a service process must hold to answer requests (checked when its server is made): the
   * public key assertions are verified with, and auth its sealing key.
   */
  requireServerKeys(group: string): void {
    const missing = [];
    if (!this.verifier)
      missing.push({
        variable: 'BUS_IDENTITY_PUBLIC_KEY',
        expected: "the PEM public key of the gateway's identity assertions (required when BUS=kafka)",
      });
    if (group === 'auth' && !this.openers.has('auth'))
      missing.push({
        variable: 'AUTH_SEALING_PRIVATE_KEY',
        expected: 'the PEM private key passwords are sealed to (required when BUS=kafka)',
      });
    if (missing.length) throw new ConfigError(missing);
  }

  /** Encodes a request: sealed secrets, the current caller's assertion, the envelope. */
  async encodeRequest(pattern: string, data: unknown): Promise<Uint8Array> {
    const method = requireMethod(pattern);
    const sealed = callerRule(method).sealedFields;
    let payload = data;
    if (sealed.length) {
      const fields = { ...(data as Record<string, unknown>) };
      for (const field of sealed) {
        const value = fields[field.localName];
        if (typeof value !== 'string' || !value) continue;
        const sealer = this.sealers.get(serviceOf(method));
        if (!sealer) throw new BusError('INTERNAL', 'systemError', { reason: 'secretNotSealed' });
        fields[field.localName] = await sealer.seal(
          { value },
          `${pattern}#${field.name}`,
          new Date(this.now()),
        );
      }
      payload = fields;
    }
    return encodeEnvelope(pattern, method.input, payload, undefined, assertionForCurrentCaller(this.signer));
  }

  /**
   * Checks a decoded request before its handler runs (the message is changed in place: the caller
   * from the assertion, secrets opened); refuses it with a BusError otherwise.
   */
  async acceptRequest(pattern: string, envelope: Envelope, message: unknown): Promise<AcceptedRequest> {
    const method = requireMethod(pattern);
    const rule = callerRule(method);
    for (const field of rule.sealedFields) {
      const fields = message as Record<string, unknown>;
      const value = fields[field.localName];
      if (typeof value !== 'string' || !value) continue;
      const opener = this.openers.get(serviceOf(method));
      if (!opener) throw new BusError('INTERNAL', 'systemError', { reason: 'secretNotSealed' });
      try {
        const opened = await opener.open(value, `${pattern}#${field.name}`, ['value'], new Date(this.now()));
        fields[field.localName] = opened.value;
      } catch (err) {
        if (!(err instanceof SealError)) throw err;
        throw new BusError('INVALID_ARGUMENT', 'secretNotSealed', { reason: 'secretNotSealed' });
      }
    }
    if (!actsForCaller(method)) return {};
    if (!this.verifier)
      throw new BusError('UNAUTHENTICATED', 'callerNotVerified', { reason: 'callerNotVerified' });
    const caller = this.verifier.verify(envelope.callerAssertion);
    enforceCaller(method, message, caller);
    return { caller, assertion: envelope.callerAssertion };
  }
}

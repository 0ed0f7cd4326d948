import { AsyncLocalStorage } from 'node:async_hooks';
import { createPrivateKey, createPublicKey, randomUUID, type KeyObject } from 'node:crypto';
import { getOption, isMessage, type DescField, type DescMethod } from '@bufbuild/protobuf';
import { commonV1 } from '@shelfscan/contracts';
import jwt from 'jsonwebtoken';
import { BusError } from './errors.js';

/** Who asks: the token's subject and roles, as the gateway verified them. */
export interface BusCaller {
  email: string;
  roles: string[];
}

const ISSUER = 'shelfscan-gateway';
const AUDIENCE = 'shelfscan-bus';
/** How long an assertion is good for: a request is answered (or given up) within 30 s. */
export const ASSERTION_TTL_SECONDS = 60;
/**
 * A signed assertion is sent again for the same caller while at least this much of its lifetime is
 * left (more than a request lasts): signing is an ES256 signature per bus request otherwise
 * (docs/performance.md). Replaying an assertion within its lifetime was already possible to whoever
 * reads the topics (docs/security.md), so reusing it changes nothing there.
 */
const REUSE_WHILE_LEFT_SECONDS = 30;
/** Bounds of the signer's and verifier's caches (cleared when full; one entry per active caller). */
const CACHE_ENTRIES = 10_000;

interface CallerContext {
  caller: BusCaller;
  /** The verified assertion a service received: passed on as it is to the calls it makes for it. */
  assertion?: string;
}

const storage = new AsyncLocalStorage<CallerContext | undefined>();

/**
 * Runs `fn` as `caller`: every request it sends over the bus carries an identity assertion for
 * that caller (signed by the gateway's key, or the one received, when handling a request). The
 * gateway runs each authenticated HTTP request so; `undefined` runs it as nobody.
 */
export function runAsCaller<T>(caller: BusCaller | undefined, fn: () => T, assertion?: string): T {
  return storage.run(caller ? { caller, assertion } : undefined, fn);
}

/** The caller the current work runs as, if any. */
export function currentCaller(): BusCaller | undefined {
  return storage.getStore()?.caller;
}

/** The assertion a request sent now carries: the received one, else a fresh one signed here. */
export function assertionForCurrentCaller(signer: IdentitySigner | undefined): string {
  const context = storage.getStore();
  if (!context) return '';
  if (context.assertion) return context.assertion;
  if (!signer) throw new BusError('INTERNAL', 'systemError', { reason: 'callerNotVerified' });
  return signer.sign(context.caller);
}

const normalise = (email: string) => email.trim().toLowerCase();

/**
 * Signs identity assertions (the gateway; the embedded mode's in-process key): an ES256 JWT, as the
 * session tokens are, with sub = email, roles, a lifetime of ASSERTION_TTL_SECONDS and its own id.
 */
export class IdentitySigner {
  /** Parsed once: every bus request of the gateway signs with it. */
  private readonly key: KeyObject;
  /** The newest assertion per caller (email and roles), with its issue and expiry times (s). */
  private readonly issued = new Map<string, { assertion: string; iat: number; exp: number }>();

  constructor(
    privateKeyPem: string,
    private readonly now: () => number = Date.now,
  ) {
    this.key = createPrivateKey(privateKeyPem);
  }

  sign(caller: BusCaller, now = this.now()): string {
    const iat = Math.floor(now / 1000);
    const key = `${caller.email}\n${caller.roles.join(',')}`;
    const last = this.issued.get(key);
    if (last && last.iat <= iat && last.exp - iat >= REUSE_WHILE_LEFT_SECONDS) return last.assertion;
    const exp = iat + ASSERTION_TTL_SECONDS;
    const assertion = jwt.sign({ sub: caller.email, roles: caller.roles, iat, exp }, this.key, {
      algorithm: 'ES256',
      issuer: ISSUER,
      audience: AUDIENCE,
      jwtid: randomUUID(),
    });
    if (this.issued.size >= CACHE_ENTRIES) this.issued.clear();
    this.issued.set(key, { assertion, iat, exp });
    return assertion;
  }
}

/** Verifies identity assertions with the gateway's public key only (ES256 pinned). */
export class IdentityVerifier {
  /** Parsed once: every request a service handles for a user is verified with it. */
  private readonly key: KeyObject;
  /** Assertions whose signature was verified, with their caller and expiry (s): checked once each. */
  private readonly verified = new Map<string, { caller: BusCaller; exp: number }>();

  constructor(
    publicKeyPem: string,
    private readonly now: () => number = Date.now,
  ) {
    this.key = createPublicKey(publicKeyPem);
  }

  /** The caller an assertion names; a missing, forged or expired one is refused. */
  verify(assertion: string): BusCaller {
    if (!assertion) throw refused('callerNotVerified');
    const known = this.verified.get(assertion);
    if (known) {
      // The signature was checked already; the lifetime is checked at every use, as jwt.verify does.
      if (Math.floor(this.now() / 1000) < known.exp)
        return { ...known.caller, roles: [...known.caller.roles] };
      this.verified.delete(assertion);
      throw refused('callerNotVerified');
    }
    let claims: jwt.JwtPayload;
    try {
      claims = jwt.verify(assertion, this.key, {
        algorithms: ['ES256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        clockTimestamp: Math.floor(this.now() / 1000),
      }) as jwt.JwtPayload;
    } catch {
      throw refused('callerNotVerified');
    }
    const roles: unknown = claims.roles;
    if (
      typeof claims.sub !== 'string' ||
      !claims.sub ||
      !Array.isArray(roles) ||
      !roles.every((r) => typeof r === 'string')
    )
      throw refused('callerNotVerified');
    const caller = { email: claims.sub, roles: roles as string[] };
    if (typeof claims.exp === 'number') {
      if (this.verified.size >= CACHE_ENTRIES) this.verified.clear();
      this.verified.set(assertion, { caller: { ...caller, roles: [...caller.roles] }, exp: claims.exp });
    }
    return caller;
  }
}

function refused(key: 'callerNotVerified' | 'callerMismatch'): BusError {
  return key === 'callerNotVerified'
    ? new BusError('UNAUTHENTICATED', key, { reason: key })
    : new BusError('PERMISSION_DENIED', key, { reason: key });
}

/** What the contract of a request says about its caller and its secrets (the proto options). */
export interface CallerRule {
  /** `shelfscan.common.v1.Caller` fields: checked against the assertion when set. */
  callerFields: DescField[];
  /** String fields that name the caller (`(shelfscan.common.v1.subject)`). */
  subjectFields: DescField[];
  /** `(shelfscan.common.v1.caller_role)`: a role the asserted caller must hold. */
  role: string;
  /** String fields sealed for the answering service (`(shelfscan.common.v1.sealed)`). */
  sealedFields: DescField[];
  /** Fields only a role may set (`(shelfscan.common.v1.set_by_role)`), with that role. */
  roleFields: { field: DescField; role: string }[];
}

const rules = new Map<DescMethod, CallerRule>();

export function callerRule(method: DescMethod): CallerRule {
  let rule = rules.get(method);
  if (!rule) {
    const fields = method.input.fields;
    rule = {
      callerFields: fields.filter(
        (f) => f.fieldKind === 'message' && f.message.typeName === commonV1.CallerSchema.typeName,
      ),
      subjectFields: fields.filter((f) => f.fieldKind === 'scalar' && getOption(f, commonV1.subject)),
      role: getOption(method, commonV1.caller_role),
      sealedFields: fields.filter((f) => f.fieldKind === 'scalar' && getOption(f, commonV1.sealed)),
      roleFields: fields
        .map((field) => ({ field, role: getOption(field, commonV1.set_by_role) }))
        .filter((f) => f.role !== ''),
    };
    rules.set(method, rule);
  }
  return rule;
}

/** True when the method acts for a user or an admin: its requests need an identity assertion. */
export function actsForCaller(method: DescMethod): boolean {
  const rule = callerRule(method);
  return rule.callerFields.length > 0 || rule.subjectFields.length > 0 || rule.role !== '';
}

type Fields = Record<string, unknown>;

const sameRoles = (a: string[], b: string[]) =>
  a.length === b.length && [...a].sort().every((r, i) => r === [...b].sort()[i]);

/**
 * The receiving side's check, before the handler runs: the request of a method that acts for a
 * caller must carry a valid assertion (`verified`, from IdentityVerifier), a Caller in the payload
 * must be the asserted one (it is then replaced by it), a subject field must name the asserted
 * caller (unless a Caller is set: then it names the target), and a `caller_role` must be held, as
 * must the role of a `set_by_role` field that is set.
 */
export function enforceCaller(method: DescMethod, message: unknown, verified: BusCaller): void {
  const rule = callerRule(method);
  const payload = message as Fields;
  let callerSet = false;
  for (const field of rule.callerFields) {
    const given = payload[field.localName] as commonV1.Caller | undefined;
    if (!given || !isMessage(given, commonV1.CallerSchema)) continue;
    if (normalise(given.email) !== normalise(verified.email) || !sameRoles(given.roles, verified.roles))
      throw refused('callerMismatch');
    given.email = verified.email;
    given.roles = [...verified.roles];
    callerSet = true;
  }
  if (!callerSet) {
    for (const field of rule.subjectFields) {
      const given = payload[field.localName];
      if (typeof given !== 'string' || normalise(given) !== normalise(verified.email))
        throw refused('callerMismatch');
      payload[field.localName] = verified.email;
    }
  }
  const roles = [rule.role, ...rule.roleFields.filter((f) => payload[f.field.localName]).map((f) => f.role)];
  if (roles.some((role) => role && !verified.roles.includes(role)))
    throw new BusError('PERMISSION_DENIED', 'forbidden', { reason: 'forbidden' });
}

/**
 * The caller a request's payload names (its Caller, else its subject field), for a client that
 * speaks for whoever the payload names: only the test beds and the demo seed, which hold the
 * embedded mode's key in-process and stand for a gateway that verified the token.
 */
export function callerNamedIn(method: DescMethod, input: unknown): BusCaller | undefined {
  const rule = callerRule(method);
  const payload = (input ?? {}) as Fields;
  for (const field of rule.callerFields) {
    const given = payload[field.localName] as Partial<commonV1.Caller> | undefined;
    if (given?.email) return { email: given.email, roles: [...(given.roles ?? [])] };
  }
  for (const field of rule.subjectFields) {
    const given = payload[field.localName];
    if (typeof given === 'string' && given) return { email: given, roles: [] };
  }
  return undefined;
}

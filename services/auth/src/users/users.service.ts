import { Inject, Injectable } from '@nestjs/common';
import { BusError, OutboxRelay, addToOutbox } from '@shelfscan/bus';
import { authEventsV1, type authV1 } from '@shelfscan/contracts';
import { Clock, MINUTE, assertAdmin } from '@shelfscan/service';
import { DataSource, type EntityManager } from 'typeorm';
import { AccountMails } from '../notifications/account-mails.js';
import { RevokedTokens } from '../tokens/revoked-tokens.js';
import { TokenService } from '../tokens/token.service.js';
import { CodeStore, sixDigitCode } from '../verification/code-store.js';
import { LoginThrottle } from './login-throttle.js';
import { PasswordHasher } from './password-hasher.js';
import { toE164 } from './phone.js';
import { UsersRepository, type UserRecord } from './users.repository.js';
import { fieldErrors, registerRequest } from '@shelfscan/validation';

export const ACTIVATION_CODE_TTL_MS = 15 * MINUTE;
const UNIQUE_VIOLATION = '23505';
/** A hash of nothing in particular: verifying against it makes an unknown email cost as much as a known one. */
let dummyHash: Promise<string> | undefined;

/** Registration, activation, login, the account's data, the admin account. */
@Injectable()
export class UsersService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(TokenService) private readonly tokens: TokenService,
    @Inject(RevokedTokens) private readonly revoked: RevokedTokens,
    @Inject(AccountMails) private readonly mails: AccountMails,
    @Inject(CodeStore) private readonly codes: CodeStore,
    @Inject(LoginThrottle) private readonly throttle: LoginThrottle,
    @Inject(OutboxRelay) private readonly outbox: OutboxRelay,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** Creates a not yet activated account and emails its activation code. */
  async register(req: authV1.RegisterRequest): Promise<{ userId: string }> {
    // The gateway checked the same shared rules; a caller on the bus gets them again.
    const checked = registerRequest.safeParse({
      firstName: req.firstName,
      lastName: req.lastName,
      email: req.email,
      phone: req.phone,
      password: req.password,
    });
    if (!checked.success) {
      const violations = fieldErrors(checked.error);
      const onlyPhone = violations.length === 1 && violations[0].field === 'phone';
      throw new BusError('INVALID_ARGUMENT', onlyPhone ? violations[0].msg : 'registrationFailed', {
        reason: 'registrationFailed',
        violations,
      });
    }
    const email = normalizeEmail(req.email);
    const phone = req.phone.trim() ? toE164(req.phone) : null;
    const passwordHash = await this.hasher.hash(req.password);
    const code = sixDigitCode();
    let user: UserRecord;
    try {
      user = await this.dataSource.transaction(async (manager) => {
        const saved = await this.users.insert(
          {
            email,
            firstName: req.firstName.trim(),
            lastName: req.lastName.trim(),
            phone,
            passwordHash,
            activated: false,
            roles: ['ROLE_USER'],
            langKey: req.langKey === 'en' ? 'en' : 'tr',
          },
          manager,
        );
        await this.codes.issue(saved.id, 'activation', code, ACTIVATION_CODE_TTL_MS, null, manager);
        await this.publishRegistered(saved, manager);
        return saved;
      });
    } catch (err) {
      if ((err as { code?: string }).code === UNIQUE_VIOLATION) {
        throw new BusError('ALREADY_EXISTS', 'emailIsAlreadyTaken', {
          reason: 'emailIsAlreadyTaken',
        });
      }
      throw err;
    }
    this.outbox.nudge();
    await this.mails.sendActivation(user, code);
    return { userId: user.id };
  }

  /** Activates the account with the emailed code; an active account answers as done. */
  async activate(emailInput: string, code: string): Promise<{ activatedNow: boolean }> {
    const user = await this.findByEmail(emailInput);
    if (!user) throw codeError('invalid');
    if (user.activated) return { activatedNow: false };
    const result = await this.codes.check(user.id, 'activation', code.trim(), async (manager) => {
      await this.users.update(user.id, { activated: true }, manager);
      await this.publishActivated(user, manager);
    });
    if (!result.ok) throw codeError(result.why);
    this.outbox.nudge();
    return { activatedNow: true };
  }

  /**
   * A new activation code by email. Unknown and already active emails get the same (silent)
   * answer; the account's sends are limited to 1 a minute and 5 an hour (429 with the wait).
   */
  async resendActivation(emailInput: string): Promise<void> {
    const user = await this.findByEmail(emailInput);
    if (!user || user.activated) return;
    await this.codes.assertCanSend(user.id, 'activation');
    const code = sixDigitCode();
    await this.codes.issue(user.id, 'activation', code, ACTIVATION_CODE_TTL_MS);
    await this.mails.sendActivation(user, code);
  }

  async authenticate(req: authV1.AuthenticateRequest): Promise<{ token: string }> {
    const email = normalizeEmail(req.email);
    const address = req.clientIp.trim();
    await this.throttle.assertAllowed(address);
    const user = await this.users.findByEmail(email);
    const ok = user
      ? await this.hasher.verify(user.passwordHash, req.password)
      : await this.hasher.verify(await (dummyHash ??= this.hasher.hash('not a password')), req.password);
    if (!user || !ok) {
      await this.throttle.recordFailure(address);
      throw new BusError('UNAUTHENTICATED', 'loginError', {
        reason: 'loginError',
      });
    }
    if (!user.activated) {
      throw new BusError('FAILED_PRECONDITION', 'accountNotActivated', {
        reason: 'accountNotActivated',
      });
    }
    if (!user.membershipActive) {
      throw new BusError('FAILED_PRECONDITION', 'membershipInactive', { reason: 'membershipInactive' });
    }
    return {
      token: this.tokens.issue({
        id: user.id,
        email: user.email,
        roles: user.roles,
        tokenVersion: user.tokenVersion,
      }),
    };
  }

  async isActivated(email: string): Promise<boolean> {
    const user = await this.findByEmail(email);
    return user?.activated ?? false;
  }

  /** What the gateway checks a token's `ver`, `uid` and `jti` against. */
  async tokenState(email: string): Promise<Omit<authV1.GetTokenStateResponse, '$typeName'>> {
    const user = await this.findByEmail(email);
    return {
      exists: !!user,
      // An account whose membership an admin turned off counts as inactive: its tokens are refused.
      activated: (user?.activated ?? false) && (user?.membershipActive ?? false),
      tokenVersion: user?.tokenVersion ?? 0,
      userId: user?.id ?? '',
      revokedTokenIds: user ? await this.revoked.active(user.id) : [],
    };
  }

  async account(email: string): Promise<authV1.GetAccountResponse['account']> {
    const user = await this.findByEmail(email);
    if (!user) throw new BusError('NOT_FOUND', 'userNotFound', { reason: 'userNotFound' });
    const photo: { updated_at: Date }[] = await this.dataSource.query(
      'SELECT updated_at FROM user_photo WHERE user_id = $1',
      [user.id],
    );
    return {
      $typeName: 'shelfscan.auth.v1.Account',
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: user.phone ?? '',
      phoneVerified: user.phoneVerified,
      imageUrl: photo[0] ? photoUrl(user.id, new Date(photo[0].updated_at)) : '',
      activated: user.activated,
      roles: user.roles,
      langKey: user.langKey,
      createdAt: user.createdAt.toISOString(),
    };
  }

  findByEmail(email: string): Promise<UserRecord | null> {
    return this.users.findByEmail(normalizeEmail(email));
  }

  /** ADMIN_EMAIL/ADMIN_PASSWORD: make sure this activated ROLE_ADMIN account exists. */
  async ensureAdmin(email: string, password: string): Promise<void> {
    await this.ensureAccount({
      email,
      password,
      roles: ['ROLE_USER', 'ROLE_ADMIN'],
      firstName: 'Admin',
      lastName: 'ShelfScan',
    });
  }

  /**
   * Makes sure this activated account exists with at least these roles and this password (the
   * admin account; the demo seller of `make demo`).
   */
  async ensureAccount(a: {
    email: string;
    password: string;
    roles: string[];
    firstName: string;
    lastName: string;
  }): Promise<void> {
    const normalized = normalizeEmail(a.email);
    const existing = await this.users.findByEmail(normalized);
    if (existing) {
      const roles = [...new Set([...existing.roles, ...a.roles])];
      const passwordHash = (await this.hasher.verify(existing.passwordHash, a.password))
        ? existing.passwordHash
        : await this.hasher.hash(a.password);
      await this.dataSource.transaction(async (manager) => {
        await this.users.update(existing.id, { roles, activated: true, passwordHash }, manager);
        if (!existing.activated) await this.publishActivated(existing, manager);
      });
      this.outbox.nudge();
      return;
    }
    const passwordHash = await this.hasher.hash(a.password);
    await this.dataSource.transaction(async (manager) => {
      const saved = await this.users.insert(
        {
          email: normalized,
          firstName: a.firstName,
          lastName: a.lastName,
          phone: null,
          passwordHash,
          activated: true,
          roles: a.roles,
          langKey: 'tr',
        },
        manager,
      );
      await this.publishRegistered(saved, manager);
      await this.publishActivated(saved, manager);
    });
    this.outbox.nudge();
  }

  /**
   * An admin turns the membership of an account off (it cannot log in, its tokens stop working)
   * or back on. The caller's roles are checked here again.
   */
  async setMembershipActive(req: authV1.SetMembershipActiveRequest): Promise<{ changed: boolean }> {
    const admin = assertAdmin(req.caller);
    const user = await this.findByEmail(req.email);
    if (!user) throw new BusError('NOT_FOUND', 'userNotFound', { reason: 'userNotFound' });
    if (user.membershipActive === req.active) return { changed: false };
    const change = { userId: user.id, email: user.email, changedBy: admin, changedAt: this.nowIso() };
    await this.dataSource.transaction(async (manager) => {
      await this.users.setMembershipActive(user.id, req.active, manager);
      if (req.active) await addToOutbox(manager, authEventsV1.UserReactivatedSchema, change);
      else await addToOutbox(manager, authEventsV1.UserDeactivatedSchema, change);
    });
    this.outbox.nudge();
    return { changed: true };
  }

  /** An admin looks an account up by email. */
  async lookup(req: authV1.LookupUserRequest): Promise<authV1.LookupUserResponse> {
    assertAdmin(req.caller);
    const user = await this.findByEmail(req.email);
    if (!user) throw new BusError('NOT_FOUND', 'userNotFound', { reason: 'userNotFound' });
    return {
      $typeName: 'shelfscan.auth.v1.LookupUserResponse',
      account: await this.account(user.email),
      membershipActive: user.membershipActive,
    };
  }

  /** UserActivated, in the transaction that activates the account (code, reset key, ADMIN_EMAIL). */
  publishActivated(user: Pick<UserRecord, 'id' | 'email'>, manager: EntityManager): Promise<string> {
    return addToOutbox(manager, authEventsV1.UserActivatedSchema, {
      userId: user.id,
      email: user.email,
      activatedAt: this.nowIso(),
    });
  }

  /** Tells the other services (the admin's read model) after a commit that wrote events. */
  nudgeOutbox(): void {
    this.outbox.nudge();
  }

  private publishRegistered(user: UserRecord, manager: EntityManager): Promise<string> {
    return addToOutbox(manager, authEventsV1.UserRegisteredSchema, {
      userId: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      langKey: user.langKey,
      registeredAt: user.createdAt.toISOString(),
    });
  }

  private nowIso(): string {
    return this.clock.now().toISOString();
  }
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function photoUrl(userId: string, updatedAt: Date): string {
  return `/api/account/photo/${userId}?v=${updatedAt.getTime()}`;
}

/** The answer to a wrong, expired or spent activation code. */
function codeError(why: 'invalid' | 'expired' | 'exhausted'): BusError {
  if (why === 'exhausted') {
    return new BusError('RESOURCE_EXHAUSTED', 'tooManyAttempts', {
      reason: 'tooManyAttempts',
    });
  }
  return why === 'expired'
    ? new BusError('INVALID_ARGUMENT', 'activationCodeExpired', {
        reason: 'activationCodeExpired',
      })
    : new BusError('INVALID_ARGUMENT', 'activationCodeInvalid', {
        reason: 'activationCodeInvalid',
      });
}

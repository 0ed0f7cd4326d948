import { BusError, addToOutbox } from '@shelfscan/bus';
import { authEventsV1, type authV1 } from '@shelfscan/contracts';
import type { DataSource, Repository } from 'typeorm';
import { UserEntity } from '../db/user.entity.js';
import type { TokenService } from '../tokens/token.service.js';
import type { PasswordHasher } from './password-hasher.js';

export interface UsersServiceDeps {
  dataSource: DataSource;
  hasher: PasswordHasher;
  tokens: TokenService;
  /** Called after a commit that wrote to the outbox. */
  onOutboxWrite: () => void;
}

const UNIQUE_VIOLATION = '23505';
/** A hash of nothing in particular: verifying against it makes an unknown email cost as much as a known one. */
let dummyHash: Promise<string> | undefined;

export class UsersService {
  private readonly users: Repository<UserEntity>;

  constructor(private readonly deps: UsersServiceDeps) {
    this.users = deps.dataSource.getRepository(UserEntity);
  }

  async register(req: authV1.RegisterRequest): Promise<{ userId: string }> {
    const email = normalizeEmail(req.email);
    if (!email || req.password.length < 6 || !req.firstName.trim() || !req.lastName.trim()) {
      throw new BusError('INVALID_ARGUMENT', 'registration failed, check your information', {
        reason: 'registrationFailed',
      });
    }
    const passwordHash = await this.deps.hasher.hash(req.password);
    try {
      const user = await this.deps.dataSource.transaction(async (manager) => {
        const saved = await manager.getRepository(UserEntity).save(
          manager.getRepository(UserEntity).create({
            email,
            firstName: req.firstName.trim(),
            lastName: req.lastName.trim(),
            phone: req.phone.trim() || null,
            passwordHash,
            // Activation by emailed code arrives with the accounts issue; until then a new account is active.
            activated: true,
            roles: ['ROLE_USER'],
            langKey: req.langKey === 'en' ? 'en' : 'tr',
          }),
        );
        await addToOutbox(manager, authEventsV1.UserRegisteredSchema, {
          userId: saved.id,
          email: saved.email,
          firstName: saved.firstName,
          lastName: saved.lastName,
          langKey: saved.langKey,
        });
        return saved;
      });
      this.deps.onOutboxWrite();
      return { userId: user.id };
    } catch (err) {
      if ((err as { code?: string }).code === UNIQUE_VIOLATION) {
        throw new BusError('ALREADY_EXISTS', 'email address already taken', {
          reason: 'emailIsAlreadyTaken',
        });
      }
      throw err;
    }
  }

  async authenticate(req: authV1.AuthenticateRequest): Promise<{ token: string }> {
    const user = await this.users.findOneBy({ email: normalizeEmail(req.email) });
    const ok = user
      ? await this.deps.hasher.verify(user.passwordHash, req.password)
      : await this.deps.hasher.verify(
          await (dummyHash ??= this.deps.hasher.hash('not a password')),
          req.password,
        );
    if (!user || !ok) {
      throw new BusError('UNAUTHENTICATED', 'login failed, check email and password', {
        reason: 'loginError',
      });
    }
    if (!user.activated) {
      throw new BusError('FAILED_PRECONDITION', 'Your email account is not activated', {
        reason: 'accountNotActivated',
      });
    }
    return {
      token: this.deps.tokens.issue({
        email: user.email,
        roles: user.roles,
        tokenVersion: user.tokenVersion,
      }),
    };
  }

  async isActivated(email: string): Promise<boolean> {
    const user = await this.users.findOneBy({ email: normalizeEmail(email) });
    return user?.activated ?? false;
  }

  async account(email: string): Promise<authV1.GetAccountResponse['account']> {
    const user = await this.users.findOneBy({ email: normalizeEmail(email) });
    if (!user) throw new BusError('NOT_FOUND', 'user not found', { reason: 'userNotFound' });
    return {
      $typeName: 'shelfscan.auth.v1.Account',
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: user.phone ?? '',
      activated: user.activated,
      roles: user.roles,
      langKey: user.langKey,
      createdAt: user.createdAt.toISOString(),
    };
  }

  /** ADMIN_EMAIL/ADMIN_PASSWORD: make sure this activated ROLE_ADMIN account exists. */
  async ensureAdmin(email: string, password: string): Promise<void> {
    const normalized = normalizeEmail(email);
    const existing = await this.users.findOneBy({ email: normalized });
    if (existing) {
      const roles = [...new Set([...existing.roles, 'ROLE_USER', 'ROLE_ADMIN'])];
      const passwordHash = (await this.deps.hasher.verify(existing.passwordHash, password))
        ? existing.passwordHash
        : await this.deps.hasher.hash(password);
      await this.users.update({ id: existing.id }, { roles, activated: true, passwordHash });
      return;
    }
    await this.users.insert({
      email: normalized,
      firstName: 'Admin',
      lastName: 'ShelfScan',
      phone: null,
      passwordHash: await this.deps.hasher.hash(password),
      activated: true,
      roles: ['ROLE_USER', 'ROLE_ADMIN'],
      langKey: 'tr',
    });
  }
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

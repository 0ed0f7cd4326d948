import { BusError } from '@shelfscan/bus';
import { createLogger } from '@shelfscan/observability';
import type { DataSource } from 'typeorm';
import { HOUR } from '../clock.js';
import { UserEntity } from '../db/user.entity.js';
import type { AccountMails } from '../notifications/account-mails.js';
import type { PasswordHasher } from '../users/password-hasher.js';
import type { UsersService } from '../users/users.service.js';
import { resetKey } from '../verification/code-store.js';

export const RESET_KEY_TTL_MS = HOUR;
const log = createLogger('auth');

/** Forgot password: an emailed single-use key (1 h), then a new password; older tokens die. */
export class PasswordResetService {
  constructor(
    private readonly deps: {
      dataSource: DataSource;
      users: UsersService;
      hasher: PasswordHasher;
      mails: AccountMails;
    },
  ) {}

  /** Always the same answer: whether the email exists, or is rate-limited, is not told. */
  async request(email: string): Promise<void> {
    const user = await this.deps.users.findByEmail(email);
    if (!user) return;
    try {
      await this.deps.users.codes.assertCanSend(user.id, 'password_reset');
    } catch {
      log.info({ userId: user.id }, 'password reset request over the limit: no email sent');
      return;
    }
    const key = resetKey();
    await this.deps.users.codes.issue(user.id, 'password_reset', key, RESET_KEY_TTL_MS);
    await this.deps.mails.sendPasswordReset(user, key);
  }

  /**
   * Sets the new password when the key is the user's current, unexpired, unused one. Bumps the
   * token version (older tokens are refused) and activates the account (the key proved the email).
   */
  async complete(email: string, key: string, password: string): Promise<void> {
    const invalid = new BusError('INVALID_ARGUMENT', 'The token is expired or not valid. Please try again.', {
      reason: 'resetKeyInvalid',
    });
    if (password.length < 6) {
      throw new BusError('INVALID_ARGUMENT', 'passwordMin', {
        violations: [{ field: 'password', msg: 'passwordMin' }],
      });
    }
    const user = await this.deps.users.findByEmail(email);
    if (!user || !key) throw invalid;
    const passwordHash = await this.deps.hasher.hash(password);
    const result = await this.deps.users.codes.check(user.id, 'password_reset', key, async (manager) => {
      await manager
        .getRepository(UserEntity)
        .createQueryBuilder()
        .update()
        .set({ passwordHash, activated: true, tokenVersion: () => 'token_version + 1' })
        .where('id = :id', { id: user.id })
        .execute();
    });
    if (!result.ok) throw invalid;
    await this.deps.users.throttle.clearAccount(user.email);
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { BusError } from '@shelfscan/bus';
import { createLogger } from '@shelfscan/observability';
import { HOUR } from '@shelfscan/service';
import { AccountMails } from '../notifications/account-mails.js';
import { PasswordHasher } from '../users/password-hasher.js';
import { UsersRepository } from '../users/users.repository.js';
import { UsersService } from '../users/users.service.js';
import { CodeStore, resetKey } from '../verification/code-store.js';
import { fieldErrors, newPassword } from '@shelfscan/validation';

export const RESET_KEY_TTL_MS = HOUR;
const log = createLogger('auth');

/** Forgot password: an emailed single-use key (1 h), then a new password; older tokens die. */
@Injectable()
export class PasswordResetService {
  constructor(
    @Inject(UsersService) private readonly users: UsersService,
    @Inject(UsersRepository) private readonly repository: UsersRepository,
    @Inject(CodeStore) private readonly codes: CodeStore,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(AccountMails) private readonly mails: AccountMails,
  ) {}

  /** Always the same answer: whether the email exists, or is rate-limited, is not told. */
  async request(email: string): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (!user) return;
    try {
      await this.codes.assertCanSend(user.id, 'password_reset');
    } catch {
      log.info({ userId: user.id }, 'password reset request over the limit: no email sent');
      return;
    }
    const key = resetKey();
    await this.codes.issue(user.id, 'password_reset', key, RESET_KEY_TTL_MS);
    await this.mails.sendPasswordReset(user, key);
  }

  /**
   * Sets the new password when the key is the user's current, unexpired, unused one. Bumps the
   * token version (older tokens are refused) and activates the account (the key proved the email).
   */
  async complete(email: string, key: string, password: string): Promise<void> {
    const invalid = new BusError('INVALID_ARGUMENT', 'resetKeyInvalid', {
      reason: 'resetKeyInvalid',
    });
    const checked = newPassword.safeParse(password);
    if (!checked.success) {
      const violations = fieldErrors(checked.error).map((v) => ({ ...v, field: 'password' }));
      throw new BusError('INVALID_ARGUMENT', violations[0].msg, { violations });
    }
    const user = await this.users.findByEmail(email);
    if (!user || !key) throw invalid;
    const passwordHash = await this.hasher.hash(password);
    const result = await this.codes.check(user.id, 'password_reset', key, async (manager) => {
      await this.repository.resetPassword(user.id, passwordHash, manager);
      if (!user.activated) await this.users.publishActivated(user, manager);
    });
    if (!result.ok) throw invalid;
    if (!user.activated) this.users.nudgeOutbox();
  }
}

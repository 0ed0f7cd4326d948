import { Inject, Injectable } from '@nestjs/common';
import { BusError, OutboxRelay, addToOutbox } from '@shelfscan/bus';
import { authEventsV1 } from '@shelfscan/contracts';
import { MINUTE } from '@shelfscan/service';
import { smsPhoneAllowed } from '@shelfscan/validation';
import { asLang } from '../notifications/account-mails.js';
import { SmsSender } from '../notifications/sms.js';
import { phoneCodeSms } from '../notifications/templates/sms.js';
import { toE164 } from '../users/phone.js';
import { UsersRepository } from '../users/users.repository.js';
import { UsersService } from '../users/users.service.js';
import { CodeStore, sixDigitCode } from '../verification/code-store.js';
import { SmsBudget } from '../verification/sms-budget.js';

export const PHONE_CODE_TTL_MS = 10 * MINUTE;
const UNIQUE_VIOLATION = '23505';

/**
 * Phone verification: a six-digit code by SMS (10 min, 5 attempts, 1/min and 5/h an account; only to
 * Turkey and the markets' countries, within the SMS limits of the hour: SmsBudget), then the check.
 */
@Injectable()
export class PhoneVerificationService {
  constructor(
    @Inject(UsersService) private readonly users: UsersService,
    @Inject(UsersRepository) private readonly repository: UsersRepository,
    @Inject(CodeStore) private readonly codes: CodeStore,
    @Inject(SmsSender) private readonly sms: SmsSender,
    @Inject(SmsBudget) private readonly budget: SmsBudget,
    @Inject(OutboxRelay) private readonly outbox: OutboxRelay,
  ) {}

  async send(email: string, phoneInput: string): Promise<{ sent: boolean }> {
    const user = await this.users.findByEmail(email);
    if (!user) throw new BusError('NOT_FOUND', 'userNotFound', { reason: 'userNotFound' });
    const phone = toE164(phoneInput);
    if (!phone) {
      throw new BusError('INVALID_ARGUMENT', 'phoneInvalid', {
        reason: 'phoneInvalid',
        violations: [{ field: 'gsm', msg: 'phoneInvalid' }],
      });
    }
    // Issue 20: SMS go only to Turkey and the markets' countries, within the hour's limits.
    if (!smsPhoneAllowed(phone)) {
      throw new BusError('INVALID_ARGUMENT', 'phoneCountryNotAllowed', {
        reason: 'phoneCountryNotAllowed',
        violations: [{ field: 'gsm', msg: 'phoneCountryNotAllowed' }],
      });
    }
    await this.assertFree(phone, user.id);
    await this.codes.assertCanSend(user.id, 'phone');
    await this.budget.take(phone);
    const code = sixDigitCode();
    await this.codes.issue(user.id, 'phone', code, PHONE_CODE_TTL_MS, phone);
    await this.sms.send(phone, phoneCodeSms(asLang(user.langKey), code));
    return { sent: true };
  }

  /** A right code makes the number the account's verified phone, announced by PhoneVerified (billing's trial). */
  async check(email: string, code: string): Promise<{ isValid: boolean }> {
    const user = await this.users.findByEmail(email);
    if (!user) throw new BusError('NOT_FOUND', 'userNotFound', { reason: 'userNotFound' });
    try {
      const result = await this.codes.check(user.id, 'phone', code.trim(), async (manager, target) => {
        await this.repository.update(user.id, { phone: target, phoneVerified: true }, manager);
        await addToOutbox(manager, authEventsV1.PhoneVerifiedSchema, {
          userId: user.id,
          email: user.email,
          phone: target ?? '',
        });
      });
      if (result.ok) this.outbox.nudge();
      return { isValid: result.ok };
    } catch (err) {
      if ((err as { code?: string }).code === UNIQUE_VIOLATION) throw phoneInUse();
      throw err;
    }
  }

  private async assertFree(phone: string, userId: string): Promise<void> {
    const owner = await this.repository.findVerifiedPhoneOwner(phone);
    if (owner && owner.id !== userId) throw phoneInUse();
  }
}

function phoneInUse(): BusError {
  return new BusError('ALREADY_EXISTS', 'phoneInUse', {
    reason: 'phoneInUse',
  });
}

import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { PasswordResetService } from './password-reset.service.js';
import { PhoneVerificationService } from './phone-verification.service.js';
import { ProfileService } from './profile.service.js';
import { SessionsService } from './sessions.service.js';
import { SmsBudget } from '../verification/sms-budget.js';

/** Password reset, my information, the photo, phone verification, password change and logout. */
@Module({
  imports: [UsersModule],
  providers: [PasswordResetService, ProfileService, PhoneVerificationService, SessionsService, SmsBudget],
  exports: [PasswordResetService, ProfileService, PhoneVerificationService, SessionsService],
})
export class AccountModule {}

import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { PasswordResetService } from './password-reset.service.js';
import { PhoneVerificationService } from './phone-verification.service.js';
import { ProfileService } from './profile.service.js';
import { SmsBudget } from '../verification/sms-budget.js';

/** Password reset, my information, the photo and phone verification. */
@Module({
  imports: [UsersModule],
  providers: [PasswordResetService, ProfileService, PhoneVerificationService, SmsBudget],
  exports: [PasswordResetService, ProfileService, PhoneVerificationService],
})
export class AccountModule {}

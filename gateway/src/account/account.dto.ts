/**
 * The payloads of the account API. Their rules are the shared schemas of @shelfscan/validation (the
 * web forms use the same ones); the classes carry the Swagger description, and `implements` keeps
 * their fields in step with the schemas.
 */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  activateRequest,
  authenticateRequest,
  changePasswordRequest,
  checkVerificationCodeQuery,
  completePasswordResetRequest,
  emailRequest,
  registerRequest,
  sendVerificationCodeQuery,
  updateAccountRequest,
} from '@shelfscan/validation';
import type { z } from 'zod';
import { SchemaDto } from '../common/validation.js';

export class RegisterDto extends SchemaDto(registerRequest) implements z.output<typeof registerRequest> {
  @ApiProperty({
    example: 'Ayşe',
    description: 'letters; single spaces, hyphens or apostrophes between them; 2–50',
  })
  firstName!: string;

  @ApiProperty({ example: 'Yılmaz' })
  lastName!: string;

  @ApiProperty({ example: 'ayse@example.com' })
  email!: string;

  @ApiPropertyOptional({
    example: '+90 532 123 45 67',
    description: 'optional; at least 10 digits, a valid number (Turkish when no country code)',
  })
  phone?: string;

  @ApiProperty({ minLength: 6, maxLength: 128, description: 'not one of the most common passwords' })
  password!: string;

  @ApiPropertyOptional({
    enum: ['tr', 'en'],
    description: 'locale of the emails; defaults to the request language',
  })
  langKey?: 'tr' | 'en';
}

export class AuthenticateDto
  extends SchemaDto(authenticateRequest)
  implements z.output<typeof authenticateRequest>
{
  @ApiProperty({ example: 'ayse@example.com' })
  email!: string;

  @ApiProperty()
  password!: string;
}

export class CheckActivationQuery extends SchemaDto(emailRequest) implements z.output<typeof emailRequest> {
  @ApiProperty({ example: 'ayse@example.com' })
  email!: string;
}

export class EmailDto extends SchemaDto(emailRequest) implements z.output<typeof emailRequest> {
  @ApiProperty({ example: 'ayse@example.com' })
  email!: string;
}

export class ActivateDto extends SchemaDto(activateRequest) implements z.output<typeof activateRequest> {
  @ApiProperty({ example: 'ayse@example.com' })
  email!: string;

  @ApiProperty({ example: '123456', description: 'the six-digit code of the activation email' })
  code!: string;
}

export class CompletePasswordResetDto
  extends SchemaDto(completePasswordResetRequest)
  implements z.output<typeof completePasswordResetRequest>
{
  @ApiProperty({ example: 'ayse@example.com' })
  email!: string;

  @ApiProperty({ description: 'the key of the reset link' })
  key!: string;

  @ApiProperty({ minLength: 6, maxLength: 128 })
  password!: string;
}

export class UpdateAccountDto
  extends SchemaDto(updateAccountRequest)
  implements z.output<typeof updateAccountRequest>
{
  @ApiProperty({ description: 'your account id (GET /api/account/user)' })
  id!: string;

  @ApiProperty({ example: 'Ayşe' })
  firstName!: string;

  @ApiProperty({ example: 'Yılmaz' })
  lastName!: string;

  @ApiProperty({ description: 'must be your current email: it cannot be changed here' })
  email!: string;

  @ApiPropertyOptional({
    nullable: true,
    description: 'empty or null removes it; a new number is unverified',
  })
  phone?: string | null;

  @ApiPropertyOptional({
    nullable: true,
    description:
      'only empty, null or absent: the password changes by POST /api/account/change-password (422 passwordNotHere)',
  })
  password?: string | null;
}

export class ChangePasswordDto
  extends SchemaDto(changePasswordRequest)
  implements z.output<typeof changePasswordRequest>
{
  @ApiProperty({ description: 'the password in use now (422 currentPasswordWrong when it is not)' })
  currentPassword!: string;

  @ApiProperty({ minLength: 6, maxLength: 128, description: 'not one of the most common passwords' })
  newPassword!: string;
}

export class SendVerificationCodeQuery
  extends SchemaDto(sendVerificationCodeQuery)
  implements z.output<typeof sendVerificationCodeQuery>
{
  @ApiProperty({ example: '+905321234567', description: 'the phone number; Turkish when no country code' })
  gsm!: string;
}

export class CheckVerificationCodeQuery
  extends SchemaDto(checkVerificationCodeQuery)
  implements z.output<typeof checkVerificationCodeQuery>
{
  @ApiProperty({ example: '123456' })
  verificationCode!: string;
}

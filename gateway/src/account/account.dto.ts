import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsEmail,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
  ValidateIf,
  ValidatorConstraint,
  Validate,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { isCommonPassword } from './common-passwords.js';

/** Letters (Turkish ones included), spaces and hyphens, 2–50 characters. */
const PERSON_NAME = /^(?=.{2,50}$)\p{L}+(?:[ \-'’]\p{L}+)*$/u;
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

@ValidatorConstraint({ name: 'notCommonPassword' })
class NotCommonPassword implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value !== 'string' || !isCommonPassword(value);
  }
}

/** A first name or surname (`nameInvalid` / `surnameInvalid`): trimmed, letters, spaces, hyphens, 2–50. */
const PersonName = (message: 'nameInvalid' | 'surnameInvalid') =>
  applyDecorators(Transform(trim), IsString({ message }), Matches(PERSON_NAME, { message }));

/** An optional phone: digits and the usual separators, 10–15 digits (normalised to E.164 by auth). */
const Phone = () =>
  applyDecorators(
    IsOptional(),
    Transform(trim),
    IsString({ message: 'phoneMin' }),
    Matches(/^$|^\+?[\d\s().-]*$/, { message: 'phoneMin' }),
    Matches(/^$|^(?:\D*\d){10,15}\D*$/, { message: 'phoneMin' }),
  );

/** A new password: 6–128 characters, not one of the most common passwords. */
const NewPassword = () =>
  applyDecorators(
    IsString({ message: 'passwordMin' }),
    MinLength(6, { message: 'passwordMin' }),
    MaxLength(128, { message: 'passwordMin' }),
    Validate(NotCommonPassword, { message: 'passwordCommon' }),
  );

export class RegisterDto {
  @ApiProperty({ example: 'Ayşe' })
  @PersonName('nameInvalid')
  firstName!: string;

  @ApiProperty({ example: 'Yılmaz' })
  @PersonName('surnameInvalid')
  lastName!: string;

  @ApiProperty({ example: 'ayse@example.com' })
  @Transform(trim)
  @IsEmail({}, { message: 'emailInvalid' })
  @MaxLength(254, { message: 'emailInvalid' })
  email!: string;

  @ApiPropertyOptional({ example: '+90 532 123 45 67', description: 'optional; at least 10 digits' })
  @Phone()
  phone?: string;

  @ApiProperty({ minLength: 6 })
  @NewPassword()
  password!: string;

  @ApiPropertyOptional({
    enum: ['tr', 'en'],
    description: 'locale of the emails; defaults to the request language',
  })
  @IsOptional()
  @IsIn(['tr', 'en'], { message: 'langInvalid' })
  langKey?: 'tr' | 'en';
}

export class AuthenticateDto {
  @ApiProperty({ example: 'ayse@example.com' })
  @Transform(trim)
  @IsEmail({}, { message: 'emailInvalid' })
  email!: string;

  @ApiProperty()
  @IsString({ message: 'passwordRequired' })
  @IsNotEmpty({ message: 'passwordRequired' })
  password!: string;
}

export class CheckActivationQuery {
  @ApiProperty({ example: 'ayse@example.com' })
  @Transform(trim)
  @IsEmail({}, { message: 'emailInvalid' })
  email!: string;
}

export class EmailDto {
  @ApiProperty({ example: 'ayse@example.com' })
  @Transform(trim)
  @IsEmail({}, { message: 'emailInvalid' })
  @MaxLength(254, { message: 'emailInvalid' })
  email!: string;
}

export class ActivateDto extends EmailDto {
  @ApiProperty({ example: '123456', description: 'the six-digit code of the activation email' })
  @Transform(trim)
  @IsString({ message: 'codeInvalid' })
  @Matches(/^\d{6}$/, { message: 'codeInvalid' })
  code!: string;
}

export class CompletePasswordResetDto extends EmailDto {
  @ApiProperty({ description: 'the key of the reset link' })
  @IsString({ message: 'keyRequired' })
  @IsNotEmpty({ message: 'keyRequired' })
  @MaxLength(200, { message: 'keyRequired' })
  key!: string;

  @ApiProperty({ minLength: 6 })
  @NewPassword()
  password!: string;
}

export class UpdateAccountDto {
  @ApiProperty({ description: 'your account id (GET /api/account/user)' })
  @IsString({ message: 'required' })
  @IsNotEmpty({ message: 'required' })
  id!: string;

  @ApiProperty({ example: 'Ayşe' })
  @PersonName('nameInvalid')
  firstName!: string;

  @ApiProperty({ example: 'Yılmaz' })
  @PersonName('surnameInvalid')
  lastName!: string;

  @ApiProperty({ description: 'must be your current email: it cannot be changed here' })
  @Transform(trim)
  @IsEmail({}, { message: 'emailInvalid' })
  email!: string;

  @ApiPropertyOptional({
    nullable: true,
    description: 'empty or null removes it; a new number is unverified',
  })
  @Phone()
  phone?: string | null;

  @ApiPropertyOptional({ minLength: 6, description: 'empty or absent keeps the current password' })
  @IsOptional()
  @ValidateIf((o: UpdateAccountDto) => !!o.password)
  @NewPassword()
  password?: string | null;
}

export class SendVerificationCodeQuery {
  @ApiProperty({ example: '+905321234567', description: 'the phone number; Turkish when no country code' })
  @Transform(trim)
  @IsString({ message: 'phoneInvalid' })
  @Matches(/^\+?[\d\s().-]{7,25}$/, { message: 'phoneInvalid' })
  gsm!: string;
}

export class CheckVerificationCodeQuery {
  @ApiProperty({ example: '123456' })
  @Transform(trim)
  @IsString({ message: 'codeInvalid' })
  @Matches(/^\d{6}$/, { message: 'codeInvalid' })
  verificationCode!: string;
}

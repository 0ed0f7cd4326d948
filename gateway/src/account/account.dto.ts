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
} from 'class-validator';

/** Letters (Turkish ones included), spaces and hyphens, 2–50 characters. */
const PERSON_NAME = /^(?=.{2,50}$)\p{L}+(?:[ \-'’]\p{L}+)*$/u;
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class RegisterDto {
  @ApiProperty({ example: 'Ayşe' })
  @Transform(trim)
  @IsString({ message: 'nameInvalid' })
  @Matches(PERSON_NAME, { message: 'nameInvalid' })
  firstName!: string;

  @ApiProperty({ example: 'Yılmaz' })
  @Transform(trim)
  @IsString({ message: 'surnameInvalid' })
  @Matches(PERSON_NAME, { message: 'surnameInvalid' })
  lastName!: string;

  @ApiProperty({ example: 'ayse@example.com' })
  @Transform(trim)
  @IsEmail({}, { message: 'emailInvalid' })
  @MaxLength(254, { message: 'emailInvalid' })
  email!: string;

  @ApiPropertyOptional({ example: '+90 532 123 45 67', description: 'optional; at least 10 digits' })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'phoneMin' })
  @Matches(/^$|^\+?[\d\s().-]*$/, { message: 'phoneMin' })
  @Matches(/^$|^(?:\D*\d){10,15}\D*$/, { message: 'phoneMin' })
  phone?: string;

  @ApiProperty({ minLength: 6 })
  @IsString({ message: 'passwordMin' })
  @MinLength(6, { message: 'passwordMin' })
  @MaxLength(128, { message: 'passwordMin' })
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

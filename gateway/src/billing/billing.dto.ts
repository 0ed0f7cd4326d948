import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const digits = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.replace(/[\s-]/g, '') : value;
export const FEATURES = ['standard', 'deep', 'functional'];

/** Product spec part 3: the billing fields of the card form. */
export class BillingAddressDto {
  @ApiProperty({ example: 'Kızılay Mah. Atatürk Blv. 1' })
  @Transform(trim)
  @IsString({ message: 'required' })
  @IsNotEmpty({ message: 'required' })
  @MaxLength(200)
  address!: string;

  @ApiProperty({ example: '06420' })
  @Transform(trim)
  @IsString({ message: 'required' })
  @IsNotEmpty({ message: 'required' })
  @MaxLength(20)
  zipCode!: string;

  @ApiProperty({ example: 'Ayşe Yılmaz' })
  @Transform(trim)
  @IsString({ message: 'required' })
  @IsNotEmpty({ message: 'required' })
  @MaxLength(100)
  contactName!: string;

  @ApiProperty({ example: 'Ankara' })
  @Transform(trim)
  @IsString({ message: 'required' })
  @IsNotEmpty({ message: 'required' })
  @MaxLength(100)
  city!: string;

  @ApiProperty({ example: 'Turkey' })
  @Transform(trim)
  @IsString({ message: 'required' })
  @IsNotEmpty({ message: 'required' })
  @MaxLength(100)
  country!: string;
}

/** Product spec part 3: the card payload (the number and CVC go to the provider, never stored). */
export class CardDto {
  @ApiPropertyOptional({ description: 'First 3 characters of the full name (derived again by the server)' })
  @IsOptional()
  @IsString()
  @MaxLength(10)
  cardAlias?: string;

  @ApiProperty({ example: 'Ayşe Yılmaz' })
  @Transform(trim)
  @IsString({ message: 'required' })
  @IsNotEmpty({ message: 'required' })
  @MaxLength(100)
  cardHolderName!: string;

  @ApiProperty({ example: '5528790000000008' })
  @Transform(digits)
  @IsString({ message: 'cardNumberInvalid' })
  @Matches(/^\d{15,19}$/, { message: 'cardNumberInvalid' })
  cardNumber!: string;

  @ApiProperty({ example: '2030', description: '20 followed by the two-digit year' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value))
  @IsString({ message: 'expiryInvalid' })
  @Matches(/^20\d{2}$/, { message: 'expiryInvalid' })
  expireYear!: string;

  @ApiProperty({ example: '12' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value))
  @IsString({ message: 'expiryInvalid' })
  @Matches(/^(0?[1-9]|1[0-2])$/, { message: 'expiryInvalid' })
  expireMonth!: string;

  @ApiProperty({ example: '123' })
  @IsString({ message: 'cvcInvalid' })
  @Matches(/^\d{3,4}$/, { message: 'cvcInvalid' })
  cvc!: string;

  @ApiProperty({ type: BillingAddressDto })
  @ValidateNested()
  @Type(() => BillingAddressDto)
  billing!: BillingAddressDto;
}

export class CardIdQuery {
  @ApiProperty()
  @IsString({ message: 'required' })
  @IsNotEmpty({ message: 'required' })
  id!: string;
}

/** POST /api/user-plan and /api/promotion/summary: {plan, features, promotionCode}. */
export class PlanRequestDto {
  @ApiPropertyOptional({ example: 'standard', description: 'The plan (a feature name)' })
  @IsOptional()
  @IsString()
  plan?: string;

  @ApiPropertyOptional({ example: ['standard'], enum: FEATURES, isArray: true })
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  features?: string[];

  @ApiPropertyOptional({ example: 'WELCOME25' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(40)
  promotionCode?: string;
}

export class PromotionDto {
  @ApiPropertyOptional({ description: 'Set to update (PUT)' })
  @IsOptional()
  @IsString()
  id?: string;

  @ApiProperty({ example: 'WELCOME25' })
  @Transform(trim)
  @IsString({ message: 'required' })
  @IsNotEmpty({ message: 'required' })
  code!: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(500)
  description?: string;

  @ApiProperty({ example: '25', description: 'USD for AMOUNT, percent for PERCENT (at most 2 decimals)' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value))
  @IsString({ message: 'amountInvalid' })
  @Matches(/^\d+(\.\d{1,2})?$/, { message: 'amountInvalid' })
  value!: string;

  @ApiProperty({ enum: ['AMOUNT', 'PERCENT'] })
  @IsIn(['AMOUNT', 'PERCENT'], { message: 'promotionTypeInvalid' })
  type!: 'AMOUNT' | 'PERCENT';

  @ApiPropertyOptional({ example: '0', description: 'Minimum basket in USD' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value))
  @IsString({ message: 'amountInvalid' })
  @Matches(/^\d+(\.\d{1,2})?$/, { message: 'amountInvalid' })
  minimumBasket?: string;

  @ApiProperty({ example: 100 })
  @Type(() => Number)
  @IsInt({ message: 'promotionCountInvalid' })
  @Min(0, { message: 'promotionCountInvalid' })
  count!: number;

  @ApiPropertyOptional({
    example: '2030-12-31',
    description: 'Europe/Istanbul date, usable through that day',
  })
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'dateInvalid' })
  expiryDate?: string;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean()
  active?: boolean;
}

export class RenewalDto {
  @ApiPropertyOptional({ example: '2030-02-01', description: 'Europe/Istanbul date; default today' })
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'dateInvalid' })
  date?: string;
}

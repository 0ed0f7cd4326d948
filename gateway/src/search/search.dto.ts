import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';

/** The form shapes of the scan routes (SEARCH-API.md); the search service checks the rules (market, store link, plan, quota). */
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const MARKETS = ['CA', 'MX', 'AE', 'AU', 'SG', 'UK'];
const upper = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().toUpperCase() : value;
const bool = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);

class ScanFormDto {
  @ApiProperty({ example: 'Kamp mağazası' })
  @Transform(trim)
  @MaxLength(120, { message: 'fileNameTooLong' })
  @IsString({ message: 'required' })
  @IsNotEmpty({ message: 'required' }) // checked first (class-validator runs the lowest decorator first)
  fileName!: string;

  @ApiProperty({ example: 'https://www.amazon.ca/s?me=A2DP2EEPU3VU45' })
  @Transform(trim)
  @MaxLength(2000, { message: 'storeUrlInvalid' })
  @IsString({ message: 'required' })
  @IsNotEmpty({ message: 'required' })
  storeUrl!: string;

  @ApiProperty({ enum: MARKETS })
  @Transform(upper)
  @IsIn(MARKETS, { message: 'marketInvalid' })
  market!: string;

  @ApiPropertyOptional()
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'keywordInvalid' })
  @MaxLength(200, { message: 'keywordInvalid' })
  keyword?: string;

  @ApiPropertyOptional({ type: [String], description: 'category node ids' })
  @IsOptional()
  @IsArray({ message: 'categoriesInvalid' })
  @ArrayMaxSize(50, { message: 'categoriesInvalid' })
  @Matches(/^\d{1,20}$/, { each: true, message: 'categoriesInvalid' })
  categories?: string[];
}

export class CreateScanDto extends ScanFormDto {
  @ApiProperty({ enum: ['standard', 'deep'] })
  @IsIn(['standard', 'deep'], { message: 'searchTypeInvalid' })
  searchType!: 'standard' | 'deep';
}

/** A star bound: 0–5. */
const Stars = () =>
  applyDecorators(
    IsOptional(),
    IsNumber({}, { message: 'starRange' }),
    Min(0, { message: 'starRange' }),
    Max(5, { message: 'starRange' }),
  );
/** A price bound: ≥ 0. */
const Price = () =>
  applyDecorators(IsOptional(), IsNumber({}, { message: 'priceRange' }), Min(0, { message: 'priceRange' }));

export class FunctionalScanDto extends ScanFormDto {
  @ApiPropertyOptional({ description: 'stars 0–5; min ≤ max' })
  @Stars()
  minStar?: number;

  @ApiPropertyOptional()
  @Stars()
  maxStar?: number;

  @ApiPropertyOptional({ description: 'prices ≥ 0 in the market currency; min ≤ max' })
  @Price()
  minPrice?: number;

  @ApiPropertyOptional()
  @Price()
  maxPrice?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'booleanInvalid' })
  amazonChoice?: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'booleanInvalid' })
  bestSeller?: boolean;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export class ListQuery {
  @ApiPropertyOptional({ enum: ['standard', 'deep', 'FUNCTIONAL', 'asinCheck'] })
  @IsOptional()
  @IsIn(['standard', 'deep', 'FUNCTIONAL', 'functional', 'asinCheck'], { message: 'searchTypeInvalid' })
  type?: string;

  @ApiPropertyOptional({
    enum: ['PENDING', 'PROCESSING', 'COMPLETED', 'COMPLETED_PARTIAL', 'CANCELED', 'FAILED'],
  })
  @IsOptional()
  @IsIn(['PENDING', 'PROCESSING', 'COMPLETED', 'COMPLETED_PARTIAL', 'CANCELED', 'FAILED'], {
    message: 'statusInvalid',
  })
  status?: string;

  @ApiPropertyOptional({ enum: MARKETS })
  @IsOptional()
  @Transform(upper)
  @IsIn(MARKETS, { message: 'marketInvalid' })
  market?: string;

  @ApiPropertyOptional({ description: 'text in the file name or the store URL' })
  @IsOptional()
  @IsString()
  @MaxLength(200, { message: 'queryTooLong' })
  q?: string;

  @ApiPropertyOptional({ description: 'YYYY-MM-DD (Istanbul), inclusive' })
  @IsOptional()
  @Matches(DATE, { message: 'dateInvalid' })
  from?: string;

  @ApiPropertyOptional({ description: 'YYYY-MM-DD (Istanbul), inclusive' })
  @IsOptional()
  @Matches(DATE, { message: 'dateInvalid' })
  to?: string;

  @ApiPropertyOptional({ default: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'pageInvalid' })
  @Min(0, { message: 'pageInvalid' })
  page?: number;

  @ApiPropertyOptional({ default: 20, maximum: 100 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'sizeInvalid' })
  @Min(1, { message: 'sizeInvalid' })
  @Max(100, { message: 'sizeInvalid' })
  size?: number;

  @ApiPropertyOptional({ description: 'ROLE_ADMIN: every user’s scans (each with userEmail)' })
  @IsOptional()
  @Transform(bool)
  @IsBoolean({ message: 'booleanInvalid' })
  all?: boolean;
}

class TodoRef {
  @ApiProperty()
  @IsString({ message: 'searchNotFound' })
  id!: string;
}

export class MoveDto {
  @ApiProperty({ type: [TodoRef] })
  @IsArray({ message: 'required' })
  @ArrayMaxSize(500, { message: 'tooManyTodos' })
  @ValidateNested({ each: true })
  @Type(() => TodoRef)
  todo!: TodoRef[];
}

export class StatusDto {
  @ApiProperty({ enum: ['CANCELED', 'PENDING'] })
  @IsIn(['CANCELED', 'PENDING'], { message: 'statusChangeNotAllowed' })
  status!: 'CANCELED' | 'PENDING';
}

export class CategoryQuery {
  @ApiProperty({ enum: MARKETS })
  @Transform(upper)
  @IsIn(MARKETS, { message: 'marketInvalid' })
  market!: string;
}

export class DownloadQuery {
  @ApiPropertyOptional({ enum: ['txt', 'csv'], description: 'csv: ASIN checks only (not available yet)' })
  @IsOptional()
  @IsIn(['txt', 'csv'], { message: 'formatInvalid' })
  format?: 'txt' | 'csv';
}

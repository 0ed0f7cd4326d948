/**
 * The payloads of the scan routes (gateway/README.md, "Scan routes"). The scan, functional scan, ASIN check and estimate
 * payloads are the shared schemas of @shelfscan/validation (the web's dialogs and the search service
 * apply the same ones); the search service then checks what needs data (plan, quota, list limit).
 */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  asinCheckRequest as asinCheck,
  batchScanRequest as batchScan,
  BATCH_MAX_STORES,
  email,
  functionalScanRequest as functionalScan,
  market,
  MARKETS,
  pageQuery,
  scanEstimateRequest as estimate,
  scanRequest as createScan,
  trackerRequest as tracker,
} from '@shelfscan/validation';
import { z } from 'zod';
import { SchemaDto } from '../common/validation.js';

const STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'COMPLETED_PARTIAL', 'CANCELED', 'FAILED'] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const flag = z.preprocess(
  (v) => (v === 'true' ? true : v === 'false' ? false : v),
  z.boolean({ error: 'booleanInvalid' }),
);

const listQuery = z.strictObject({
  type: z
    .enum(['standard', 'deep', 'FUNCTIONAL', 'functional', 'asinCheck'], { error: 'searchTypeInvalid' })
    .optional(),
  status: z.enum(STATUSES, { error: 'statusInvalid' }).optional(),
  market: market.optional(),
  q: z.string().trim().max(200, { error: 'queryTooLong' }).optional(),
  from: z.string().regex(DATE, { error: 'dateInvalid' }).optional(),
  to: z.string().regex(DATE, { error: 'dateInvalid' }).optional(),
  // The shared page rule (its largest page keeps page × size an int32 on the bus).
  page: pageQuery.shape.page,
  size: z.coerce
    .number({ error: 'sizeInvalid' })
    .int({ error: 'sizeInvalid' })
    .min(1, { error: 'sizeInvalid' })
    .max(100, { error: 'sizeInvalid' })
    .optional(),
  all: flag.optional(),
  // With all=true (ROLE_ADMIN): only this user's scans.
  userEmail: email.optional(),
});
const move = z.strictObject({
  todo: z
    .array(z.object({ id: z.string({ error: 'searchNotFound' }) }), { error: 'required' })
    .max(500, { error: 'tooManyTodos' }),
});
/** A page of a list without filters (an ASIN check's table, the batches), as the scan list pages. */
const pagedQuery = z.strictObject({
  page: listQuery.shape.page,
  size: listQuery.shape.size,
});
const status = z.strictObject({
  status: z.enum(['CANCELED', 'PENDING'], { error: 'statusChangeNotAllowed' }),
});
const categoryQuery = z.strictObject({ market });
const downloadQuery = z.strictObject({
  format: z.enum(['txt', 'csv', 'xlsx'], { error: 'formatInvalid' }).optional(),
});

export class CreateScanDto extends SchemaDto(createScan) implements z.output<typeof createScan> {
  @ApiProperty({ enum: ['standard', 'deep'] }) searchType!: 'standard' | 'deep';
  @ApiProperty({ example: 'Kamp mağazası' }) fileName!: string;
  @ApiProperty({ example: 'https://www.amazon.ca/s?me=A2DP2EEPU3VU45' }) storeUrl!: string;
  @ApiProperty({ enum: MARKETS }) market!: (typeof MARKETS)[number];
  @ApiPropertyOptional() keyword?: string;
  @ApiPropertyOptional({ type: [String], description: 'category node ids' }) categories?: string[];
}

export class FunctionalScanDto extends SchemaDto(functionalScan) implements z.output<typeof functionalScan> {
  @ApiProperty({ example: 'Kamp mağazası' }) fileName!: string;
  @ApiProperty({ example: 'https://www.amazon.ca/s?me=A2DP2EEPU3VU45' }) storeUrl!: string;
  @ApiProperty({ enum: MARKETS }) market!: (typeof MARKETS)[number];
  @ApiPropertyOptional() keyword?: string;
  @ApiPropertyOptional({ type: [String] }) categories?: string[];
  @ApiPropertyOptional({ description: 'stars 0–5; min ≤ max' }) minStar?: number | null;
  @ApiPropertyOptional() maxStar?: number | null;
  @ApiPropertyOptional({ description: 'prices ≥ 0 in the market currency; min ≤ max' }) minPrice?:
    number | null;
  @ApiPropertyOptional() maxPrice?: number | null;
  @ApiPropertyOptional() amazonChoice?: boolean;
  @ApiPropertyOptional() bestSeller?: boolean;
}

export class ListQuery extends SchemaDto(listQuery) implements z.output<typeof listQuery> {
  @ApiPropertyOptional({ enum: ['standard', 'deep', 'FUNCTIONAL', 'asinCheck'] }) type?:
    'standard' | 'deep' | 'FUNCTIONAL' | 'functional' | 'asinCheck';
  @ApiPropertyOptional({ enum: STATUSES }) status?: (typeof STATUSES)[number];
  @ApiPropertyOptional({ enum: MARKETS }) market?: (typeof MARKETS)[number];
  @ApiPropertyOptional({ description: 'text in the file name or the store URL' }) q?: string;
  @ApiPropertyOptional({ description: 'YYYY-MM-DD (Istanbul), inclusive' }) from?: string;
  @ApiPropertyOptional({ description: 'YYYY-MM-DD (Istanbul), inclusive' }) to?: string;
  @ApiPropertyOptional({ default: 0 }) page?: number;
  @ApiPropertyOptional({ default: 20, maximum: 100 }) size?: number;
  @ApiPropertyOptional({ description: 'ROLE_ADMIN: every user’s scans (each with userEmail)' }) all?: boolean;
  @ApiPropertyOptional({ description: 'with all=true (ROLE_ADMIN): only this user’s scans' })
  userEmail?: string;
}

export class MoveDto extends SchemaDto(move) implements z.output<typeof move> {
  @ApiProperty({ description: '[{id}, ...]' }) todo!: { id: string }[];
}

export class StatusDto extends SchemaDto(status) implements z.output<typeof status> {
  @ApiProperty({ enum: ['CANCELED', 'PENDING'] }) status!: 'CANCELED' | 'PENDING';
}

export class CategoryQuery extends SchemaDto(categoryQuery) implements z.output<typeof categoryQuery> {
  @ApiProperty({ enum: MARKETS }) market!: (typeof MARKETS)[number];
}

export class DownloadQuery extends SchemaDto(downloadQuery) implements z.output<typeof downloadQuery> {
  @ApiPropertyOptional({
    enum: ['txt', 'csv', 'xlsx'],
    description: 'txt (default): the ASINs; csv, xlsx: the table of what the scan saw of each ASIN',
  })
  format?: 'txt' | 'csv' | 'xlsx';
}

export class AsinCheckDto extends SchemaDto(asinCheck) implements z.output<typeof asinCheck> {
  @ApiProperty({ example: 'Kontrol listesi' }) fileName!: string;
  @ApiProperty({ enum: MARKETS }) market!: (typeof MARKETS)[number];
  @ApiProperty({
    description:
      'ASINs (10 letters or digits) separated by commas, line breaks or spaces, or a list; at most the list limit',
    example: 'B0C1234567, B0D7654321',
  })
  asins!: string;
}

export class BatchDto extends SchemaDto(batchScan) implements z.output<typeof batchScan> {
  @ApiProperty({ enum: ['standard', 'deep'] }) searchType!: 'standard' | 'deep';
  @ApiProperty({ enum: MARKETS }) market!: (typeof MARKETS)[number];
  @ApiProperty({ example: 'Rakipler' }) fileName!: string;
  @ApiPropertyOptional() keyword?: string;
  @ApiProperty({
    type: [String],
    maxItems: BATCH_MAX_STORES,
    description:
      'Store links of the chosen market, one per store (at most 50); a bad one is named by its line: errors[].field `storeUrls.<line>`, lines from 1',
    example: ['https://www.amazon.ca/s?me=A2DP2EEPU3VU45', 'https://www.amazon.ca/s?me=A1B2C3D4E5F6G7'],
  })
  storeUrls!: string[];
}

export class AsinCheckQuery extends SchemaDto(pagedQuery) implements z.output<typeof pagedQuery> {
  @ApiPropertyOptional({ default: 0 }) page?: number;
  @ApiPropertyOptional({ default: 20, maximum: 100 }) size?: number;
}

export class BatchListQuery extends SchemaDto(pagedQuery) implements z.output<typeof pagedQuery> {
  @ApiPropertyOptional({ default: 0 }) page?: number;
  @ApiPropertyOptional({ default: 20, maximum: 100 }) size?: number;
}

export class EstimateDto extends SchemaDto(estimate) implements z.output<typeof estimate> {
  @ApiProperty({ enum: ['standard', 'deep', 'functional'] }) searchType!:
    'standard' | 'deep' | 'functional' | 'FUNCTIONAL';
  @ApiProperty({ example: 'https://www.amazon.ca/s?me=A2DP2EEPU3VU45' }) storeUrl!: string;
  @ApiProperty({ enum: MARKETS }) market!: (typeof MARKETS)[number];
  @ApiPropertyOptional() keyword?: string;
  @ApiPropertyOptional({ type: [String] }) categories?: string[];
}

// Trackers (issue 18): the shared `trackerRequest`, the store page's ASIN list and a run's download.
const trackerAsinsQuery = z.strictObject({
  page: listQuery.shape.page,
  size: listQuery.shape.size,
  present: flag.optional(),
});
const trackerDownloadQuery = z.strictObject({
  format: z.enum(['txt', 'csv'], { error: 'formatInvalid' }).optional(),
  list: z.enum(['added', 'removed'], { error: 'trackerListInvalid' }).optional(),
});

export class TrackerDto extends SchemaDto(tracker) implements z.output<typeof tracker> {
  @ApiProperty({ example: 'https://www.amazon.ca/s?me=A2DP2EEPU3VU45' }) storeUrl!: string;
  @ApiProperty({ enum: MARKETS }) market!: (typeof MARKETS)[number];
  @ApiProperty({ enum: ['standard', 'deep'] }) searchType!: 'standard' | 'deep';
  @ApiPropertyOptional() keyword?: string;
  @ApiPropertyOptional({ description: 'the label; absent: the market, seller id and keyword' })
  fileName?: string;
  @ApiProperty({ enum: ['daily', 'weekly'] }) schedule!: 'daily' | 'weekly';
  @ApiPropertyOptional({ minimum: 0, maximum: 23, default: 6, description: 'Europe/Istanbul hour' })
  hour?: number;
  @ApiPropertyOptional({ minimum: 1, maximum: 7, default: 1, description: 'weekly: 1 = Monday … 7 = Sunday' })
  weekday?: number;
  @ApiPropertyOptional({
    description: '{email, webhook, telegram}: each alert channel on or off (absent: on)',
    example: { email: true, webhook: false, telegram: true },
  })
  alerts?: { email?: boolean; webhook?: boolean; telegram?: boolean };
}

export class TrackerAsinsQuery
  extends SchemaDto(trackerAsinsQuery)
  implements z.output<typeof trackerAsinsQuery>
{
  @ApiPropertyOptional({ default: 0 }) page?: number;
  @ApiPropertyOptional({ default: 20, maximum: 100 }) size?: number;
  @ApiPropertyOptional({ description: 'true: only present ASINs; false: only removed ones' })
  present?: boolean;
}

export class TrackerDownloadQuery
  extends SchemaDto(trackerDownloadQuery)
  implements z.output<typeof trackerDownloadQuery>
{
  @ApiPropertyOptional({ enum: ['txt', 'csv'], default: 'txt' }) format?: 'txt' | 'csv';
  @ApiPropertyOptional({ enum: ['added', 'removed'], default: 'added' }) list?: 'added' | 'removed';
}

/**
 * The payloads of the billing routes, checked with zod (the card by the shared card rules of
 * @shelfscan/validation, as the web's card form; required texts by the shared field); the billing
 * service checks again what needs data (card at the provider, plan rules, promotion rules).
 */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  PAYMENT_STATUSES,
  PLAN_FEATURES,
  cardRequest,
  grantPlanRequest,
  pageQuery,
  promotionRequest,
  requiredText,
  type PlanFeature,
} from '@shelfscan/validation';
import { z } from 'zod';
import { SchemaDto } from '../common/validation.js';

const FEATURES = [...PLAN_FEATURES];

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const cardIdQuery = z.strictObject({ id: requiredText(100) });
const planRequest = z.strictObject({
  plan: z.string().optional(),
  features: z.array(z.string()).optional(),
  promotionCode: z.string().trim().max(40).optional(),
});
const renewal = z.strictObject({ date: z.string().regex(DATE, { error: 'dateInvalid' }).optional() });
const refund = z.strictObject({
  reason: requiredText(500),
  amountKurus: z.coerce
    .number({ error: 'amountInvalid' })
    .int({ error: 'amountInvalid' })
    .positive({ error: 'amountInvalid' })
    .optional(),
});
const revokePlan = z.strictObject({ reason: requiredText(500) });
// The admin's list: one user's or everyone's, by status and Istanbul days, a page at a time.
const paymentHistoryQuery = pageQuery.extend({
  email: z.string().trim().max(254).optional(),
  status: z.enum(PAYMENT_STATUSES, { error: 'statusInvalid' }).optional(),
  from: z.string().regex(DATE, { error: 'dateInvalid' }).optional(),
  to: z.string().regex(DATE, { error: 'dateInvalid' }).optional(),
});
// The bank's form post (iyzico's callback fields); anything else it sends is dropped.
const threeDsCallback = z.object({
  status: z.string().max(20).optional(),
  paymentId: z.string().max(100).optional(),
  conversationData: z.string().max(4000).optional(),
  conversationId: z.string().max(100).optional(),
  mdStatus: z.string().max(5).optional(),
});
const threeDsPageQuery = z.strictObject({ t: z.string().max(200).optional() });

type Card = z.output<ReturnType<typeof cardRequest>>;

/**
 * Product spec part 3: the card payload (the number and CVC go to the provider, never stored), by
 * the shared card rules (`cardRequest(today)`, today from the pipe's clock).
 */
export class CardDto extends SchemaDto(cardRequest) implements Card {
  @ApiPropertyOptional({ description: 'First 3 characters of the full name (derived again by the server)' })
  cardAlias?: string;
  @ApiProperty({ example: 'Ayşe Yılmaz' }) cardHolderName!: string;
  @ApiProperty({ example: '5528790000000008', description: '12–19 digits with the Luhn check' })
  cardNumber!: string;
  @ApiProperty({ example: '2030', description: '20 followed by the two-digit year' }) expireYear!: string;
  @ApiProperty({ example: '12' }) expireMonth!: string;
  @ApiProperty({ example: '123' }) cvc!: string;
  @ApiProperty({
    example: {
      address: 'Bağdat Cad. 5',
      zipCode: '34710',
      contactName: 'Ayşe Yılmaz',
      city: 'Kadıköy',
      country: 'Turkey',
      region: '34',
    },
    description:
      '{address, zipCode, contactName, city, country, region}: country by its name or iso2 in the built-in list; ' +
      'region the iso2 of one of its regions, required for TR, US and the UK (GB)',
  })
  billing!: Card['billing'];
}

export class CardIdQuery extends SchemaDto(cardIdQuery) implements z.output<typeof cardIdQuery> {
  @ApiProperty() id!: string;
}

/** POST /api/user-plan and /api/promotion/summary: {plan, features, promotionCode}. */
export class PlanRequestDto extends SchemaDto(planRequest) implements z.output<typeof planRequest> {
  @ApiPropertyOptional({ example: 'standard', description: 'The plan (a feature name)' }) plan?: string;
  @ApiPropertyOptional({ example: ['standard'], enum: FEATURES, isArray: true }) features?: string[];
  @ApiPropertyOptional({ example: 'WELCOME25' }) promotionCode?: string;
}

/**
 * POST and PUT /api/promotion: the admin form's rules (`promotionRequest` of @shelfscan/validation);
 * billing checks the code's uniqueness and the expiry day against its Clock.
 */
export class PromotionDto extends SchemaDto(promotionRequest) implements z.output<typeof promotionRequest> {
  @ApiPropertyOptional({ description: 'Set to update (PUT)' }) id?: string;
  @ApiProperty({ example: 'WELCOME25', description: '2–40 letters, digits, - or _; unique' }) code!: string;
  @ApiPropertyOptional({ description: 'At most 500 characters' }) description!: string;
  @ApiProperty({
    example: '25',
    description: 'Above 0: USD for AMOUNT, percent (at most 100) for PERCENT; at most 2 decimals',
  })
  value!: string;
  @ApiProperty({ enum: ['AMOUNT', 'PERCENT'] }) type!: 'AMOUNT' | 'PERCENT';
  @ApiPropertyOptional({ example: '0', description: 'Minimum basket in USD; empty or absent for none' })
  minimumBasket!: string;
  @ApiProperty({ example: 100, description: 'Uses, at least 1' }) count!: number;
  @ApiPropertyOptional({
    example: '2030-12-31',
    description:
      'Europe/Istanbul date, usable through that day; not in the past (a promotion keeps the day it has); empty or absent for none',
  })
  expiryDate!: string;
  @ApiPropertyOptional({ default: true }) active?: boolean;
}

export class RenewalDto extends SchemaDto(renewal) implements z.output<typeof renewal> {
  @ApiPropertyOptional({ example: '2030-02-01', description: 'Europe/Istanbul date; default today' })
  date?: string;
}

export class RefundDto extends SchemaDto(refund) implements z.output<typeof refund> {
  @ApiProperty({ example: 'Customer asked' }) reason!: string;
  @ApiPropertyOptional({ example: 1500, description: 'Kuruş to refund; default what is left of the payment' })
  amountKurus?: number;
}

/** POST /api/admin/users/{email}/plans: the grant form's rules (`grantPlanRequest`); billing checks the day. */
export class GrantPlanDto extends SchemaDto(grantPlanRequest) implements z.output<typeof grantPlanRequest> {
  @ApiProperty({ example: ['standard'], enum: FEATURES, isArray: true }) features!: PlanFeature[];
  @ApiProperty({
    example: '2030-02-01',
    description: 'Europe/Istanbul date after today: usable until the start of it',
  })
  periodEnd!: string;
  @ApiProperty({ example: 'Compensation for an outage' }) reason!: string;
}

export class RevokePlanDto extends SchemaDto(revokePlan) implements z.output<typeof revokePlan> {
  @ApiProperty({ example: 'Abuse' }) reason!: string;
}

export class PaymentHistoryQuery
  extends SchemaDto(paymentHistoryQuery)
  implements z.output<typeof paymentHistoryQuery>
{
  @ApiPropertyOptional({ description: "Only this user's payments" }) email?: string;
  @ApiPropertyOptional({ enum: PAYMENT_STATUSES }) status?: (typeof PAYMENT_STATUSES)[number];
  @ApiPropertyOptional({ description: 'YYYY-MM-DD (Istanbul), inclusive' }) from?: string;
  @ApiPropertyOptional({ description: 'YYYY-MM-DD (Istanbul), inclusive' }) to?: string;
  @ApiPropertyOptional({ default: 0 }) page?: number;
  @ApiPropertyOptional({ default: 20, maximum: 100 }) size?: number;
}

/** What the bank posts back after 3-D Secure (form-encoded, iyzico's field names). */
export class ThreeDsCallbackDto
  extends SchemaDto(threeDsCallback)
  implements z.output<typeof threeDsCallback>
{
  @ApiPropertyOptional({ example: 'success' }) status?: string;
  @ApiPropertyOptional() paymentId?: string;
  @ApiPropertyOptional() conversationData?: string;
  @ApiPropertyOptional() conversationId?: string;
  @ApiPropertyOptional({ example: '1', description: '1 = the cardholder was verified' }) mdStatus?: string;
}

export class ThreeDsPageQuery
  extends SchemaDto(threeDsPageQuery)
  implements z.output<typeof threeDsPageQuery>
{
  @ApiPropertyOptional({ description: 'The one-time token of the redirect URL' }) t?: string;
}

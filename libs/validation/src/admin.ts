/**
 * The rules of the admin forms (issue 11): promotions, plans granted by hand, refunds, the system
 * parameters, and the lookup of a user. Message keys the servers answer with too are the same keys
 * (`promotionCodeInvalid`, `parameterInteger`, …); rules only the forms apply use FORM_ONLY_MESSAGES.
 * Dates are `YYYY-MM-DD` days of Europe/Istanbul; `today` is passed in, so the clock stays a port.
 */
import { z } from 'zod';
import * as f from './fields.js';
import type { ValidationMessage } from './messages.js';

const e = (error: ValidationMessage) => ({ error });

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A money amount as typed: digits, then at most two decimals after a dot (billing's `decimalToMinor`). */
const AMOUNT = /^\d+(\.\d{1,2})?$/;
const INTEGER = /^\d+$/;
const DECIMAL = /^\d+(\.\d+)?$/;
// Parameter shapes: a phone in E.164, an email with a dotted domain.
const E164 = /^\+[1-9]\d{7,14}$/;
const LOOSE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A number box gives a number, a text box a string: both are checked as the text they show. */
const asText = (value: unknown) => (typeof value === 'number' ? String(value) : value);
const text = (message: ValidationMessage) => z.preprocess(asText, z.string(message).trim());
const isAmount = (value: unknown) => typeof value === 'string' && AMOUNT.test(value.trim());

/** The payment statuses the admin list filters by (billing's `payment_attempt.status`; one waiting for 3-D Secure is `awaiting_3ds`). */
export const PAYMENT_STATUSES = ['succeeded', 'failed', 'pending', 'unknown'] as const;

// ---------------------------------------------------------------------------------------------
// Promotions

export const PROMOTION_TYPES = ['AMOUNT', 'PERCENT'] as const;

/**
 * An expiry day that may not be saved: one before `today` (Europe/Istanbul; a promotion is usable
 * through its expiry day). The day the promotion already has (`stored`) may stay as it is, so an
 * expired promotion can still be turned off or edited.
 */
export function promotionExpiryProblem(
  expiryDate: string,
  today: string,
  stored: string | null = null,
): 'promotionExpiryPast' | null {
  const day = expiryDate.trim();
  return DAY.test(day) && day < today && day !== stored ? 'promotionExpiryPast' : null;
}

/** An absent optional field (`null`, missing) is an empty one. */
const emptyWhenAbsent = (value: unknown) => (value === null || value === undefined ? '' : value);

/**
 * The fields of a promotion, for the form and for the gateway: a code of 2–40 letters, digits, `-`
 * or `_` (billing's rule); a value above 0 (USD for AMOUNT, percent for PERCENT); an optional minimum
 * basket ≥ 0 in USD; a count of uses ≥ 1; an optional expiry day, not before `today` when a day is
 * given (the form's, or billing's Clock: the gateway gives none).
 */
function promotionFields(today: string | null, stored: string | null, absentAsEmpty: boolean) {
  // Typed as the field itself: the request's variant only takes null and absence as '' too.
  const optional = <T extends z.ZodType>(schema: T) =>
    (absentAsEmpty ? z.preprocess(emptyWhenAbsent, schema) : schema) as T;
  return {
    code: z
      .string('promotionCodeInvalid')
      .trim()
      .regex(/^[\w-]{2,40}$/, e('promotionCodeInvalid')),
    description: optional(z.string('tooLong').trim().max(500, e('tooLong'))),
    type: z.enum(PROMOTION_TYPES, { error: 'promotionTypeInvalid' }),
    value: text('amountInvalid')
      .refine((v) => AMOUNT.test(v), e('amountInvalid'))
      .refine((v) => !AMOUNT.test(v) || Number(v) > 0, e('promotionValueInvalid')),
    minimumBasket: optional(
      text('minimumBasketInvalid').refine((v) => v === '' || AMOUNT.test(v), e('minimumBasketInvalid')),
    ),
    count: text('promotionCountMin').refine((v) => INTEGER.test(v) && Number(v) >= 1, e('promotionCountMin')),
    expiryDate: optional(
      z
        .string('dateInvalid')
        .trim()
        .refine((v) => v === '' || DAY.test(v), e('dateInvalid'))
        .refine(
          (v) => today === null || promotionExpiryProblem(v, today, stored) === null,
          e('promotionExpiryPast'),
        ),
    ),
  };
}

/** A percent takes at most 100 (checked once the type and the value are themselves valid). */
const percentAtMost100 = {
  path: ['value'],
  error: 'promotionPercentMax' satisfies ValidationMessage,
  when: (payload: { value: unknown }) => {
    const v = payload.value as { type?: unknown; value?: unknown };
    return v?.type === 'PERCENT' && isAmount(asText(v.value));
  },
};
const percentOk = (p: { type: string; value: string }) => p.type !== 'PERCENT' || Number(p.value) <= 100;

/**
 * A promotion as the admin edits it, `today` being the Istanbul day the form starts from and
 * `storedExpiry` the expiry the edited promotion already has (it may stay, even when past).
 */
export const promotionForm = (today: string, storedExpiry: string | null = null) =>
  z
    .object({ ...promotionFields(today, storedExpiry, false), active: z.boolean() })
    .refine(percentOk, percentAtMost100);

/**
 * The body of POST and PUT /api/promotion: the form's rules (absent optional fields empty, the count
 * a number; no other field). Whether the expiry day is past is billing's check, by its Clock
 * (`promotionForm(today, stored)`, which applies `promotionExpiryProblem`).
 */
export const promotionRequest = z
  .strictObject({
    id: z.string().trim().max(100).optional(),
    ...promotionFields(null, null, true),
    active: z.boolean().optional(),
  })
  .refine(percentOk, percentAtMost100)
  .transform((p) => ({ ...p, count: Number(p.count) }));

// ---------------------------------------------------------------------------------------------
// A user's plans and invoices

/** A reason an admin gives for an action that is recorded (revoking a plan, a refund). */
const reason = f.requiredText(500);

/** A plan granted by hand: at least one feature, an end day (after `today` when one is given), and why. */
const grantPlanFields = (today: string | null) => ({
  features: z.array(z.enum(f.PLAN_FEATURES, { error: 'featuresRequired' })).min(1, e('featuresRequired')),
  periodEnd: z
    .string('dateInvalid')
    .trim()
    .refine((v) => DAY.test(v), e('dateInvalid'))
    .refine((v) => today === null || !DAY.test(v) || v > today, e('periodEndPast')),
  reason,
});

/** Grant a plan by hand (the form): an end day after `today`. */
export const grantPlanForm = (today: string) => z.object(grantPlanFields(today));

/**
 * The body of POST /api/admin/users/{email}/plans: the form's rules; whether the end day is past is
 * billing's check, by its Clock (`periodEndPast`).
 */
export const grantPlanRequest = z.strictObject(grantPlanFields(null));

/** The reason of a recorded action (revoking a plan). */
export const reasonForm = z.object({ reason });

/**
 * A refund: why, and optionally an amount in TRY (empty = the whole remaining amount), above 0 and
 * at most `maxKurus` (what was paid and not refunded yet) when that is known.
 */
export const refundForm = (maxKurus: number | null) =>
  z.object({
    reason,
    amount: z
      .string('amountInvalid')
      .trim()
      .refine((v) => v === '' || AMOUNT.test(v), e('amountInvalid'))
      .refine((v) => !AMOUNT.test(v) || Number(v) > 0, e('amountPositive'))
      .refine(
        (v) => !AMOUNT.test(v) || maxKurus === null || toMinor(v) <= maxKurus,
        e('refundAmountTooHigh'),
      ),
  });

/** "12.5" → 1250: a typed amount (AMOUNT) in minor units, without floating-point rounding. */
export function toMinor(amount: string): number {
  const [whole, fraction = ''] = amount.trim().split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** A user looked up or deleted by email. */
export const userLookupForm = z.object({ email: f.email });

// ---------------------------------------------------------------------------------------------
// System parameters

type ParameterRule = 'integer' | 'fee' | 'percent' | 'dunningDays' | 'required' | 'phone' | 'email';

/**
 * value1's rule for each key of the catalogue (SYSTEM_PARAMETER_DEFAULTS in libs/service): the one
 * place of these rules, applied by the form and by the admin service's `validateParameters` (whose
 * test checks that every numeric key of the catalogue has a rule here). A key missing here is free
 * text.
 */
const PARAMETER_RULES: Readonly<Record<string, ParameterRule>> = {
  'search.standard.dailyLimit': 'integer',
  'search.standard.monthlyLimit': 'integer',
  'search.deep.dailyLimit': 'integer',
  'search.listLimit': 'integer',
  'search.estimate.hourlyLimit': 'integer',
  'tracking.maxStores': 'integer',
  'tracking.minInterval': 'integer',
  'webhooks.deliveryRetentionDays': 'integer',
  'billing.fxMaxAgeDays': 'integer',
  'billing.monthlyFeeUsd': 'fee',
  'billing.vatPercent': 'percent',
  'billing.dunningDays': 'dunningDays',
  'billing.seller': 'required',
  'sms.perNumberHourlyLimit': 'integer',
  'sms.perPrefixHourlyLimit': 'integer',
  'sms.hourlyLimit': 'integer',
  'contact.whatsapp': 'phone',
  'contact.supportEmail': 'email',
  'api.token.perMinuteLimit': 'integer',
};

/** "1,3,7": distinct days of the month 1–28, comma-separated; the days in order, or null. */
export function dunningDays(value: string): number[] | null {
  const parts = value.split(',').map((p) => p.trim());
  if (parts.some((p) => !INTEGER.test(p))) return null;
  const days = parts.map(Number);
  if (days.some((d) => d < 1 || d > 28) || new Set(days).size !== days.length) return null;
  return days.sort((a, b) => a - b);
}

/** What is wrong with a parameter's value1, by its key; null when nothing is. */
export function parameterProblem(key: string, value1: string): ValidationMessage | null {
  const v = value1.trim();
  switch (PARAMETER_RULES[key]) {
    case 'integer':
      return INTEGER.test(v) ? null : 'parameterInteger';
    case 'fee':
      return !DECIMAL.test(v) ? 'parameterNumber' : Number(v) > 0 ? null : 'parameterPositive';
    case 'percent':
      return !DECIMAL.test(v) ? 'parameterNumber' : Number(v) <= 100 ? null : 'parameterPercent';
    case 'dunningDays':
      return dunningDays(v) ? null : 'parameterDunningDays';
    case 'required':
      return v ? null : 'parameterRequired';
    case 'phone':
      return E164.test(v) ? null : 'parameterPhone';
    case 'email':
      return LOOSE_EMAIL.test(v) ? null : 'parameterEmail';
    default:
      return null;
  }
}

/** How a form lets value1 be typed: a whole number, a decimal number (a dot), or free text. */
export function parameterInput(key: string): 'integer' | 'decimal' | 'text' {
  const rule = PARAMETER_RULES[key];
  if (rule === 'integer') return 'integer';
  if (rule === 'fee' || rule === 'percent') return 'decimal';
  return 'text';
}

const parameterText = z.string('tooLong').max(2000, e('tooLong'));

/** The whole list of system parameters, edited at once; each value1 checked by its key. */
export const systemParametersForm = z.object({
  parameters: z.array(
    z
      .object({
        key: z.string(),
        description: parameterText,
        value1: parameterText,
        value2: parameterText,
        value3: parameterText,
      })
      .superRefine((item, ctx) => {
        const problem = parameterProblem(item.key, item.value1);
        if (problem) ctx.addIssue({ code: 'custom', path: ['value1'], message: problem });
      }),
  ),
});

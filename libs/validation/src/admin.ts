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
// The admin service's shapes (services/admin/src/parameters/parameter-rules.ts).
const E164 = /^\+[1-9]\d{7,14}$/;
const LOOSE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A number box gives a number, a text box a string: both are checked as the text they show. */
const asText = (value: unknown) => (typeof value === 'number' ? String(value) : value);
const text = (message: ValidationMessage) => z.preprocess(asText, z.string(message).trim());
const isAmount = (value: unknown) => typeof value === 'string' && AMOUNT.test(value.trim());

// ---------------------------------------------------------------------------------------------
// Promotions

export const PROMOTION_TYPES = ['AMOUNT', 'PERCENT'] as const;

/**
 * A promotion as the admin edits it: a code of 2–40 letters, digits, `-` or `_` (billing's rule); a
 * value above 0 (USD for AMOUNT, percent for PERCENT, at most 100); an optional minimum basket ≥ 0 in
 * USD; a count of uses ≥ 1; an optional expiry day, not before `today` (usable through that day).
 */
export const promotionForm = (today: string) =>
  z
    .object({
      code: z
        .string('promotionCodeInvalid')
        .trim()
        .regex(/^[\w-]{2,40}$/, e('promotionCodeInvalid')),
      description: z.string('tooLong').trim().max(500, e('tooLong')),
      type: z.enum(PROMOTION_TYPES, { error: 'promotionTypeInvalid' }),
      value: text('amountInvalid')
        .refine((v) => AMOUNT.test(v), e('amountInvalid'))
        .refine((v) => !AMOUNT.test(v) || Number(v) > 0, e('promotionValueInvalid')),
      minimumBasket: text('minimumBasketInvalid').refine(
        (v) => v === '' || AMOUNT.test(v),
        e('minimumBasketInvalid'),
      ),
      count: text('promotionCountMin').refine(
        (v) => INTEGER.test(v) && Number(v) >= 1,
        e('promotionCountMin'),
      ),
      expiryDate: z
        .string('dateInvalid')
        .trim()
        .refine((v) => v === '' || DAY.test(v), e('dateInvalid'))
        .refine((v) => !DAY.test(v) || v >= today, e('promotionExpiryPast')),
      active: z.boolean(),
    })
    .refine((p) => p.type !== 'PERCENT' || Number(p.value) <= 100, {
      path: ['value'],
      error: 'promotionPercentMax',
      when: (payload) => {
        const v = payload.value as { type?: unknown; value?: unknown };
        return v?.type === 'PERCENT' && isAmount(asText(v.value));
      },
    });

// ---------------------------------------------------------------------------------------------
// A user's plans and invoices

/** A reason an admin gives for an action that is recorded (revoking a plan, a refund). */
const reason = f.requiredText(500);

/** Grant a plan by hand: at least one feature, an end day after `today`, and why. */
export const grantPlanForm = (today: string) =>
  z.object({
    features: z.array(z.enum(f.PLAN_FEATURES, { error: 'featuresRequired' })).min(1, e('featuresRequired')),
    periodEnd: z
      .string('dateInvalid')
      .trim()
      .refine((v) => DAY.test(v), e('dateInvalid'))
      .refine((v) => !DAY.test(v) || v > today, e('periodEndPast')),
    reason,
  });

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
 * value1's rule for each key of the catalogue (SYSTEM_PARAMETER_DEFAULTS in libs/service), the same
 * checks and message keys as the admin service's `validateParameters`. A key missing here is free
 * text for the form; the service still checks it.
 */
const PARAMETER_RULES: Readonly<Record<string, ParameterRule>> = {
  'search.standard.dailyLimit': 'integer',
  'search.standard.monthlyLimit': 'integer',
  'search.deep.dailyLimit': 'integer',
  'search.listLimit': 'integer',
  'billing.fxMaxAgeDays': 'integer',
  'billing.monthlyFeeUsd': 'fee',
  'billing.vatPercent': 'percent',
  'billing.dunningDays': 'dunningDays',
  'billing.seller': 'required',
  'contact.whatsapp': 'phone',
  'contact.supportEmail': 'email',
};

/** "1,3,7": distinct days of the month 1–28, comma-separated. */
function validDunningDays(value: string): boolean {
  const parts = value.split(',').map((p) => p.trim());
  if (parts.some((p) => !INTEGER.test(p))) return false;
  const days = parts.map(Number);
  return days.every((d) => d >= 1 && d <= 28) && new Set(days).size === days.length;
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
      return validDunningDays(v) ? null : 'parameterDunningDays';
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

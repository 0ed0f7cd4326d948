/**
 * The field rules of product-spec part 5, one zod schema per field. Every message is a key of
 * `messages.ts`. The decisions behind each rule are in ../README.md.
 */
import { SOLD_MARKET_CODES, type SoldMarketCode } from '@shelfscan/markets';
import { z } from 'zod';
import { isCommonPassword } from './common-passwords.js';
import type { ValidationMessage } from './messages.js';

/**
 * A check's message. Checks do not abort (zod skips the form-level checks, such as the password
 * confirmation, after an aborting one), but for a length check in front of a pattern: there a value
 * too long for the field never reaches the pattern, so its cost is its length check. When several
 * checks of a field fail, the first one's message is shown (the gateway and @mantine/form both keep
 * the first issue of a field).
 */
const e = (error: ValidationMessage) => ({ error });

/** A word of letters (any alphabet, combining marks allowed after the first letter). */
const WORD = String.raw`\p{L}[\p{L}\p{M}]*`;
/** Words joined by ONE space, hyphen or apostrophe: "O'Brien", "Anne-Marie", "İsmail Hakkı"; 2–50 characters. */
export const PERSON_NAME = new RegExp(String.raw`^(?=.{2,50}$)${WORD}(?:[ '’-]${WORD})*$`, 'u');
/** A card holder: like a person name, and a word may end with a dot ("John A. Smith"). */
export const CARD_HOLDER = new RegExp(String.raw`^(?=.{2,50}$)${WORD}\.?(?:[ '’-]${WORD}\.?)*$`, 'u');

export const NAME_MAX = 50;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const PHONE_MIN_DIGITS = 10;
export const ASIN_LENGTH = 10;
/** Card expiry years are typed with two digits; the full year is this prefix and the two digits. */
export const CARD_YEAR_PREFIX = '20';

/** A required text: trimmed, not empty (`required`), at most `max` characters (`tooLong`). */
export const requiredText = (max: number) =>
  z.string('required').trim().min(1, e('required')).max(max, e('tooLong'));

/** A first name or surname: trimmed, then PERSON_NAME. */
export const personName = (message: 'nameInvalid' | 'surnameInvalid') =>
  z.string(message).trim().regex(PERSON_NAME, e(message));
export const firstName = personName('nameInvalid');
export const lastName = personName('surnameInvalid');

/** An email address: trimmed, at most 254 characters, zod's email pattern (ASCII, a dotted domain). */
export const email = z
  .string('emailInvalid')
  .trim()
  .max(EMAIL_MAX, { ...e('emailInvalid'), abort: true })
  .regex(z.regexes.email, e('emailInvalid'));

/** A new password: 6–128 characters, not one of the most common passwords. */
export const newPassword = z
  .string('passwordMin')
  .min(PASSWORD_MIN, e('passwordMin'))
  .max(PASSWORD_MAX, e('passwordMax'))
  .refine((p) => !isCommonPassword(p), e('passwordCommon'));

/** The password of a login: anything but empty. */
export const loginPassword = z.string('passwordRequired').min(1, e('passwordRequired'));

/** The six-digit code of an activation email or a verification SMS. */
export const sixDigitCode = z
  .string('codeInvalid')
  .trim()
  .regex(/^\d{6}$/, e('codeInvalid'));

/** The key of a password-reset link. */
export const resetKey = z.string('keyRequired').trim().min(1, e('keyRequired')).max(200, e('keyRequired'));

/** The language of the emails. */
export const langKey = z.enum(['tr', 'en'], { error: 'langInvalid' });

/** An ASIN: exactly 10 letters or digits (uppercased). */
export const asin = z
  .string('asinInvalid')
  .trim()
  .regex(new RegExp(`^[A-Za-z0-9]{${ASIN_LENGTH}}$`), e('asinInvalid'))
  .toUpperCase();

/** A list of ASINs typed in one box: separated by commas, line breaks or spaces; at most `max`. */
export const asinList = (max: number) =>
  z
    .string('asinInvalid')
    .transform((text) => text.split(/[\s,]+/).filter(Boolean))
    .pipe(z.array(asin).min(1, e('required')).max(max, e('asinTooMany')));

/**
 * The storefront link of a scan: required, at most 2,000 characters. Whether it is a store of the
 * chosen market is the store-URL intake's verdict (`storeLinkProblem`, checked with the market).
 */
export const storeUrl = requiredText(2000);
/** The file name of a scan's result: required. */
export const fileName = requiredText(100);
/** The longest keyword a scan takes (Amazon's own search box cuts longer ones). */
export const KEYWORD_MAX = 200;
/** The keyword of a scan: optional, at most KEYWORD_MAX characters (`tooLong`). */
export const keyword = z.string('tooLong').trim().max(KEYWORD_MAX, e('tooLong'));
/** The most categories a scan may be restricted to. */
export const CATEGORIES_MAX = 50;
/** The category (browse node) ids of a scan: digits, at most CATEGORIES_MAX (`categoriesInvalid`). */
export const categories = z
  .array(z.string('categoriesInvalid'), 'categoriesInvalid')
  .max(CATEGORIES_MAX, e('categoriesInvalid'))
  .refine((ids) => ids.every((id) => /^\d{1,20}$/.test(id)), e('categoriesInvalid'));

/** The Amazon markets a scan runs in (the sold markets of @shelfscan/markets, by code). */
export const MARKETS = SOLD_MARKET_CODES;
export type Market = SoldMarketCode;
const isMarket = (value: string): value is Market => (MARKETS as readonly string[]).includes(value);
/** The market of a scan by its code (`UK`): none chosen is `required`, another code `marketInvalid`. */
export const market = z
  .string('required')
  .trim()
  .toUpperCase()
  .min(1, e('required'))
  .refine((v) => v === '' || isMarket(v), e('marketInvalid'));

export const STAR_MIN = 0;
export const STAR_MAX = 5;

/** An optional number of a form: '' (an empty number box), null or absent is none. */
const optionalNumber = (check: z.ZodNumber) =>
  z.union([z.literal('').transform(() => null), check]).nullish();

/** A star bound of a functional scan: empty, or 0–5 (`starRange`). */
export const starBound = optionalNumber(
  z.number('starRange').min(STAR_MIN, e('starRange')).max(STAR_MAX, e('starRange')),
);
/** A price bound of a functional scan, in the market's currency: empty, or ≥ 0 (`priceInvalid`). */
export const priceBound = optionalNumber(z.number('priceInvalid').min(0, e('priceInvalid')));

/**
 * The ASINs of an ASIN check typed or uploaded as one text: the rules of `asinList(max)`, reported on
 * the text itself (a form shows one message under its box, not one per list entry).
 */
export const asinText = (max: number) =>
  z.string('required').superRefine((text, ctx) => {
    const issue = asinList(max).safeParse(text).error?.issues[0];
    if (issue) ctx.addIssue({ code: 'custom', message: issue.message });
  });

/** The Luhn checksum of a card number (digits only). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export const cardHolder = z
  .string('required')
  .trim()
  .min(1, e('required'))
  .regex(CARD_HOLDER, e('cardHolderInvalid'));

/** A card number: spaces and hyphens ignored, 12–19 digits, Luhn checksum. */
export const cardNumber = z
  .string('required')
  .overwrite((text) => text.replace(/[\s-]/g, ''))
  .min(1, e('required'))
  .regex(/^\d{12,19}$/, e('cardNumberInvalid'))
  .refine(luhnValid, e('cardNumberInvalid'));

/** The expiry month, 1–12 (one or two digits). */
export const expiryMonth = z
  .string('expiryMonthInvalid')
  .trim()
  .regex(/^(0?[1-9]|1[0-2])$/, e('expiryMonthInvalid'));

/** The expiry year as typed: two digits, the full year being '20' + them. */
export const expiryYear = z
  .string('expiryYearInvalid')
  .trim()
  .regex(/^\d{2}$/, e('expiryYearInvalid'));

/** The full year of a two-digit expiry year ('29' → 2029). */
export function fullExpiryYear(twoDigits: string): number {
  return Number(CARD_YEAR_PREFIX + twoDigits.trim());
}

/** Whether a card expiring at the end of month/year (two digits) has expired on `today`. */
export function cardExpired(month: string, year: string, today: Date): boolean {
  const y = fullExpiryYear(year);
  const m = Number(month);
  return y < today.getUTCFullYear() || (y === today.getUTCFullYear() && m < today.getUTCMonth() + 1);
}

export const cvc = z
  .string('cvcInvalid')
  .trim()
  .regex(/^\d{3,4}$/, e('cvcInvalid'));
export const address = requiredText(200);
export const zip = requiredText(20);
export const city = requiredText(100);
/** The billing contact's name (the API's `billing.contactName`). */
export const contactName = requiredText(100);

/** The card's alias is the first 3 characters of the full name (product spec parts 3 and 9). */
export const CARD_ALIAS_LENGTH = 3;
export function cardAlias(fullName: string): string {
  return Array.from(fullName.trim()).slice(0, CARD_ALIAS_LENGTH).join('');
}

/** Card brands as the payment provider names them (iyzico's `cardAssociation`). */
export type CardBrand = 'VISA' | 'MASTER_CARD' | 'AMERICAN_EXPRESS' | 'TROY';

const BRANDS: readonly [CardBrand, RegExp][] = [
  ['VISA', /^4/],
  // 51–55 and 2221–2720
  ['MASTER_CARD', /^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/],
  ['AMERICAN_EXPRESS', /^3[47]/],
  ['TROY', /^9792/],
];

/** The brand of a card number as typed (spaces and hyphens ignored), from its first digits; null while unknown. */
export function cardBrand(number: string): CardBrand | null {
  const digits = number.replace(/[\s-]/g, '');
  return BRANDS.find(([, prefix]) => prefix.test(digits))?.[0] ?? null;
}

/** A promotion (coupon) code as typed: optional, trimmed, at most 40 characters. */
export const promotionCode = z.string('tooLong').trim().max(40, e('tooLong'));

/** The features a plan can hold (product spec part 3). */
export const PLAN_FEATURES = ['standard', 'deep', 'functional'] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];
const isPlanFeature = (f: string): f is PlanFeature => (PLAN_FEATURES as readonly string[]).includes(f);
/** The features chosen for a plan: at least one, each a known feature. */
export const planFeatures = z
  .array(z.string(), 'required')
  .min(1, e('required'))
  .refine((list) => list.every(isPlanFeature), e('required'));

/**
 * The phone rules (product-spec part 5) and the payloads and forms that carry a phone number. Their
 * own module: they need libphonenumber-js's metadata (about 40 kB gzipped in a browser), which only
 * the forms with a phone number load (register, my information, phone verification), not every form
 * that imports a rule of this package (docs/performance.md, first load).
 */
import { SOLD_MARKETS } from '@shelfscan/markets';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { withConfirmation } from './confirmation.js';
import * as f from './fields.js';
import type { ValidationMessage } from './messages.js';

const e = (error: ValidationMessage) => ({ error });

/** A phone number as typed → E.164 (default region TR), or null when it is not a valid number. */
export function toE164(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), 'TR');
  return parsed?.isValid() ? parsed.number : null;
}

/** The countries a verification SMS goes to (issue 20): Turkey and the countries of the sold markets. */
const SMS_COUNTRIES: ReadonlySet<string> = new Set(['TR', ...SOLD_MARKETS.map((m) => m.countryCode)]);

/**
 * Whether a verification SMS may go to this number: its country (by its numbering plan, not only its
 * calling code: +1 900 is a US premium-rate number, +1 876 Jamaica's) is Turkey or a sold market's.
 */
export function smsPhoneAllowed(e164: string): boolean {
  const country = parsePhoneNumberFromString(e164)?.country;
  return country !== undefined && SMS_COUNTRIES.has(country);
}

const PHONE_CHARS = /^\+?[\d\s().-]+$/;

/** What is wrong with a typed phone number: fewer than 10 digits, other characters, or not a valid number. */
export function phoneProblem(value: string): 'phoneMin' | 'phoneInvalid' | null {
  const v = value.trim();
  if (v.replace(/\D/g, '').length < f.PHONE_MIN_DIGITS) return 'phoneMin';
  if (!PHONE_CHARS.test(v) || toE164(v) === null) return 'phoneInvalid';
  return null;
}

const phoneCheck = (value: string, ctx: z.RefinementCtx) => {
  const problem = value === '' ? null : phoneProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
};

/** An optional phone: empty is none; otherwise at least 10 digits and a valid number (as auth stores it). */
export const optionalPhone = z.string('phoneInvalid').trim().superRefine(phoneCheck);
/** A required phone (the number to verify). */
export const phone = z.string('phoneInvalid').trim().min(1, e('required')).superRefine(phoneCheck);

// ---------------------------------------------------------------------------------------------
// API payloads and web forms with a phone number (the others are in schemas.ts)

export const registerRequest = z.strictObject({
  firstName: f.firstName,
  lastName: f.lastName,
  email: f.email,
  phone: optionalPhone.optional(),
  password: f.newPassword,
  langKey: f.langKey.optional(),
});

export const updateAccountRequest = z.strictObject({
  id: z.string('required').min(1, { error: 'required' }),
  firstName: f.firstName,
  lastName: f.lastName,
  email: f.email,
  /** Empty or null removes it. */
  phone: optionalPhone.nullish(),
  /**
   * The spec's payload names a password, but it changes only by `changePasswordRequest` (with the
   * current one): empty, null or absent is accepted, any other value is a 422 `passwordNotHere`.
   */
  password: z
    .string('passwordNotHere')
    .nullish()
    .refine((v) => !v, e('passwordNotHere')),
});

export const sendVerificationCodeQuery = z.strictObject({ gsm: phone });

export const registerForm = withConfirmation(
  z.object({
    firstName: f.firstName,
    lastName: f.lastName,
    email: f.email,
    phone: optionalPhone,
    password: f.newPassword,
    confirmPassword: z.string('confirmPassword'),
    terms: z.boolean('terms').refine((accepted) => accepted, { error: 'terms' }),
  }),
  'password',
);

/** Phone verification: the number to send the code to, then the code. */
export const phoneVerificationForm = z.object({ phone });

/** My information: names and phone (the password has its own form). */
export const accountInfoForm = z.object({
  firstName: f.firstName,
  lastName: f.lastName,
  phone: optionalPhone,
});

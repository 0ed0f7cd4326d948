/**
 * The shared field rules assembled into the payloads of the API (strict: an unknown field is an
 * error) and into the web forms (the API payload plus what only the form has: confirmation, terms).
 */
import { z } from 'zod';
import * as f from './fields.js';

// ---------------------------------------------------------------------------------------------
// API payloads (gateway DTOs; services re-check with the same fields)

export const registerRequest = z.strictObject({
  firstName: f.firstName,
  lastName: f.lastName,
  email: f.email,
  phone: f.optionalPhone.optional(),
  password: f.newPassword,
  langKey: f.langKey.optional(),
});

export const authenticateRequest = z.strictObject({ email: f.email, password: f.loginPassword });
export const emailRequest = z.strictObject({ email: f.email });
export const activateRequest = z.strictObject({ email: f.email, code: f.sixDigitCode });
export const completePasswordResetRequest = z.strictObject({
  email: f.email,
  key: f.resetKey,
  password: f.newPassword,
});

export const updateAccountRequest = z.strictObject({
  id: z.string('required').min(1, { error: 'required' }),
  firstName: f.firstName,
  lastName: f.lastName,
  email: f.email,
  /** Empty or null removes it. */
  phone: f.optionalPhone.nullish(),
  /** Empty, null or absent keeps the current password. */
  password: f.optionalNewPassword,
});

export const sendVerificationCodeQuery = z.strictObject({ gsm: f.phone });
export const checkVerificationCodeQuery = z.strictObject({ verificationCode: f.sixDigitCode });

// ---------------------------------------------------------------------------------------------
// Web forms

/** The confirmation must equal the password; an empty confirmation is an error when `required`. */
function withConfirmation<S extends z.ZodType<{ password?: string | null; confirmPassword: string }>>(
  schema: S,
  required: boolean,
) {
  return schema.refine(
    (v) => v.confirmPassword === (v.password ?? '') && (!required || v.confirmPassword !== ''),
    {
      path: ['confirmPassword'],
      error: 'confirmPassword',
      // Checked even when other fields fail, so the form shows every problem at once.
      when: (payload) =>
        typeof (payload.value as { confirmPassword?: unknown })?.confirmPassword === 'string',
    },
  );
}

export const registerForm = withConfirmation(
  z.object({
    firstName: f.firstName,
    lastName: f.lastName,
    email: f.email,
    phone: f.optionalPhone,
    password: f.newPassword,
    confirmPassword: z.string('confirmPassword'),
    terms: z.boolean('terms').refine((accepted) => accepted, { error: 'terms' }),
  }),
  true,
);

export const loginForm = z.object({ email: f.email, password: f.loginPassword });
export const forgotPasswordForm = z.object({ email: f.email });

export const resetPasswordForm = withConfirmation(
  z.object({
    email: f.email,
    key: f.resetKey,
    password: f.newPassword,
    confirmPassword: z.string('confirmPassword'),
  }),
  true,
);

export const activationCodeForm = z.object({ code: f.sixDigitCode });

/** Phone verification: the number to send the code to, then the code. */
export const phoneVerificationForm = z.object({ phone: f.phone });
export const verificationCodeForm = z.object({ code: f.sixDigitCode });

/** My information: the password is optional (empty keeps it); when either password box is filled both must match. */
export const accountInfoForm = withConfirmation(
  z.object({
    firstName: f.firstName,
    lastName: f.lastName,
    phone: f.optionalPhone,
    password: f.optionalNewPassword,
    confirmPassword: z.string('confirmPassword'),
  }),
  false,
);

/** Buying a plan: the features (at least one) and an optional promotion code. */
export const planForm = z.object({ features: f.planFeatures, promotionCode: f.promotionCode });

// ---------------------------------------------------------------------------------------------
// Lists and support

/** `?page=0&size=20`: a page from 0, a size from 1 to 100. */
export const pageQuery = z.strictObject({
  page: z.coerce
    .number('pageInvalid')
    .int({ error: 'pageInvalid' })
    .min(0, { error: 'pageInvalid' })
    .optional(),
  size: z.coerce
    .number('pageInvalid')
    .int({ error: 'pageInvalid' })
    .min(1, { error: 'pageInvalid' })
    .max(100, { error: 'pageInvalid' })
    .optional(),
});

/** An admin's user search: a page and a text in the email or the names. */
export const usersQuery = pageQuery.extend({
  search: z.string('tooLong').trim().max(254, { error: 'tooLong' }).optional(),
});

/** The contact form: subject and message required (product spec part 5). */
export const contactForm = z.object({
  contactSubject: f.requiredText(200),
  contactTitle: f.requiredText(5000),
});

/** What the contact form posts; name and mail are shown read-only and taken from the account. */
export const contactRequest = contactForm
  .extend({
    contactName: z.string().optional(),
    contactMail: z.string().optional(),
  })
  .strict();

/** A scan form: file name and store link required, keywords optional. */
export const scanForm = z.object({
  fileName: f.fileName,
  storeUrl: f.storeUrl,
  keywords: f.keywords.optional(),
});

/** A schema a form can validate its values with (the values being the schema's input). */
export type FormSchema<Values> = z.ZodType<unknown, Values>;

/** A store scan of the dashboard (standard or deep): the scan form plus its market and categories. */
export const storeScanForm = scanForm.extend({
  market: f.market,
  categories: z.array(z.string()),
});

type Range = { min?: number | string | null; max?: number | string | null };
const outOfOrder = ({ min, max }: Range) => typeof min === 'number' && typeof max === 'number' && min > max;

/**
 * A functional scan: a store scan with Amazon's Choice, Best Seller, a star range (0–5) and a price
 * range (≥ 0); in each range the minimum may not be above the maximum (`rangeInvalid`, on the maximum).
 */
export const functionalScanForm = storeScanForm
  .extend({
    amazonChoice: z.boolean(),
    bestSeller: z.boolean(),
    minStar: f.starBound,
    maxStar: f.starBound,
    minPrice: f.priceBound,
    maxPrice: f.priceBound,
  })
  .refine((v) => !outOfOrder({ min: v.minStar, max: v.maxStar }), {
    path: ['maxStar'],
    error: 'rangeInvalid',
    when: (payload) => {
      const v = payload.value as { minStar?: unknown; maxStar?: unknown };
      return f.starBound.safeParse(v?.minStar).success && f.starBound.safeParse(v?.maxStar).success;
    },
  })
  .refine((v) => !outOfOrder({ min: v.minPrice, max: v.maxPrice }), {
    path: ['maxPrice'],
    error: 'rangeInvalid',
    when: (payload) => {
      const v = payload.value as { minPrice?: unknown; maxPrice?: unknown };
      return f.priceBound.safeParse(v?.minPrice).success && f.priceBound.safeParse(v?.maxPrice).success;
    },
  });

/** The ASIN check ("ASIN details form"): file name, market and at most `max` ASINs in one text. */
export const asinCheckForm = (max: number) =>
  z.object({ fileName: f.fileName, market: f.market, asins: f.asinText(max) });

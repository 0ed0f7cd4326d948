/**
 * The shared field rules assembled into the payloads of the API (strict: an unknown field is an
 * error) and into the web forms (the API payload plus what only the form has: confirmation, terms).
 */
import {
  marketByCode,
  marketsFor,
  parseStoreUrl,
  StoreUrlError,
  type MarketScanType,
  type StoreUrlErrorCode,
} from '@shelfscan/markets';
import { z } from 'zod';
import { withConfirmation } from './confirmation.js';
import * as f from './fields.js';
import type { ValidationMessage } from './messages.js';

const e = (error: ValidationMessage) => ({ error });

// ---------------------------------------------------------------------------------------------
// API payloads (gateway DTOs; services re-check with the same fields)

export const authenticateRequest = z.strictObject({ email: f.email, password: f.loginPassword });
export const emailRequest = z.strictObject({ email: f.email });
export const activateRequest = z.strictObject({ email: f.email, code: f.sixDigitCode });
export const completePasswordResetRequest = z.strictObject({
  email: f.email,
  key: f.resetKey,
  password: f.newPassword,
});

/** POST /api/account/change-password: the current password, and a new one by the password rules. */
export const changePasswordRequest = z.strictObject({
  currentPassword: f.loginPassword,
  newPassword: f.newPassword,
});

export const checkVerificationCodeQuery = z.strictObject({ verificationCode: f.sixDigitCode });

// ---------------------------------------------------------------------------------------------
// Web forms

export const loginForm = z.object({ email: f.email, password: f.loginPassword });
export const forgotPasswordForm = z.object({ email: f.email });

export const resetPasswordForm = withConfirmation(
  z.object({
    email: f.email,
    key: f.resetKey,
    password: f.newPassword,
    confirmPassword: z.string('confirmPassword'),
  }),
  'password',
);

export const activationCodeForm = z.object({ code: f.sixDigitCode });

export const verificationCodeForm = z.object({ code: f.sixDigitCode });

/** Change password: the current password, the new one by the password rules, and the new one again. */
export const changePasswordForm = withConfirmation(
  z.object({
    currentPassword: f.loginPassword,
    newPassword: f.newPassword,
    confirmPassword: z.string('confirmPassword'),
  }),
  'newPassword',
);

/** Buying a plan: the features (at least one) and an optional promotion code. */
export const planForm = z.object({ features: f.planFeatures, promotionCode: f.promotionCode });

// ---------------------------------------------------------------------------------------------
// Lists and support

/** The largest size of a page. */
const SIZE_MAX = 100;
/**
 * The largest page: the bus carries a page and the offset of its first row (page × size) as int32s,
 * so a page whose first row lies beyond an int32 at the largest size is a 422, never a 500.
 */
const PAGE_MAX = Math.floor((2 ** 31 - 1) / SIZE_MAX);

/** `?page=0&size=20`: a page from 0 (to about 21 million), a size from 1 to 100. */
export const pageQuery = z.strictObject({
  page: z.coerce
    .number('pageInvalid')
    .int({ error: 'pageInvalid' })
    .min(0, { error: 'pageInvalid' })
    .max(PAGE_MAX, { error: 'pageInvalid' })
    .optional(),
  size: z.coerce
    .number('pageInvalid')
    .int({ error: 'pageInvalid' })
    .min(1, { error: 'pageInvalid' })
    .max(SIZE_MAX, { error: 'pageInvalid' })
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

/** A schema a form can validate its values with (the values being the schema's input). */
export type FormSchema<Values> = z.ZodType<unknown, Values>;

/**
 * Scans (product spec parts 3, 5 and 6): one set of rules for the web's dialogs, the gateway's
 * `POST /api/search-info[/functional-search|/asin-check]` and the search service. The field names are
 * the API's (`keyword`, `minStar`, `amazonChoice`, ...), in the form, the API and the contracts.
 */
const scanFields = {
  fileName: f.fileName,
  storeUrl: f.storeUrl,
  market: f.market,
  keyword: f.keyword.optional(),
};

/** The scan types of a store scan and the markets each runs in (@shelfscan/markets). */
export const SCAN_TYPES = ['standard', 'deep', 'functional'] as const satisfies readonly MarketScanType[];
export type ScanType = (typeof SCAN_TYPES)[number];

const NOT_IN_MARKET: Record<ScanType, ValidationMessage | null> = {
  standard: null,
  deep: 'deepNotInMarket',
  functional: 'functionalNotInMarket',
};

/**
 * The checks of a store link against the chosen market (the store-URL intake of @shelfscan/markets):
 * the intake's verdict on `storeUrl` (`storeUrlNotAmazon`, ..., `storeUrlWrongMarket`), and, for a deep
 * or functional scan, whether the market sells it (`deepNotInMarket` / `functionalNotInMarket` on
 * `market`). Skipped while the link or the market fail their own rules (they have their message).
 */
function storeChecks(type: ScanType | ((value: Record<string, unknown>) => ScanType | undefined)) {
  return (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const code = typeof value.market === 'string' ? value.market.trim().toUpperCase() : '';
    const chosen = f.market.safeParse(code).success ? marketByCode(code) : undefined;
    const url = typeof value.storeUrl === 'string' ? value.storeUrl : '';
    const problem = f.storeUrl.safeParse(url).success ? storeLinkProblem(url, chosen?.code) : null;
    if (problem) ctx.addIssue({ code: 'custom', path: ['storeUrl'], message: problem });
    const scanType = typeof type === 'function' ? type(value) : type;
    const notIn = scanType ? NOT_IN_MARKET[scanType] : null;
    if (chosen && notIn && !marketsFor(scanType!).includes(chosen))
      ctx.addIssue({ code: 'custom', path: ['market'], message: notIn });
  };
}

/** What the store-URL intake says of a pasted link for a market: null when it is a store of that market. */
export function storeLinkProblem(url: string, market: string | undefined): ValidationMessage | null {
  try {
    const ref = parseStoreUrl(url);
    return market && ref.market.code !== market ? 'storeUrlWrongMarket' : null;
  } catch (err) {
    if (err instanceof StoreUrlError) return STORE_URL_MESSAGES[err.code];
    throw err;
  }
}

/** The message key of each rejection of the store-URL intake. */
export const STORE_URL_MESSAGES: Record<StoreUrlErrorCode, ValidationMessage> = {
  NOT_A_URL: 'storeUrlNotAUrl',
  NOT_AMAZON: 'storeUrlNotAmazon',
  MARKET_NOT_SUPPORTED: 'storeUrlMarketNotSupported',
  NO_SELLER_ID: 'storeUrlNoSellerId',
  INVALID_SELLER_ID: 'storeUrlInvalidSellerId',
};

type Range = { min?: unknown; max?: unknown };
const outOfOrder = ({ min, max }: Range) => typeof min === 'number' && typeof max === 'number' && min > max;

/** In each range the minimum may not be above the maximum: `rangeInvalid`, on the maximum. */
function orderedRanges(value: Record<string, unknown>, ctx: z.RefinementCtx) {
  const ranges: [string, string, z.ZodType][] = [
    ['minStar', 'maxStar', f.starBound],
    ['minPrice', 'maxPrice', f.priceBound],
  ];
  for (const [min, max, bound] of ranges) {
    const both = bound.safeParse(value[min]).success && bound.safeParse(value[max]).success;
    if (both && outOfOrder({ min: value[min], max: value[max] }))
      ctx.addIssue({ code: 'custom', path: [max], message: 'rangeInvalid' });
  }
}

/** The filters of a functional scan: Amazon's Choice, Best Seller, stars 0–5 and prices ≥ 0, each optional. */
const functionalFields = {
  amazonChoice: z.boolean('booleanInvalid').optional(),
  bestSeller: z.boolean('booleanInvalid').optional(),
  minStar: f.starBound,
  maxStar: f.starBound,
  minPrice: f.priceBound,
  maxPrice: f.priceBound,
};

/** The filter values of a functional scan as a form, the API or a stored scan hold them (null: not set). */
export interface FunctionalFilterValues {
  amazonChoice?: boolean | null;
  bestSeller?: boolean | null;
  minStar?: number | null;
  maxStar?: number | null;
  minPrice?: number | null;
  maxPrice?: number | null;
}

/**
 * The filters of a functional scan as the contracts carry them (`search.v1.FunctionalFilters`, whose
 * fields are optional): a filter that is not set is absent, never null. Used by the gateway for a new
 * scan and by the search service to run a stored one again.
 */
export function functionalFilters(v: FunctionalFilterValues) {
  return {
    amazonChoice: v.amazonChoice ?? undefined,
    bestSeller: v.bestSeller ?? undefined,
    minStar: v.minStar ?? undefined,
    maxStar: v.maxStar ?? undefined,
    minPrice: v.minPrice ?? undefined,
    maxPrice: v.maxPrice ?? undefined,
  };
}

/**
 * What a scan was asked for, as the search service stores it and the API answers it (null: not set;
 * the filters are a functional scan's). `M` narrows the market code where the reader knows the list.
 */
export interface ScanInputs<M extends string = string> {
  fileName: string;
  storeUrl: string | null;
  sellerId: string | null;
  keyword: string | null;
  market: M;
  categories: string[];
  minPrice: number | null;
  maxPrice: number | null;
  minStar: number | null;
  maxStar: number | null;
  amazonChoice: boolean;
  bestSeller: boolean;
}

/** POST /api/search-info: a standard or deep scan of a store. */
export const scanRequest = z
  .strictObject({
    ...scanFields,
    searchType: z.enum(['standard', 'deep'], { error: 'searchTypeInvalid' }),
    categories: f.categories.optional(),
  })
  .superRefine(storeChecks((v) => (v.searchType === 'deep' ? 'deep' : 'standard')));

/** POST /api/search-info/functional-search: a store scan with the functional filters. */
export const functionalScanRequest = z
  .strictObject({ ...scanFields, categories: f.categories.optional(), ...functionalFields })
  .superRefine(storeChecks('functional'))
  .superRefine(orderedRanges);

/** POST /api/search-info/estimate: the wait before a store scan, from the scan form's store fields. */
export const scanEstimateRequest = z
  .strictObject({
    searchType: z.enum(['standard', 'deep', 'functional', 'FUNCTIONAL'], { error: 'searchTypeInvalid' }),
    storeUrl: f.storeUrl,
    market: f.market,
    keyword: f.keyword.optional(),
    categories: f.categories.optional(),
  })
  .superRefine(
    storeChecks((v) =>
      typeof v.searchType === 'string' &&
      (SCAN_TYPES as readonly string[]).includes(v.searchType.toLowerCase())
        ? (v.searchType.toLowerCase() as ScanType)
        : undefined,
    ),
  );

/** Stores one batch may scan at once (issue 19). */
export const BATCH_MAX_STORES = 50;

/**
 * POST /api/search-info/batch and the create dialog's many-stores mode: one market and scan type,
 * 1–50 store links. Each line is checked as a scan's link (the store-URL intake, the chosen market)
 * and a bad one is named by its line: the issue's path is `storeUrls.<line>`, lines counted from 1.
 */
export const batchScanRequest = z
  .strictObject({
    searchType: z.enum(['standard', 'deep'], { error: 'searchTypeInvalid' }),
    market: f.market,
    fileName: f.fileName,
    keyword: f.keyword.optional(),
    storeUrls: z
      .array(z.string('storeUrlNotAUrl'), 'required')
      .min(1, 'required')
      .max(BATCH_MAX_STORES, 'batchTooManyStores'),
  })
  .superRefine((value, ctx) => {
    const lines: unknown[] = Array.isArray(value.storeUrls) ? value.storeUrls : [];
    if (lines.length > BATCH_MAX_STORES) return;
    const code = typeof value.market === 'string' ? value.market.trim().toUpperCase() : '';
    const chosen = f.market.safeParse(code).success ? marketByCode(code) : undefined;
    if (chosen && value.searchType === 'deep' && !marketsFor('deep').includes(chosen))
      ctx.addIssue({ code: 'custom', path: ['market'], message: 'deepNotInMarket' });
    lines.forEach((line, i) => {
      const text = f.storeUrl.safeParse(line);
      const problem = text.success
        ? storeLinkProblem(text.data, chosen?.code)
        : (text.error.issues[0]?.message ?? 'required');
      if (problem) ctx.addIssue({ code: 'custom', path: ['storeUrls', String(i + 1)], message: problem });
    });
  });

/** The lines of a pasted or uploaded list of store links: one a line (a CSV's first cell), blanks left out. */
export function storeLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) =>
      l
        .split(/[,;\t]/)[0]!
        .trim()
        .replace(/^"|"$/g, ''),
    )
    .filter(Boolean);
}

/** The create dialog of a standard or deep scan: the request's rules on the form's values. */
export const storeScanForm = (type: 'standard' | 'deep') =>
  z.object({ ...scanFields, categories: f.categories }).superRefine(storeChecks(type));

/** The create dialog of a functional scan. */
export const functionalScanForm = z
  .object({ ...scanFields, categories: f.categories, ...functionalFields })
  .superRefine(storeChecks('functional'))
  .superRefine(orderedRanges);

/**
 * Trackers (issue 18): a store scanned again on a schedule, daily or weekly, at an hour of Istanbul's
 * clock (0–23; the weekday 1 = Monday … 7 = Sunday for a weekly one), with a standard or deep scan, and
 * which alert channels it uses. One set of rules for the dialog, `POST|PUT /api/trackers` and the search
 * service.
 */
export const TRACKER_SCHEDULES = ['daily', 'weekly'] as const;
export type TrackerSchedule = (typeof TRACKER_SCHEDULES)[number];
const trackerFields = {
  storeUrl: f.storeUrl,
  market: f.market,
  keyword: f.keyword.optional(),
  fileName: f.fileName.optional(),
  searchType: z.enum(['standard', 'deep'], { error: 'trackerTypeInvalid' }),
  schedule: z.enum(TRACKER_SCHEDULES, { error: 'scheduleInvalid' }),
  hour: z
    .number('hourInvalid')
    .int(e('hourInvalid'))
    .min(0, e('hourInvalid'))
    .max(23, e('hourInvalid'))
    .optional(),
  weekday: z
    .number('weekdayInvalid')
    .int(e('weekdayInvalid'))
    .min(1, e('weekdayInvalid'))
    .max(7, e('weekdayInvalid'))
    .optional(),
  alerts: z
    .strictObject({
      email: z.boolean('booleanInvalid').optional(),
      webhook: z.boolean('booleanInvalid').optional(),
      telegram: z.boolean('booleanInvalid').optional(),
    })
    .optional(),
};
const trackerScanType = (v: Record<string, unknown>) => (v.searchType === 'deep' ? 'deep' : 'standard');

/** POST /api/trackers and PUT /api/trackers/{id} (the whole tracker). */
export const trackerRequest = z.strictObject(trackerFields).superRefine(storeChecks(trackerScanType));

/** The tracker dialog: the request's rules on the form's values. */
export const trackerForm = z.object(trackerFields).superRefine(storeChecks(trackerScanType));

/** The events a webhook may subscribe to (issue 18). */
export const WEBHOOK_EVENTS = ['tracker.changed', 'scan.completed'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

const absoluteHttpUrl = (v: string) => {
  try {
    const url = new URL(v);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !!url.hostname;
  } catch {
    return false;
  }
};

/**
 * POST /api/webhooks and the webhook form: a URL (https to a public address is the search service's
 * rule, which knows WEBHOOK_ALLOW_PRIVATE_TARGETS and resolves the name), one or more events, an
 * optional description.
 */
export const webhookRequest = z.strictObject({
  url: z
    .string('required')
    .trim()
    .min(1, e('required'))
    .max(2000, e('tooLong'))
    .refine(absoluteHttpUrl, e('webhookUrlInvalid')),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: 'webhookEventsInvalid' }), { error: 'webhookEventsInvalid' })
    .min(1, e('webhookEventsInvalid')),
  description: z.string('tooLong').trim().max(200, e('tooLong')).optional(),
});

/** Longest ASIN text an ASIN check takes (the list limit is checked with the system parameter). */
const ASIN_TEXT_MAX = 300_000;

/**
 * POST /api/search-info/asin-check: a file name, a market and the ASINs as one text (as typed or
 * uploaded) or as a list, each ASIN 10 letters or digits; the count against the list limit (a system
 * parameter) is the search service's check with `asinList(limit)`, the form's with `asinCheckForm(limit)`.
 */
export const asinCheckRequest = z.strictObject({
  fileName: f.fileName,
  market: f.market,
  asins: z.preprocess(
    // A list of texts is one per line; a list of anything else is refused by the rule, not by join().
    (v) => (Array.isArray(v) && v.every((a) => typeof a === 'string') ? v.join('\n') : v),
    f.asinText(Number.MAX_SAFE_INTEGER).refine((text) => text.length <= ASIN_TEXT_MAX, e('asinTooMany')),
  ),
});

/** The ASIN check ("ASIN details form"): file name, market and at most `max` ASINs in one text. */
export const asinCheckForm = (max: number) =>
  z.object({ fileName: f.fileName, market: f.market, asins: f.asinText(max) });

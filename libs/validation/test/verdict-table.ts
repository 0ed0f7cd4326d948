/**
 * One table of inputs and the verdict every side must give (null = accepted, else the message key of
 * the field). The web runs it through its form schemas with @mantine/form's resolver
 * (web/src/lib/form.verdicts.spec.ts), the gateway through its real validation pipe and DTOs
 * (gateway/src/account/account.dto.spec.ts). Both expect these verdicts, so both give the same ones.
 */
import type { CardFormValues } from '../src/card.js';
import type { ValidationMessage } from '../src/messages.js';

/** Which web form and which API payload share the field. */
export type VerdictForm =
  'register' | 'login' | 'resetPassword' | 'accountInfo' | 'changePassword' | 'activationCode';

export interface VerdictRow {
  form: VerdictForm;
  field: string;
  value: string;
  verdict: ValidationMessage | null;
  /** Why the row is there, when the value alone does not say. */
  why?: string;
}

/** Valid values of each form; a row changes one field of them. */
export const VALID: Record<VerdictForm, Record<string, string>> = {
  register: {
    firstName: 'Ayşe',
    lastName: 'Yılmaz',
    email: 'ayse@example.com',
    phone: '',
    password: 'secret1',
  },
  login: { email: 'ayse@example.com', password: 'x' },
  resetPassword: { email: 'ayse@example.com', key: 'k3y', password: 'secret1' },
  accountInfo: { firstName: 'Ayşe', lastName: 'Yılmaz', phone: '' },
  changePassword: { currentPassword: 'old-secret', newPassword: 'secret1' },
  activationCode: { email: 'ayse@example.com', code: '123456' },
};

const rows = (
  form: VerdictForm,
  field: string,
  list: [string, ValidationMessage | null, string?][],
): VerdictRow[] => list.map(([value, verdict, why]) => ({ form, field, value, verdict, why }));

export const VERDICTS: VerdictRow[] = [
  ...rows('register', 'firstName', [
    ["O'Brien", null, 'an apostrophe between letters'],
    ['D’Angelo', null, 'the typographic apostrophe'],
    ['Anne-Marie', null],
    ['Anne--Marie', 'nameInvalid', 'doubled separator'],
    ['Jo Ann', null],
    ['Jo  Ann', 'nameInvalid', 'two spaces'],
    ['İsmail Hakkı', null, 'Turkish letters'],
    ['  Ayşe  ', null, 'trimmed'],
    ['José', null],
    ['A', 'nameInvalid', 'one letter'],
    ['Ali3', 'nameInvalid', 'a digit'],
    ['--', 'nameInvalid'],
    ["O'", 'nameInvalid', 'a separator must stand between letters'],
    ['-Ann', 'nameInvalid'],
    ['x'.repeat(50), null],
    ['x'.repeat(51), 'nameInvalid'],
    ['', 'nameInvalid'],
  ]),
  ...rows('register', 'lastName', [
    ['Öztürk-Şahin', null],
    ["O'Brien", null],
    ['Yılmaz--Kaya', 'surnameInvalid'],
    ['', 'surnameInvalid'],
  ]),
  ...rows('register', 'email', [
    ['cagri@example.com.tr', null],
    [' a@b.co ', null, 'trimmed'],
    ['a@b', 'emailInvalid'],
    ['a b@c.com', 'emailInvalid'],
    ['@c.com', 'emailInvalid'],
    ['', 'emailInvalid'],
    [`${'a'.repeat(245)}@example.com`, 'emailInvalid', 'longer than 254'],
  ]),
  ...rows('register', 'phone', [
    ['', null, 'optional'],
    ['0555 123 45 67', null],
    ['+90 (555) 123-45-67', null],
    ['+1 415 555 2671', null],
    ['123', 'phoneMin'],
    ['555 123 45', 'phoneMin', 'nine digits'],
    ['55512345ab', 'phoneMin'],
    ['1234567890123456', 'phoneInvalid', '16 digits: longer than E.164 allows'],
    ['+90 555 123 45 67 8', 'phoneInvalid', 'one digit too many for Türkiye'],
    ['12345678901', 'phoneInvalid', 'not a number of any plan'],
    ['0555 123 45 67 x', 'phoneInvalid', 'a letter'],
  ]),
  ...rows('register', 'password', [
    ['secret1', null],
    ['12345', 'passwordMin', 'short password'],
    ['', 'passwordMin'],
    ['password', 'passwordCommon'],
    ['Galatasaray', 'passwordCommon', 'case-insensitive'],
    ['y'.repeat(128), null],
    ['y'.repeat(129), 'passwordMax'],
  ]),
  ...rows('login', 'email', [
    ['ayse@example.com', null],
    ['nope', 'emailInvalid'],
  ]),
  ...rows('login', 'password', [
    ['1', null, 'any password may log in'],
    ['', 'passwordRequired'],
  ]),
  ...rows('resetPassword', 'key', [
    ['k3y', null],
    ['   ', 'keyRequired'],
    ['k'.repeat(201), 'keyRequired'],
  ]),
  ...rows('resetPassword', 'password', [
    ['12345', 'passwordMin'],
    ['123456', 'passwordCommon'],
    ['secret1', null],
  ]),
  ...rows('accountInfo', 'firstName', [
    ["O'Brien", null],
    ['Jo  Ann', 'nameInvalid'],
  ]),
  ...rows('accountInfo', 'phone', [
    ['', null, 'empty removes it'],
    ['1234567890123456', 'phoneInvalid'],
    ['123', 'phoneMin'],
    ['0532 123 45 67', null],
  ]),
  ...rows('changePassword', 'currentPassword', [
    ['1', null, 'any current password is checked by the auth service'],
    ['', 'passwordRequired'],
  ]),
  ...rows('changePassword', 'newPassword', [
    ['', 'passwordMin'],
    ['12345', 'passwordMin'],
    ['qwerty', 'passwordCommon'],
    ['y'.repeat(129), 'passwordMax'],
    ['n3w-secret', null],
  ]),
  ...rows('activationCode', 'code', [
    ['123456', null],
    [' 123456 ', null, 'trimmed'],
    ['12345', 'codeInvalid'],
    ['12345a', 'codeInvalid'],
  ]),
];

/**
 * Cards: one table for the web's card form (`cardForm`, through @mantine/form's resolver) and the
 * gateway's `POST /api/card` (`cardRequest`, through its validation pipe, fed `cardRequestOf(values)`:
 * what the form sends), both on CARD_TODAY (web/src/features/payment/components/CardForm.verdicts.spec.ts,
 * gateway/src/billing/billing.dto.spec.ts). A row changes the form's values of VALID_CARD.
 */
export const CARD_TODAY = new Date('2026-11-15T12:00:00Z');

export const VALID_CARD: CardFormValues = {
  cardHolder: 'Ayşe Yılmaz',
  cardNumber: '5528 7900 0000 0008',
  expiryMonth: '07',
  expiryYear: '30',
  cvc: '123',
  contactName: 'Ayşe Yılmaz',
  address: 'Bağdat Cad. 5',
  zip: '34710',
  city: 'Kadıköy',
  country: 'TR',
  region: '34',
};

export interface CardVerdictRow {
  case: string;
  /** What differs from VALID_CARD. */
  card: Partial<CardFormValues>;
  /** The form field the verdict is about (null = accepted). */
  field: keyof CardFormValues | null;
  verdict: ValidationMessage | null;
}

const ok = (name: string, card: Partial<CardFormValues>): CardVerdictRow => ({
  case: name,
  card,
  field: null,
  verdict: null,
});
const bad = (
  name: string,
  card: Partial<CardFormValues>,
  field: keyof CardFormValues,
  verdict: ValidationMessage,
): CardVerdictRow => ({ case: name, card, field, verdict });

export const CARD_VERDICTS: CardVerdictRow[] = [
  ok('valid (TR, İstanbul)', {}),
  ok('valid: a US state', { country: 'US', region: 'CA', city: 'San Francisco', zip: '94103' }),
  ok('valid: a UK county', { country: 'GB', region: 'LND', city: 'London', zip: 'EC1A 1BB' }),
  ok('valid: a country without built-in regions', { country: 'DE', region: '', city: 'Berlin' }),
  ok('valid: a four-digit CVC', { cvc: '1234' }),
  ok('valid: expires at the end of this month', { expiryMonth: '11', expiryYear: '26' }),
  ok('valid: a 16-digit Visa test card', { cardNumber: '4111 1111 1111 1111' }),
  bad('bad Luhn', { cardNumber: '5528 7900 0000 0009' }, 'cardNumber', 'cardNumberInvalid'),
  bad('11 digits', { cardNumber: '5528 7900 000' }, 'cardNumber', 'cardNumberInvalid'),
  bad('20 digits', { cardNumber: '5528 7900 0000 0008 0000' }, 'cardNumber', 'cardNumberInvalid'),
  bad('expired last month', { expiryMonth: '10', expiryYear: '26' }, 'expiryYear', 'cardExpired'),
  bad('expired last year', { expiryMonth: '12', expiryYear: '25' }, 'expiryYear', 'cardExpired'),
  bad('month 13', { expiryMonth: '13' }, 'expiryMonth', 'expiryMonthInvalid'),
  bad('a CVC of 2 digits', { cvc: '12' }, 'cvc', 'cvcInvalid'),
  bad('a CVC of 5 digits', { cvc: '12345' }, 'cvc', 'cvcInvalid'),
  bad('missing region for TR', { region: '' }, 'region', 'required'),
  bad("a US state's code for TR", { region: 'CA' }, 'region', 'required'),
  bad('missing region for the UK', { country: 'GB', region: '', city: 'London' }, 'region', 'required'),
  bad('missing state for the US', { country: 'US', region: '' }, 'region', 'required'),
  bad('a holder with a digit', { cardHolder: 'Ayşe 3' }, 'cardHolder', 'cardHolderInvalid'),
  bad('no address', { address: '  ' }, 'address', 'required'),
  bad('no zip code', { zip: '' }, 'zip', 'required'),
];

/**
 * Scans: one table for the web's create dialogs (`storeScanForm(type)`, `functionalScanForm`,
 * `asinCheckForm(limit)` through @mantine/form's resolver: web/src/features/dashboard/components/
 * ScanDialog.verdicts.spec.ts), the gateway's `POST /api/search-info[/functional-search|/asin-check]`
 * (its validation pipe and DTOs: gateway/src/search/search.dto.spec.ts) and the search service's rules
 * (services/search/src/todos/scan-rules.spec.ts). A row changes the API payload of VALID_SCANS; the
 * verdict is the first message of `field` (null = accepted).
 */
export type ScanVerdictForm = 'scan' | 'functionalScan' | 'asinCheck';

const SELLER = 'A2DP2EEPU3VU45';
const ca = `https://www.amazon.ca/s?me=${SELLER}`;
const uk = `https://www.amazon.co.uk/s?me=${SELLER}`;

export const VALID_SCANS: Record<ScanVerdictForm, Record<string, unknown>> = {
  scan: { searchType: 'standard', fileName: 'Kamp mağazası', storeUrl: ca, market: 'CA', keyword: 'çadır' },
  functionalScan: {
    fileName: 'Kamp mağazası',
    storeUrl: ca,
    market: 'CA',
    amazonChoice: true,
    bestSeller: false,
    minStar: 3,
    maxStar: 5,
    minPrice: 10,
    maxPrice: 100,
  },
  asinCheck: { fileName: 'Kontrol listesi', market: 'UK', asins: 'B0ABCDEFGH, B0ABCDEFGI' },
};

export interface ScanVerdictRow {
  form: ScanVerdictForm;
  case: string;
  /** What differs from VALID_SCANS[form]. */
  change: Record<string, unknown>;
  field: string | null;
  verdict: ValidationMessage | null;
}

const scanRows = (
  form: ScanVerdictForm,
  list: [string, Record<string, unknown>, string | null, ValidationMessage | null][],
): ScanVerdictRow[] =>
  list.map(([name, change, field, verdict]) => ({ form, case: name, change, field, verdict }));

export const SCAN_VERDICTS: ScanVerdictRow[] = [
  ...scanRows('scan', [
    ['valid', {}, null, null],
    ['the United Kingdom by its code UK', { market: 'UK', storeUrl: uk }, null, null],
    ['a deep scan in the UK', { searchType: 'deep', market: 'UK', storeUrl: uk }, null, null],
    ['GB is not a market code', { market: 'GB', storeUrl: uk }, 'market', 'marketInvalid'],
    ['no market chosen', { market: '' }, 'market', 'required'],
    [
      'a deep scan in Australia',
      { searchType: 'deep', market: 'AU', storeUrl: `https://www.amazon.com.au/s?me=${SELLER}` },
      'market',
      'deepNotInMarket',
    ],
    ['a link without scheme', { storeUrl: `amazon.ca/s?me=${SELLER}` }, null, null],
    ['a seller profile link', { storeUrl: `https://www.amazon.ca/sp?seller=${SELLER}` }, null, null],
    ['no file name', { fileName: '  ' }, 'fileName', 'required'],
    ['a file name of 101 characters', { fileName: 'x'.repeat(101) }, 'fileName', 'tooLong'],
    ['no store link', { storeUrl: '' }, 'storeUrl', 'required'],
    ['not a link', { storeUrl: 'my favourite store' }, 'storeUrl', 'storeUrlNotAUrl'],
    ['not Amazon', { storeUrl: 'https://www.ebay.com/str/x' }, 'storeUrl', 'storeUrlNotAmazon'],
    [
      'a market ShelfScan does not scan',
      { storeUrl: `https://www.amazon.de/s?me=${SELLER}` },
      'storeUrl',
      'storeUrlMarketNotSupported',
    ],
    [
      'no seller in the link',
      { storeUrl: 'https://www.amazon.ca/s?k=tent' },
      'storeUrl',
      'storeUrlNoSellerId',
    ],
    ['a link of another market', { storeUrl: uk }, 'storeUrl', 'storeUrlWrongMarket'],
    ['a keyword of 200 characters', { keyword: 'k'.repeat(200) }, null, null],
    ['a keyword of 201 characters', { keyword: 'k'.repeat(201) }, 'keyword', 'tooLong'],
    ['a category that is not a node id', { categories: ['Books'] }, 'categories', 'categoriesInvalid'],
  ]),
  ...scanRows('functionalScan', [
    ['valid', {}, null, null],
    ['Mexico', { market: 'MX', storeUrl: `https://www.amazon.com.mx/s?me=${SELLER}` }, null, null],
    ['the UK sells no functional scan', { market: 'UK', storeUrl: uk }, 'market', 'functionalNotInMarket'],
    ['stars above 5', { minStar: 6 }, 'minStar', 'starRange'],
    ['stars below 0', { maxStar: -1 }, 'maxStar', 'starRange'],
    ['min stars above max', { minStar: 4, maxStar: 3 }, 'maxStar', 'rangeInvalid'],
    ['min stars equal to max', { minStar: 3, maxStar: 3 }, null, null],
    ['a negative price', { minPrice: -1 }, 'minPrice', 'priceInvalid'],
    ['min price above max', { minPrice: 100, maxPrice: 10 }, 'maxPrice', 'rangeInvalid'],
    ['a keyword of 201 characters', { keyword: 'k'.repeat(201) }, 'keyword', 'tooLong'],
  ]),
  ...scanRows('asinCheck', [
    ['valid', {}, null, null],
    ['GB is not a market code', { market: 'GB' }, 'market', 'marketInvalid'],
    ['no file name', { fileName: '' }, 'fileName', 'required'],
    ['no ASINs', { asins: '' }, 'asins', 'required'],
    ['an ASIN of 7 characters', { asins: 'B0ABCDEFGH B0SHORT' }, 'asins', 'asinInvalid'],
  ]),
];

/**
 * Trackers (issue 18): the `trackerRequest` payload of `POST|PUT /api/trackers`. The gateway's DTO
 * (gateway/src/search/trackers.dto.spec.ts) and the search service (its scan-rules.spec.ts) give
 * these verdicts; the web's tracker dialog is to run them through `trackerForm`. A row changes
 * VALID_TRACKER; the verdict is the first message of `field` (null = accepted).
 */
export const VALID_TRACKER: Record<string, unknown> = {
  storeUrl: ca,
  market: 'CA',
  searchType: 'standard',
  schedule: 'daily',
  hour: 6,
};

export const TRACKER_VERDICTS: Omit<ScanVerdictRow, 'form'>[] = [
  ['valid', {}, null, null],
  ['only the required fields', { hour: undefined }, null, null],
  [
    'weekly on Sunday at 23 with a keyword, a label and alerts',
    {
      schedule: 'weekly',
      weekday: 7,
      hour: 23,
      keyword: 'çadır',
      fileName: 'Rakip',
      alerts: { email: false, webhook: true },
    },
    null,
    null,
  ],
  ['a deep tracker in the UK', { searchType: 'deep', market: 'UK', storeUrl: uk }, null, null],
  [
    'a deep tracker in Australia',
    { searchType: 'deep', market: 'AU', storeUrl: `https://www.amazon.com.au/s?me=${SELLER}` },
    'market',
    'deepNotInMarket',
  ],
  ['a functional tracker', { searchType: 'functional' }, 'searchType', 'trackerTypeInvalid'],
  ['hourly', { schedule: 'hourly' }, 'schedule', 'scheduleInvalid'],
  ['no schedule', { schedule: undefined }, 'schedule', 'scheduleInvalid'],
  ['hour 24', { hour: 24 }, 'hour', 'hourInvalid'],
  ['hour -1', { hour: -1 }, 'hour', 'hourInvalid'],
  ['hour 6.5', { hour: 6.5 }, 'hour', 'hourInvalid'],
  ['weekday 0', { schedule: 'weekly', weekday: 0 }, 'weekday', 'weekdayInvalid'],
  ['weekday 8', { schedule: 'weekly', weekday: 8 }, 'weekday', 'weekdayInvalid'],
  ['not a link', { storeUrl: 'my favourite store' }, 'storeUrl', 'storeUrlNotAUrl'],
  ['a link of another market', { storeUrl: uk }, 'storeUrl', 'storeUrlWrongMarket'],
  ['no store link', { storeUrl: '' }, 'storeUrl', 'required'],
  ['a label of 101 characters', { fileName: 'x'.repeat(101) }, 'fileName', 'tooLong'],
].map(([name, change, field, verdict]) => ({
  case: name as string,
  change: change as Record<string, unknown>,
  field: field as string | null,
  verdict: verdict as ValidationMessage | null,
}));

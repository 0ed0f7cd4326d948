/**
 * The card form (product spec parts 3 and 5) and the card payload of `POST /api/card`: the card
 * fields of `fields.ts` and a billing address whose country and region come from the built-in lists
 * of `places.ts`. Kept apart from the other rules so that only the card's code carries the lists
 * (the package has no side effects).
 */
import { z } from 'zod';
import * as f from './fields.js';
import { COUNTRIES, countryByIso2, regionsOf, type Place } from './places.js';

/** The billing country: the iso2 code of one of the built-in COUNTRIES (`required` otherwise). */
export const country = z
  .string('required')
  .trim()
  .refine((code) => !!countryByIso2(code), { error: 'required' });

/** A built-in country by its iso2 code or its name in the list ("TR", "Turkey"), any case. */
function countryOf(text: string): Place | undefined {
  const name = text.trim().toLowerCase();
  return countryByIso2(text.trim()) ?? COUNTRIES.find((c) => c.name.toLowerCase() === name);
}

/** The region of a country by its iso2; null when the country has a list and the region is not in it. */
function regionOf(countryIso2: string, region: string | undefined): Place | null | undefined {
  const regions = regionsOf(countryIso2);
  if (!regions.length) return undefined;
  return regions.find((r) => r.iso2 === region?.trim()) ?? null;
}

/** Whether a card expiring at month/year (two digits) has passed on `today`, once both are well formed. */
const expiryRule = (month: string, year: string) => (payload: { value: unknown }) => {
  const v = payload.value as Record<string, unknown>;
  return f.expiryMonth.safeParse(v?.[month]).success && f.expiryYear.safeParse(v?.[year]).success;
};

/**
 * The card form: card fields and the billing address. `country` is an iso2 code of COUNTRIES;
 * `region` is required (one of its list) for the countries with built-in regions (TR, US, UK);
 * `today` decides whether the expiry has passed.
 */
export const cardForm = (today: Date) =>
  z
    .object({
      cardHolder: f.cardHolder,
      cardNumber: f.cardNumber,
      expiryMonth: f.expiryMonth,
      expiryYear: f.expiryYear,
      cvc: f.cvc,
      contactName: f.contactName,
      address: f.address,
      zip: f.zip,
      city: f.city,
      country,
      region: z.string('required').trim(),
    })
    .refine((v) => !f.cardExpired(v.expiryMonth, v.expiryYear, today), {
      path: ['expiryYear'],
      error: 'cardExpired',
      when: expiryRule('expiryMonth', 'expiryYear'),
    })
    .refine((v) => regionOf(v.country, v.region) !== null, {
      path: ['region'],
      error: 'required',
      when: (payload) => typeof (payload.value as { region?: unknown })?.region === 'string',
    });

/** The values of the card form (`cardForm`), as typed. */
export interface CardFormValues {
  cardHolder: string;
  cardNumber: string;
  expiryMonth: string;
  /** Two digits. */
  expiryYear: string;
  cvc: string;
  contactName: string;
  address: string;
  zip: string;
  city: string;
  /** iso2 of a built-in country. */
  country: string;
  /** iso2 of a built-in region of the country (TR, US, GB), else ''. */
  region: string;
}

/**
 * The card form's values as `POST /api/card` takes them (product spec part 3): the alias from the
 * full name, the number without spaces, the expiry year '20' + its two digits, the month with two
 * digits, the country by its name in the list, the region by its iso2 (only for a country with
 * regions, and only one of its list).
 */
export function cardRequestOf(v: CardFormValues) {
  const region = regionOf(v.country, v.region)?.iso2;
  return {
    cardAlias: f.cardAlias(v.cardHolder),
    cardHolderName: v.cardHolder.trim(),
    cardNumber: v.cardNumber.replace(/[\s-]/g, ''),
    expireYear: `${f.CARD_YEAR_PREFIX}${v.expiryYear.trim()}`,
    expireMonth: v.expiryMonth.trim().padStart(2, '0'),
    cvc: v.cvc.trim(),
    billing: {
      address: v.address.trim(),
      zipCode: v.zip.trim(),
      contactName: v.contactName.trim(),
      city: v.city.trim(),
      country: countryByIso2(v.country)?.name ?? v.country,
      ...(region ? { region } : {}),
    },
  };
}

/** API numbers are taken as their text ("expireMonth": 7). */
const asText = (v: unknown) => (typeof v === 'number' ? String(v) : v);
/** The API's expiry year: '20' followed by the two digits the form has ('2029'). */
const expireYear = z.preprocess(
  asText,
  z
    .string('expiryYearInvalid')
    .trim()
    .regex(new RegExp(`^${f.CARD_YEAR_PREFIX}\\d{2}$`), { error: 'expiryYearInvalid' }),
);
const apiCountry = z
  .string('required')
  .trim()
  .refine((text) => !!countryOf(text), { error: 'required' });

/**
 * `POST /api/card` (product spec part 3), by the rules of the card form: `cardHolderName`,
 * `cardNumber` (Luhn), `expireMonth`, `expireYear` ('20' + two digits; not passed on `today`),
 * `cvc`, and `billing {address, zipCode, contactName, city, country, region}` where `country` is a
 * built-in country by name or iso2 and `region` the iso2 of one of its regions (required for TR, US
 * and the UK; dropped for other countries). The output names the country by its list name (as the
 * payment provider wants it) and adds the region's name: `billing.regionName`.
 */
export const cardRequest = (today: Date) =>
  z
    .strictObject({
      cardAlias: z.string('tooLong').max(10, { error: 'tooLong' }).optional(),
      cardHolderName: f.cardHolder,
      cardNumber: f.cardNumber,
      expireYear,
      expireMonth: z.preprocess(asText, f.expiryMonth),
      cvc: f.cvc,
      billing: z.object(
        {
          address: f.address,
          zipCode: f.zip,
          contactName: f.contactName,
          city: f.city,
          country: apiCountry,
          region: z.string('required').trim().optional(),
        },
        'required',
      ),
    })
    .refine((v) => !f.cardExpired(v.expireMonth, v.expireYear.slice(2), today), {
      path: ['expireYear'],
      error: 'cardExpired',
      when: (payload) => {
        const v = payload.value as { expireMonth?: unknown; expireYear?: unknown };
        return (
          expireYear.safeParse(v?.expireYear).success &&
          f.expiryMonth.safeParse(asText(v?.expireMonth)).success
        );
      },
    })
    .refine((v) => regionOf(countryOf(v.billing.country)!.iso2, v.billing.region) !== null, {
      path: ['billing', 'region'],
      error: 'required',
      when: (payload) => {
        const v = payload.value as { billing?: { country?: unknown; region?: unknown } };
        const region = v?.billing?.region;
        return (
          apiCountry.safeParse(v?.billing?.country).success &&
          (region === undefined || typeof region === 'string')
        );
      },
    })
    .transform(({ billing, ...card }) => {
      const place = countryOf(billing.country)!;
      const region = regionOf(place.iso2, billing.region);
      return {
        ...card,
        expireMonth: card.expireMonth.padStart(2, '0'),
        billing: {
          ...billing,
          country: place.name,
          region: region?.iso2 ?? '',
          regionName: region?.name ?? '',
        },
      };
    });

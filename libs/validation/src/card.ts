/**
 * The card form (product spec parts 3 and 5): the card fields of `fields.ts` and a billing address
 * whose country and region come from the built-in lists of `places.ts`. Kept apart from the other
 * rules so that only the card form's code carries the lists (the package has no side effects).
 */
import { z } from 'zod';
import * as f from './fields.js';
import { countryByIso2, regionsOf } from './places.js';

/** The billing country: the iso2 code of one of the built-in COUNTRIES (`required` otherwise). */
export const country = z
  .string('required')
  .trim()
  .refine((code) => !!countryByIso2(code), { error: 'required' });

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
      when: (payload) => {
        const v = payload.value as { expiryMonth?: unknown; expiryYear?: unknown };
        return (
          f.expiryMonth.safeParse(v?.expiryMonth).success && f.expiryYear.safeParse(v?.expiryYear).success
        );
      },
    })
    .refine(
      (v) => {
        const regions = regionsOf(v.country);
        return regions.length === 0 || regions.some((r) => r.iso2 === v.region);
      },
      {
        path: ['region'],
        error: 'required',
        when: (payload) => {
          const v = payload.value as { region?: unknown };
          return typeof v?.region === 'string';
        },
      },
    );

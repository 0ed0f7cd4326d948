import { marketCodesFor, marketNames } from '@shelfscan/markets';
import type { SystemParameters } from '@shelfscan/service';
import { decimalToMinor } from '../money/money.js';

export const FEATURES = ['standard', 'deep', 'functional'] as const;
export type Feature = (typeof FEATURES)[number];

/** The catalogue's English words for a feature (the web words it in the page's language); markets from the market table. */
const markets = (feature: Feature) => marketNames(marketCodesFor(feature), 'en');
const DESCRIPTIONS: Record<Feature, string> = {
  standard: 'Standard search: store scans with a keyword filter',
  deep: `Deep search: every category of a store (${markets('deep')})`,
  functional: `Functional search: Amazon choice, best seller, star and price ranges (${markets('functional')})`,
};

/** The plans on sale, their price and limits read from the system parameters at the moment of use. */
export function planCatalogue(parameters: SystemParameters) {
  const fee = monthlyFeeUsdCents(parameters);
  return FEATURES.map((feature) => ({
    feature,
    description: DESCRIPTIONS[feature],
    monthlyFeeUsdCents: fee,
    dailySearchLimit: parameters.number(
      feature === 'deep' ? 'search.deep.dailyLimit' : 'search.standard.dailyLimit',
    ),
    monthlySearchLimit: feature === 'deep' ? 0 : parameters.number('search.standard.monthlyLimit'),
    asinLimit: parameters.number('search.listLimit'),
  }));
}

export function monthlyFeeUsdCents(parameters: SystemParameters): bigint {
  return decimalToMinor(parameters.text('billing.monthlyFeeUsd') || '10');
}

export function isFeature(f: string): f is Feature {
  return (FEATURES as readonly string[]).includes(f);
}

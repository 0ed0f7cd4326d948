import type { Locale } from './locale';

/** An amount in minor units (kuruş, cents) as the locale writes money: `₺1.234,50`, `$12.50`. */
export function formatMinor(
  minor: number | null | undefined,
  currency: 'TRY' | 'USD',
  locale: Locale,
): string {
  if (minor === null || minor === undefined || !Number.isFinite(minor)) return '';
  return new Intl.NumberFormat(locale === 'tr' ? 'tr-TR' : 'en-US', {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
  }).format(minor / 100);
}

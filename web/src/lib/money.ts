/**
 * Money and rates as the API sends them (decimal strings such as "79.07" and "7.9073": the billing
 * service computes every amount) formatted for the locale by string, never through a float, so the
 * screen shows exactly the server's figure.
 */
import type { Locale } from './locale';

export type Currency = 'TRY' | 'USD';

const SYMBOL: Record<Currency, string> = { TRY: '₺', USD: '$' };
const SEPARATORS: Record<Locale, { group: string; decimal: string }> = {
  tr: { group: '.', decimal: ',' },
  en: { group: ',', decimal: '.' },
};

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** "1234.5" → "1.234,50" (tr) / "1,234.50" (en) with `places` decimals; the text as it is when it is not a decimal. */
export function formatDecimal(value: string, locale: Locale, places = 2): string {
  const m = DECIMAL.exec(value.trim());
  if (!m) return value;
  const { group, decimal } = SEPARATORS[locale];
  const whole = m[2].replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const fraction = (m[3] ?? '').padEnd(places, '0');
  return `${m[1]}${whole}${fraction ? `${decimal}${fraction}` : ''}`;
}

/** An amount with its currency symbol: "₺79,07", "$7.90", "-$2.50"; '' for a missing amount. */
export function formatMoney(value: string | null | undefined, currency: Currency, locale: Locale): string {
  if (value === null || value === undefined || value === '') return '';
  const text = formatDecimal(value, locale);
  const negative = text.startsWith('-');
  return `${negative ? '-' : ''}${SYMBOL[currency]}${negative ? text.slice(1) : text}`;
}

/** A central bank rate with its 4 places: "7,9073" (tr), "7.9073" (en). */
export function formatRate(value: string | null | undefined, locale: Locale): string {
  return value ? formatDecimal(value, locale, 4) : '';
}

/** A percent as the locale writes it: "%25", "%12,5" (tr); "25%", "12.5%" (en); no trailing zeros. */
export function formatPercent(value: string, locale: Locale): string {
  const trimmed = value.trim().includes('.') ? value.trim().replace(/\.?0+$/, '') : value.trim();
  const text = formatDecimal(trimmed, locale, 0);
  return locale === 'tr' ? `%${text}` : `${text}%`;
}

/**
 * An amount in minor units (kuruş, cents; the admin API's integers) with its currency symbol:
 * 123450 → "₺1.234,50" (tr), 1250 → "$12.50" (en); '' for a missing amount. Converted to the decimal
 * string exactly (no division), then written as `formatMoney` writes every amount.
 */
export function formatMinor(minor: number | null | undefined, currency: Currency, locale: Locale): string {
  if (minor === null || minor === undefined || !Number.isSafeInteger(minor)) return '';
  const digits = String(Math.abs(minor)).padStart(3, '0');
  const decimal = `${minor < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
  return formatMoney(decimal, currency, locale);
}

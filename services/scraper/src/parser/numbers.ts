/**
 * Locale-tolerant number reading for Amazon pages: result counts ("1-16 of over 1,000 results",
 * "1-16 von 139 Ergebnissen", "1-24的194 個結果", "5.000以上のうち 1-48件"), prices ("$139.99",
 * "700,00 €", "EUR 13,97", "₹1,499") and star ratings ("4,4 de 5 estrellas", "5つ星のうち4.3").
 */
import { AMAZON_DOMAIN_CURRENCY } from '@shelfscan/markets';
import type { Price, ResultCount } from './types.js';

/** Separators Amazon uses between digit groups (comma, dot, apostrophe, no-break and thin spaces). */
const GROUP_SEPARATORS = /[.,'\u00a0\u202f\u2009\u066c]/g;

/** Maps Arabic-Indic, Eastern Arabic-Indic and full-width digits to ASCII; folds no-break spaces. */
export function normalizeDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9\uff10-\uff19]/g, (ch) => {
    const code = ch.charCodeAt(0);
    const base = code >= 0xff10 ? 0xff10 : code >= 0x06f0 ? 0x06f0 : 0x0660;
    return String(code - base);
  });
}

/** Collapses runs of ASCII whitespace; no-break spaces stay (French and Arabic pages group digits with them). */
export function collapseWhitespace(text: string): string {
  return text.replace(/[ \t\n\r\f\v]+/g, ' ').replace(/^[ \u00a0\u202f]+|[ \u00a0\u202f]+$/g, '');
}

/** An integer token with optional digit grouping: 1,000 / 1.000 / 1 000 / 1'000 / 12345. */
const INT_TOKEN = /\d{1,3}(?:[.,'\u00a0\u202f\u2009\u066c]\d{3})+(?!\d)|\d+/g;

/** Every integer in the text, reading "1,000", "1.000" and "1 000" as one thousand. */
export function integersIn(text: string): number[] {
  const normalized = normalizeDigits(text);
  return [...normalized.matchAll(INT_TOKEN)].map((m) => Number(m[0].replace(GROUP_SEPARATORS, '')));
}

/** The first integer in the text, or null. */
export function parseInteger(text: string | null | undefined): number | null {
  if (!text) return null;
  const all = integersIn(text);
  return all.length ? all[0] : null;
}

/**
 * A count that may be abbreviated ("13,429", "2.105", "(1.2K)", "3 M"); abbreviations give an
 * approximate whole number. Null when there are no digits.
 */
export function parseCount(text: string | null | undefined): number | null {
  if (!text) return null;
  const normalized = normalizeDigits(text);
  const abbreviated = /(\d+(?:[.,]\d+)?)\s*([KkMm])(?![a-zA-Z])/.exec(normalized);
  if (abbreviated) {
    const value = Number(abbreviated[1].replace(',', '.'));
    return Math.round(value * (abbreviated[2].toLowerCase() === 'k' ? 1_000 : 1_000_000));
  }
  return parseInteger(normalized);
}

/** Words that turn the total into a lower bound, in the languages Amazon storefronts use. */
const LOWER_BOUND =
  /(?<!\p{L})(over|more than|über|mehr als|más de|mas de|plus de|oltre|più di|mais de|meer dan|ponad|över|fazla)(?!\p{L})|以上|超過|超过|多个|أكثر من|تجاوز/iu;

/** Cuts the query echo off the result-info text: `… results for "fire max 11"` keeps digits of the query out. */
function withoutQuery(text: string): string {
  const quote = text.search(/["“”„«»「『‘’]/);
  return quote >= 0 ? text.slice(0, quote) : text;
}

/**
 * Reads the result-info bar text. Ranges use any dash; the total is the remaining number.
 * "11 results" (single page) gives from 1, to 11, total 11.
 */
export function parseResultCount(rawText: string): ResultCount | null {
  const text = collapseWhitespace(rawText);
  if (!text) return null;
  const body = normalizeDigits(withoutQuery(text));
  const isLowerBound = LOWER_BOUND.test(body);
  const range = /(\d[\d.,'\u00a0\u202f\u2009]*)\s*[-–—~〜～]\s*(\d[\d.,'\u00a0\u202f\u2009]*)/.exec(body);
  let from: number | null = null;
  let to: number | null = null;
  let rest = body;
  if (range) {
    from = parseInteger(range[1]);
    to = parseInteger(range[2]);
    rest = body.slice(0, range.index) + ' ' + body.slice(range.index + range[0].length);
  }
  const others = integersIn(rest);
  const total: number | null = others.length ? Math.max(...others) : null;
  if (!range && total !== null && !isLowerBound) {
    from = total > 0 ? 1 : 0;
    to = total;
  }
  if (from === null && to === null && total === null) return null;
  return { text, from, to, total, isLowerBound };
}

/** ISO codes for the currency markers Amazon prints. `$` alone is resolved through the market. */
const SYMBOLS: Record<string, string> = {
  US$: 'USD',
  CDN$: 'CAD',
  C$: 'CAD',
  CA$: 'CAD',
  A$: 'AUD',
  AU$: 'AUD',
  S$: 'SGD',
  SG$: 'SGD',
  MX$: 'MXN',
  R$: 'BRL',
  '€': 'EUR',
  '£': 'GBP',
  '₹': 'INR',
  Rs: 'INR',
  'Rs.': 'INR',
  '¥': 'JPY',
  '￥': 'JPY',
  '₺': 'TRY',
  TL: 'TRY',
  zł: 'PLN',
  'د.إ': 'AED',
  'ر.س': 'SAR',
  'ج.م': 'EGP',
};

/** `www.amazon.ca` / `smile.amazon.co.uk` / `amazon.ca` -> `amazon.ca`; null if not an Amazon host. */
export function amazonDomainOf(host: string | null | undefined): string | null {
  if (!host) return null;
  const m = /(?:^|\.)(amazon\.[a-z.]+?)\.?$/i.exec(host.trim().toLowerCase());
  return m ? m[1] : null;
}

export function currencyOfDomain(domain: string | null | undefined): string | null {
  const d = amazonDomainOf(domain);
  return d ? (AMAZON_DOMAIN_CURRENCY[d] ?? null) : null;
}

const DOLLAR_CURRENCIES = new Set(['USD', 'CAD', 'AUD', 'SGD', 'MXN']);
const ZERO_DECIMAL_CURRENCIES = new Set(['JPY']);

function currencyOfSymbol(symbol: string, domain: string | null | undefined): string | null {
  const s = symbol.replace(/\s+/g, '');
  if (/^[A-Z]{3}$/.test(s)) return s;
  if (SYMBOLS[s]) return SYMBOLS[s];
  const domainCurrency = currencyOfDomain(domain);
  if (s === '$') return domainCurrency && DOLLAR_CURRENCIES.has(domainCurrency) ? domainCurrency : null;
  if (s.toLowerCase() === 'kr') return domainCurrency === 'SEK' ? 'SEK' : null;
  return null;
}

/**
 * Parses a displayed price. The last `.` or `,` followed by one or two digits is the decimal
 * mark; every other separator groups thousands.
 */
export function parsePrice(rawText: string, domain?: string | null): Price | null {
  const text = collapseWhitespace(rawText);
  const normalized = normalizeDigits(text);
  const numeric = /\d(?:[\d.,'\u00a0\u202f\u2009 ]*\d)?/.exec(normalized);
  if (!numeric) return null;
  const compact = numeric[0].replace(/['\u00a0\u202f\u2009 ]/g, '');
  const decimal = /[.,](\d{1,2})$/.exec(compact);
  const intPart = (decimal ? compact.slice(0, decimal.index) : compact).replace(/[.,]/g, '');
  const amount = Number(decimal ? `${intPart}.${decimal[1]}` : intPart);
  if (!Number.isFinite(amount)) return null;
  const symbol = collapseWhitespace(
    normalized.slice(0, numeric.index) + ' ' + normalized.slice(numeric.index + numeric[0].length),
  );
  const currency = currencyOfSymbol(symbol, domain);
  const exponent = currency && ZERO_DECIMAL_CURRENCIES.has(currency) ? 0 : 2;
  return { text, amount, minor: Math.round(amount * 10 ** exponent), symbol, currency };
}

/**
 * Reads a rating text in any language: the rating is the number that is not the scale maximum
 * ("4.4 out of 5 stars", "5つ星のうち4.3", "4,6 von 5 Sternen", "4.3 顆星，最高 5 顆星").
 */
export function parseStars(rawText: string | null | undefined): number | null {
  if (!rawText) return null;
  const numbers = [...normalizeDigits(rawText).matchAll(/\d+(?:[.,]\d+)?/g)].map((m) =>
    Number(m[0].replace(',', '.')),
  );
  if (!numbers.length) return null;
  let rating = numbers[0];
  if (numbers.length >= 2) {
    const scaleAt = numbers.indexOf(5);
    const others = numbers.filter((_, i) => i !== scaleAt);
    rating = scaleAt >= 0 ? others[0] : numbers[0];
  }
  return rating >= 0 && rating <= 5 ? rating : null;
}

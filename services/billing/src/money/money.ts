/**
 * The one computation of what a plan costs: fee → proration → promotion → TRY at the central
 * bank's rate. Amounts are bigint integers of the minor unit (USD cents, TRY kuruş); rates are
 * integers of 1/10000 (the bulletin's 4 places). No floating point anywhere.
 */

/** "10", "12.5", "0.99" → minor units (2 places); throws on anything else. */
export function decimalToMinor(text: string, places = 2): bigint {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m || (m[2]?.length ?? 0) > places)
    throw new Error(`not a decimal with at most ${places} places: ${text}`);
  return BigInt(m[1]) * 10n ** BigInt(places) + BigInt((m[2] ?? '').padEnd(places, '0') || '0');
}

/** Minor units → "12.50" (or 4 places for rates). */
export function minorToDecimal(minor: bigint, places = 2): string {
  const neg = minor < 0n;
  const abs = neg ? -minor : minor;
  const unit = 10n ** BigInt(places);
  const frac = (abs % unit).toString().padStart(places, '0');
  return `${neg ? '-' : ''}${abs / unit}${places ? `.${frac}` : ''}`;
}

/** n ÷ d rounded half up, for n ≥ 0 and d > 0. */
export function divRoundHalfUp(n: bigint, d: bigint): bigint {
  if (n < 0n || d <= 0n) throw new Error('divRoundHalfUp takes n >= 0 and d > 0');
  return (2n * n + d) / (2n * d);
}

function parts(date: string): { y: number; m: number; d: number } {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new Error(`not a date YYYY-MM-DD: ${date}`);
  return { y: Number(m[1]), m: Number(m[2]), d: Number(m[3]) };
}

export function daysInMonth(date: string): number {
  const { y, m } = parts(date);
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

export function dayOfMonth(date: string): number {
  return parts(date).d;
}

/** "YYYY-MM-01" of the month after the date's. */
export function firstOfNextMonth(date: string): string {
  const { y, m } = parts(date);
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
}

export function firstOfMonth(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

/** Whole days from a to b (dates), b − a. */
export function daysBetween(a: string, b: string): number {
  const pa = parts(a);
  const pb = parts(b);
  return (Date.UTC(pb.y, pb.m - 1, pb.d) - Date.UTC(pa.y, pa.m - 1, pa.d)) / 86_400_000;
}

export interface PromotionTerms {
  type: 'AMOUNT' | 'PERCENT';
  /** USD cents (AMOUNT) or hundredths of a percent (PERCENT). */
  valueMinor: bigint;
}

export interface Rate {
  /** USD ForexSelling × 10000. */
  units4: bigint;
  bulletinDate: string;
}

export interface Breakdown {
  usdCents: bigint;
  discountUsdCents: bigint;
  netUsdCents: bigint;
  /** Null when no rate was at hand. */
  rate: Rate | null;
  /** Null when there is something to pay and no rate to convert it with. */
  tryKurus: bigint | null;
  daysCharged: number;
  daysInMonth: number;
}

/**
 * What a month of the plan costs on `today` (an Istanbul date): prorated to the month's end
 * (days left including today ÷ days in the month, so the 1st is the full fee), then the
 * promotion, then TRY at the rate, each step rounded half up to the minor unit.
 */
export function computeCharge(input: {
  monthlyFeeUsdCents: bigint;
  today: string;
  promotion?: PromotionTerms | null;
  rate: Rate | null;
}): Breakdown {
  const dim = daysInMonth(input.today);
  const left = dim - dayOfMonth(input.today) + 1;
  const usdCents = divRoundHalfUp(input.monthlyFeeUsdCents * BigInt(left), BigInt(dim));
  const discountUsdCents = discountOf(usdCents, input.promotion);
  const netUsdCents = usdCents - discountUsdCents;
  const tryKurus = input.rate
    ? divRoundHalfUp(netUsdCents * input.rate.units4, 10_000n)
    : netUsdCents === 0n
      ? 0n
      : null;
  return {
    usdCents,
    discountUsdCents,
    netUsdCents,
    rate: input.rate,
    tryKurus,
    daysCharged: left,
    daysInMonth: dim,
  };
}

function discountOf(usdCents: bigint, promotion?: PromotionTerms | null): bigint {
  if (!promotion) return 0n;
  const d =
    promotion.type === 'AMOUNT'
      ? promotion.valueMinor
      : divRoundHalfUp(usdCents * promotion.valueMinor, 10_000n);
  return d > usdCents ? usdCents : d;
}

/** The VAT included in a gross amount: gross × p ÷ (100 + p), half up (p in hundredths of a percent). */
export function includedVat(grossMinor: bigint, vatPercentMinor: bigint): bigint {
  return divRoundHalfUp(grossMinor * vatPercentMinor, 10_000n + vatPercentMinor);
}

/** A percent as written ("20", "20.00", "18.125") → hundredths, half up (as `numeric(5, 2)` keeps it). */
export function percentToMinor(text: string): bigint {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m) throw new Error(`not a percent: ${text}`);
  const frac = m[2] ?? '';
  const minor = BigInt(m[1]) * 100n + BigInt(frac.slice(0, 2).padEnd(2, '0'));
  return frac.length > 2 && frac[2] >= '5' ? minor + 1n : minor;
}

export interface Vat {
  /** The percent as shown: "20", "18.5". */
  percent: string;
  /** The VAT included in the total, in the total's minor unit. */
  minor: bigint;
}

/** The VAT (KDV) included in a total at a percent: the one computation the invoice, its PDF and InvoiceFinalized use. */
export function vatIncluded(grossMinor: bigint, vatPercent: string): Vat {
  const p = percentToMinor(vatPercent);
  return { percent: minorToDecimal(p).replace(/\.?0+$/, ''), minor: includedVat(grossMinor, p) };
}

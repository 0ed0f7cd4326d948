import type { Clock } from '@shelfscan/clock';

/**
 * The one day rule of the product: days and months (plan periods, invoices, quotas, counters,
 * promotion expiry) are Istanbul's calendar days. Türkiye keeps UTC+3 all year since 2016.
 */
export const ISTANBUL = 'Europe/Istanbul';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: ISTANBUL,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Istanbul calendar day of an instant, "YYYY-MM-DD" (a Date, or an RFC 3339 string). */
export function istanbulDate(at: Date | string): string {
  return dayFormat.format(typeof at === 'string' ? new Date(at) : at);
}

/** Today in Istanbul, by the clock. */
export function istanbulToday(clock: Clock): string {
  return istanbulDate(clock.now());
}

/** The instant an Istanbul calendar day "YYYY-MM-DD" starts. */
export function istanbulMidnight(date: string): Date {
  return new Date(`${date}T00:00:00+03:00`);
}

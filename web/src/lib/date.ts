import type { Locale } from './locale';

const MONTHS: Record<Locale, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  tr: ['Oca', 'Şub', 'Mar', 'Nis', 'May', 'Haz', 'Tem', 'Ağu', 'Eyl', 'Eki', 'Kas', 'Ara'],
};

const pad = (n: number) => String(n).padStart(2, '0');

/** Formats a date as `D MMM YY HH:mm` (e.g. `5 Mar 24 09:07`) in local time. Empty string for invalid input. */
export function formatDate(value: Date | string | number | null | undefined, locale: Locale = 'tr'): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const day = date.getDate();
  const month = MONTHS[locale][date.getMonth()];
  const year = pad(date.getFullYear() % 100);
  return `${day} ${month} ${year} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Today's day in Europe/Istanbul (`YYYY-MM-DD`), the day the servers count plans and promotions in. */
export function istanbulDay(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(now);
}

/** `YYYY-MM-DD` plus or minus whole days (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A day `YYYY-MM-DD` as `D MMM YY` (e.g. `5 Mar 24`); any other text as it is. */
export function formatDay(value: string | null | undefined, locale: Locale = 'tr'): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  if (!match) return value ?? '';
  return `${Number(match[3])} ${MONTHS[locale][Number(match[2]) - 1]} ${match[1].slice(2)}`;
}

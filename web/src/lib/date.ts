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

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Formats a day as `D MMM YY`: a calendar date `YYYY-MM-DD` as it is (no time-zone shift), any other
 * date in local time. Empty string for invalid input.
 */
export function formatDay(value: Date | string | null | undefined, locale: Locale = 'tr'): string {
  if (value === null || value === undefined || value === '') return '';
  const day = typeof value === 'string' ? CALENDAR_DAY.exec(value) : null;
  if (day) return `${Number(day[3])} ${MONTHS[locale][Number(day[2]) - 1]} ${day[1].slice(2)}`;
  return formatDate(value, locale).replace(/ \d{2}:\d{2}$/, '');
}

/** A month `YYYY-MM` (an invoice period) as `MMM YYYY`: "Kas 2026", "Nov 2026"; other text as it is. */
export function formatMonth(value: string, locale: Locale = 'tr'): string {
  const m = /^(\d{4})-(\d{2})$/.exec(value);
  return m ? `${MONTHS[locale][Number(m[2]) - 1]} ${m[1]}` : value;
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

const ISTANBUL_PARTS = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Istanbul',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * Formats an instant as `D MMM YY HH:mm` on Istanbul's clock (the schedules' clock), whatever the
 * browser's time zone: `2026-11-28T03:00:00Z` is `28 Kas 26 06:00`. Empty string for invalid input.
 */
export function formatIstanbul(value: Date | string | null | undefined, locale: Locale = 'tr'): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const part = Object.fromEntries(ISTANBUL_PARTS.formatToParts(date).map((p) => [p.type, p.value]));
  return `${Number(part.day)} ${MONTHS[locale][Number(part.month) - 1]} ${part.year.slice(2)} ${part.hour}:${part.minute}`;
}

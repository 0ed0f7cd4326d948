import { describe, expect, it } from 'vitest';
import { addDays, formatDate, formatDay, formatIstanbul, formatMonth, istanbulDay } from './date';

describe('formatDate (D MMM YY HH:mm)', () => {
  it('formats in both locales', () => {
    const d = new Date(2024, 2, 5, 9, 7);
    expect(formatDate(d, 'en')).toBe('5 Mar 24 09:07');
    expect(formatDate(new Date(2025, 7, 31, 23, 59), 'tr')).toBe('31 Ağu 25 23:59');
  });
  it('returns an empty string for missing or invalid input', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('nonsense')).toBe('');
  });
});

describe('formatDay (D MMM YY)', () => {
  it('keeps a calendar date as it is and drops the time of an instant', () => {
    expect(formatDay('2026-12-01', 'tr')).toBe('1 Ara 26');
    expect(formatDay('2026-02-28', 'en')).toBe('28 Feb 26');
    expect(formatDay(new Date(2024, 2, 5, 9, 7), 'en')).toBe('5 Mar 24');
    expect(formatDay('', 'en')).toBe('');
  });
});

describe('formatMonth (an invoice period)', () => {
  it('names the month in the locale', () => {
    expect(formatMonth('2026-11', 'tr')).toBe('Kas 2026');
    expect(formatMonth('2026-08', 'en')).toBe('Aug 2026');
    expect(formatMonth('soon', 'en')).toBe('soon');
  });
});

describe('Istanbul days', () => {
  it('today in Istanbul, whatever the browser zone (UTC+3 all year)', () => {
    expect(istanbulDay(new Date('2026-03-10T20:59:00Z'))).toBe('2026-03-10');
    expect(istanbulDay(new Date('2026-03-10T21:00:00Z'))).toBe('2026-03-11');
  });
  it('adds days across months and years', () => {
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });
});

describe('formatIstanbul (D MMM YY HH:mm on Istanbul time)', () => {
  it('shows an instant on Istanbul clock in the page language, whatever the browser zone', () => {
    expect(formatIstanbul('2026-11-28T03:00:00Z', 'tr')).toBe('28 Kas 26 06:00');
    expect(formatIstanbul('2026-11-28T22:30:00Z', 'en')).toBe('29 Nov 26 01:30');
    expect(formatIstanbul(null)).toBe('');
    expect(formatIstanbul('not a date')).toBe('');
  });
});

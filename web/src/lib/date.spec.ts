import { describe, expect, it } from 'vitest';
import { addDays, formatDate, formatDay, istanbulDay } from './date';
import { formatMinor } from './money';

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

describe('days', () => {
  it('today in Istanbul, whatever the browser zone (UTC+3 all year)', () => {
    expect(istanbulDay(new Date('2026-03-10T20:59:00Z'))).toBe('2026-03-10');
    expect(istanbulDay(new Date('2026-03-10T21:00:00Z'))).toBe('2026-03-11');
  });
  it('adds days across months and years', () => {
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });
  it('writes a day as D MMM YY in both locales', () => {
    expect(formatDay('2026-08-05', 'tr')).toBe('5 Ağu 26');
    expect(formatDay('2026-08-05', 'en')).toBe('5 Aug 26');
    expect(formatDay('', 'en')).toBe('');
  });
});

describe('formatMinor', () => {
  it('writes minor units as money of the locale', () => {
    expect(formatMinor(123450, 'TRY', 'tr')).toBe('₺1.234,50');
    expect(formatMinor(1250, 'USD', 'en')).toBe('$12.50');
    expect(formatMinor(null, 'USD', 'en')).toBe('');
  });
});

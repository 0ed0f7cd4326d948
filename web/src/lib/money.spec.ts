import { describe, expect, it } from 'vitest';
import { formatDecimal, formatMinor, formatMoney, formatPercent, formatRate } from './money';

describe('money formatting (by string, exactly the server figure)', () => {
  it('formats amounts with the locale separators and the currency symbol', () => {
    expect(formatMoney('79.07', 'TRY', 'tr')).toBe('₺79,07');
    expect(formatMoney('79.07', 'TRY', 'en')).toBe('₺79.07');
    expect(formatMoney('1234567.5', 'USD', 'en')).toBe('$1,234,567.50');
    expect(formatMoney('1234567.5', 'USD', 'tr')).toBe('$1.234.567,50');
    expect(formatMoney('-2.50', 'USD', 'en')).toBe('-$2.50');
    expect(formatMoney('0.00', 'TRY', 'tr')).toBe('₺0,00');
    expect(formatMoney(null, 'TRY', 'tr')).toBe('');
  });

  it('formats rates with 4 places and leaves anything else as it is', () => {
    expect(formatRate('7.9073', 'tr')).toBe('7,9073');
    expect(formatRate('34.1', 'en')).toBe('34.1000');
    expect(formatRate(null, 'en')).toBe('');
    expect(formatDecimal('n/a', 'en')).toBe('n/a');
  });
});

describe("formatMinor (the admin API's minor units)", () => {
  it('writes minor units exactly as formatMoney writes the same amount', () => {
    expect(formatMinor(123450, 'TRY', 'tr')).toBe('₺1.234,50');
    expect(formatMinor(1250, 'USD', 'en')).toBe('$12.50');
    expect(formatMinor(5, 'TRY', 'en')).toBe('₺0.05');
    expect(formatMinor(-250, 'USD', 'en')).toBe('-$2.50');
    expect(formatMinor(null, 'USD', 'en')).toBe('');
  });
});

describe('formatPercent', () => {
  it('puts the sign where the locale does and drops trailing zeros', () => {
    expect(formatPercent('25.00', 'tr')).toBe('%25');
    expect(formatPercent('25.00', 'en')).toBe('25%');
    expect(formatPercent('12.50', 'tr')).toBe('%12,5');
    expect(formatPercent('12.5', 'en')).toBe('12.5%');
    expect(formatPercent('100', 'tr')).toBe('%100');
  });
});

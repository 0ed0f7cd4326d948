import { describe, expect, it } from 'vitest';
import { digits, groupDigits, twoDigitYear } from './cardInput';

describe('what the card fields keep of what is typed', () => {
  it('the number: digits only, grouped by four, at most 19', () => {
    expect(groupDigits('5528 7900-0000 0008')).toBe('5528 7900 0000 0008');
    expect(groupDigits('55287')).toBe('5528 7');
    expect(groupDigits('1'.repeat(25))).toBe('1111 1111 1111 1111 111');
  });

  it('the month and the CVC: digits only, up to their length', () => {
    expect(digits('1a2b3', 2)).toBe('12');
    expect(digits('12345', 4)).toBe('1234');
  });

  it('the year: two digits; an autofilled four-digit year keeps its last two', () => {
    expect(twoDigitYear('2030')).toBe('30');
    expect(twoDigitYear('30')).toBe('30');
    expect(twoDigitYear('3x1')).toBe('31');
    expect(twoDigitYear('1930')).toBe('19');
  });
});

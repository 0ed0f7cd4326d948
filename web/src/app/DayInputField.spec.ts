import { describe, expect, it } from 'vitest';
import { parseDay } from './DayInputField';

describe('parseDay', () => {
  it('reads a day as the page writes it, or as the API does, and nothing else', () => {
    expect(parseDay('31.12.2026', 'tr')).toBe('2026-12-31');
    expect(parseDay('12/31/2026', 'en')).toBe('2026-12-31');
    expect(parseDay(' 2026-12-31 ', 'tr')).toBe('2026-12-31');
    expect(parseDay('12/31/2026', 'tr')).toBeNull();
    expect(parseDay('31.02.2026', 'tr')).toBeNull();
    expect(parseDay('', 'en')).toBeNull();
  });
});

import { nextRunAfter } from './schedule.js';

describe('nextRunAfter (Europe/Istanbul, UTC+3)', () => {
  const at = (iso: string) => new Date(iso);
  it('daily: today at the hour when it is still ahead, else tomorrow', () => {
    // 2030-01-15 12:00 in Istanbul.
    expect(nextRunAfter(at('2030-01-15T09:00:00Z'), 'daily', 13, null).toISOString()).toBe(
      '2030-01-15T10:00:00.000Z',
    );
    expect(nextRunAfter(at('2030-01-15T09:00:00Z'), 'daily', 12, null).toISOString()).toBe(
      '2030-01-16T09:00:00.000Z',
    );
    // 23:30 UTC is already the next day in Istanbul (02:30): 06:00 that day.
    expect(nextRunAfter(at('2030-01-15T23:30:00Z'), 'daily', 6, null).toISOString()).toBe(
      '2030-01-16T03:00:00.000Z',
    );
    expect(nextRunAfter(at('2030-01-15T09:00:00Z'), 'daily', 0, null).toISOString()).toBe(
      '2030-01-15T21:00:00.000Z',
    );
  });

  it('weekly: the next such weekday (1 = Monday … 7 = Sunday) at the hour', () => {
    // Tuesday 2030-01-15.
    expect(nextRunAfter(at('2030-01-15T09:00:00Z'), 'weekly', 6, 1).toISOString()).toBe(
      '2030-01-21T03:00:00.000Z',
    );
    expect(nextRunAfter(at('2030-01-15T09:00:00Z'), 'weekly', 13, 2).toISOString()).toBe(
      '2030-01-15T10:00:00.000Z',
    );
    expect(nextRunAfter(at('2030-01-15T09:00:00Z'), 'weekly', 12, 2).toISOString()).toBe(
      '2030-01-22T09:00:00.000Z',
    );
    expect(nextRunAfter(at('2030-01-15T09:00:00Z'), 'weekly', 0, 7).toISOString()).toBe(
      '2030-01-19T21:00:00.000Z',
    );
  });
});

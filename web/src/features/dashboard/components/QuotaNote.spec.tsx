import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import type { Quota } from '../model';
import { QuotaNote } from './QuotaNote';

const quota = (over: { standardDay?: number; standardMonth?: number; deepDay?: number }): Quota => ({
  plans: { standard: true, deep: true, functional: false },
  standard: {
    dayUsed: over.standardDay ?? 0,
    dayLimit: 15,
    monthUsed: over.standardMonth ?? 0,
    monthLimit: 450,
  },
  deep: { dayUsed: over.deepDay ?? 0, dayLimit: 5 },
  listLimit: 2720,
  nextDayAt: '2030-03-10T21:00:00.000Z',
});

function note(lng: 'tr' | 'en', q: Quota, deep: boolean): string | null {
  void i18n.changeLanguage(lng);
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={[lng === 'en' ? '/us/dashboard' : '/dashboard']}>
        <QuotaNote quota={q} deep={deep} />
      </MemoryRouter>
    </MantineProvider>,
  );
  return screen.queryByTestId('create-limit')?.textContent ?? null;
}

afterEach(() => void i18n.changeLanguage('tr'));

describe('QuotaNote: which right is used up, in both languages', () => {
  it('says the month’s searches are spent (not the day’s) when the monthly limit is reached', () => {
    expect(note('en', quota({ standardDay: 3, standardMonth: 450 }), false)).toBe(
      'Monthly search limit exceeded; your searches come back on the 1st of the month.',
    );
  });

  it('says so in Turkish too', () => {
    expect(note('tr', quota({ standardDay: 3, standardMonth: 450 }), false)).toBe(
      "Aylık arama sınırı aşıldı; aramalarınız ayın 1'inde yenilenir.",
    );
  });

  it('says the day’s rights are used up, with the day they come back', () => {
    expect(note('en', quota({ standardDay: 15, standardMonth: 40 }), false)).toMatch(/^You have used today/);
  });

  it('shows nothing while rights are left', () => {
    expect(note('tr', quota({ standardDay: 3, standardMonth: 40, deepDay: 5 }), false)).toBeNull();
  });
});

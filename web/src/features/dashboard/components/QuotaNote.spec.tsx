import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { quota } from '../../../test/fixtures';
import type { Quota } from '../model';
import { QuotaNote } from './QuotaNote';

/** The fixture's quota (15 a day and 450 a month standard, 5 deep a day) with these used. */
const used = (over: { standardDay?: number; standardMonth?: number; deepDay?: number }): Quota => {
  const base = quota({ plans: { standard: true, deep: true, functional: false } });
  return {
    ...base,
    standard: { ...base.standard, dayUsed: over.standardDay ?? 0, monthUsed: over.standardMonth ?? 0 },
    deep: { ...base.deep, dayUsed: over.deepDay ?? 0 },
    nextDayAt: '2030-03-10T21:00:00.000Z',
  };
};

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
    expect(note('en', used({ standardDay: 3, standardMonth: 450 }), false)).toBe(
      'Monthly search limit exceeded; your searches come back on the 1st of the month.',
    );
  });

  it('says so in Turkish too', () => {
    expect(note('tr', used({ standardDay: 3, standardMonth: 450 }), false)).toBe(
      "Aylık arama sınırı aşıldı; aramalarınız ayın 1'inde yenilenir.",
    );
  });

  it('says the day’s rights are used up, with the day they come back', () => {
    expect(note('en', used({ standardDay: 15, standardMonth: 40 }), false)).toMatch(/^You have used today/);
  });

  it('shows nothing while rights are left', () => {
    expect(note('tr', used({ standardDay: 3, standardMonth: 40, deepDay: 5 }), false)).toBeNull();
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '../../../test/render';
import en from '../locales/en.json';
import tr from '../locales/tr.json';

describe('/privacy', () => {
  it.each([
    ['/privacy', 'Gizlilik ve kullanıcı sözleşmesi', 'Son güncelleme: 28 Kasım 2026'],
    ['/us/privacy', 'Privacy and user agreement', 'Last updated: 28 November 2026'],
  ])(
    '%s is titled as what it holds (privacy and the agreement) and dated to the day',
    async (path, title, updated) => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => jsonResponse({ success: true, data: [] })),
      );
      renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
      expect(screen.getByText(updated)).toBeTruthy();
    },
  );

  it('says when the texts last changed with a full date that is not in the future', () => {
    const months = [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ];
    const [, day, month, year] = /^Last updated: (\d{1,2}) (\w+) (\d{4})$/.exec(en.updated) ?? [];
    const date = new Date(Date.UTC(Number(year), months.indexOf(month), Number(day)));
    expect(months).toContain(month);
    expect(date.getTime()).toBeLessThanOrEqual(Date.now());
    expect(tr.updated).toMatch(new RegExp(`^Son güncelleme: ${Number(day)} \\S+ ${year}$`));
  });
});

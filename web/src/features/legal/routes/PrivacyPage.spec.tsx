import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeGateway, jsonResponse } from '../../../test/gateway';
import { renderApp } from '../../../test/render';
import { LEGAL_UPDATED } from '../components/LegalDocument';
import en from '../locales/en.json';
import tr from '../locales/tr.json';

describe('/privacy', () => {
  it.each([
    ['/privacy', 'Gizlilik ve kullanıcı sözleşmesi', 'Son güncelleme: 28 Kasım 2026'],
    ['/us/privacy', 'Privacy and user agreement', 'Last updated: 28 November 2026'],
  ])(
    '%s is titled as what it holds (privacy and the agreement) and dated to the day',
    async (path, title, updated) => {
      fakeGateway({ '*': () => jsonResponse({ success: true, data: [] }) });
      renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
      expect(screen.getByText(updated)).toBeTruthy();
    },
  );

  it('says when the texts last changed with a full date that is not in the future', () => {
    expect(LEGAL_UPDATED).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(LEGAL_UPDATED).getTime()).toBeLessThanOrEqual(Date.now());
    // One date, worded by the page: the texts hold no date of their own.
    expect([en.updated, tr.updated]).toEqual(['Last updated: {{date}}', 'Son güncelleme: {{date}}']);
  });
});

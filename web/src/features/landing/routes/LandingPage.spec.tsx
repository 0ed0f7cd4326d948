import { screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';

// The landing page names the markets and where each scan type runs from the one market table
// (@shelfscan/markets), never from a list written into its texts.
describe('the landing page’s markets', () => {
  it.each([
    [
      '/',
      'Kanada, Meksika, Birleşik Arap Emirlikleri, Avustralya, Singapur ve Birleşik Krallık. Derin arama şu pazarlarda çalışır: Kanada, Meksika, Birleşik Arap Emirlikleri ve Birleşik Krallık. Fonksiyonel arama: Kanada ve Meksika.',
      'Derin arama şu pazarlarda çalışır: Kanada, Meksika, Birleşik Arap Emirlikleri ve Birleşik Krallık. Fonksiyonel arama: Kanada ve Meksika.',
    ],
    [
      '/us',
      'Canada, Mexico, United Arab Emirates, Australia, Singapore, and United Kingdom. Deep search works in Canada, Mexico, United Arab Emirates, and United Kingdom; Functional search in Canada and Mexico.',
      'Deep search works in Canada, Mexico, United Arab Emirates, and United Kingdom. Functional search works in Canada and Mexico.',
    ],
  ])('%s: the FAQ answer and the note list the table’s markets', async (path, faq, note) => {
    // The root path stays Turkish whatever the (jsdom, English) browser says: the locale cookie is tr.
    Cookies.set('i18n_redirected', path === '/' ? 'tr' : 'en');
    renderApp(path);
    expect(await screen.findByText(faq)).toBeTruthy();
    expect(screen.getByText(note)).toBeTruthy();
  });
});

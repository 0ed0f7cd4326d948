import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { coverageText } from './coverage';
import type { Todo } from './model';
import { coverageFacts as facts, todo } from '../../test/fixtures';

const text = (lng: 'tr' | 'en', t: Todo) => coverageText(t, i18n.getFixedT(lng, 'dashboard'), lng);

describe('the coverage line of a scan card, worded from the facts in the page’s language', () => {
  it('found of reported, with the share', () => {
    const t = todo({ id: 'a', status: 'COMPLETED', coverage: facts() });
    expect(text('tr', t)).toBe("Amazon'un bildirdiği 60 üründen 60 ASIN bulundu (%100).");
    expect(text('en', t)).toBe('Found 60 ASINs of the 60 Amazon reports (100%).');
  });

  it('a lower bound and the list limit, numbers in the locale', () => {
    const t = todo({
      id: 'a',
      status: 'COMPLETED',
      coverage: facts({ found: 2720, reported: 1000, reportedIsLowerBound: true, stoppedAtListLimit: true }),
    });
    expect(text('tr', t)).toBe(
      "Amazon'un bildirdiği 1.000 üzeri üründen 2.720 ASIN bulundu (Amazon yalnızca bir alt sınır veriyor). 2.720 ASIN'lik liste sınırında durdu.",
    );
    expect(text('en', t)).toBe(
      'Found 2,720 ASINs of the over 1,000 Amazon reports (Amazon gives only a lower bound). Stopped at the list limit of 2,720 ASINs.',
    );
  });

  it('a partial scan says what is missing', () => {
    const t = todo({
      id: 'a',
      status: 'COMPLETED_PARTIAL',
      coverage: facts({ found: 1000, reported: 1200, unpricedMissing: 130, unreached: 70 }),
    });
    expect(text('tr', t)).toMatch(
      /^Amazon'un bildirdiği 1\.200 üründen 1\.000 ASIN bulundu \(%83,3\)\. Eksik: fiyatı olmayan 130 ürüne ulaşılamadı; Amazon'un saydığı ama göstermediği 70 ürün var/,
    );
    expect(text('en', t)).toMatch(
      /^Found 1,000 ASINs of the 1,200 Amazon reports \(83\.3%\)\. Incomplete: 130 listings have no price and could not be reached; 70 listings were counted/,
    );
  });

  it('an ASIN check, and a refined search', () => {
    const check = todo({
      id: 'c',
      searchType: 'asinCheck',
      status: 'COMPLETED',
      coverage: facts({ found: 2, asinCheck: { checked: 4, sold: 2, unavailable: 0, notFound: 2 } }),
    });
    expect(text('tr', check)).toBe(
      '4 ASIN kontrol edildi: 2 tanesi orada satılıyor, 0 tanesi şu an satışta değil, 2 tanesi bulunamadı.',
    );
    expect(text('en', check)).toBe('Checked 4 ASINs: 2 sold there, 0 currently unavailable, 2 not found.');
    const refined = todo({
      id: 'f',
      status: 'COMPLETED',
      coverage: facts({ found: 12, reported: 300, filtered: true }),
    });
    expect(text('en', refined)).toBe(
      'Found 12 matching ASINs among the 300 results Amazon reports for the refined search.',
    );
  });

  it('a scan without facts has no line: never the English one the API also answers', () => {
    const old = { ...todo({ id: 'o', coverage: null }), coverageLine: 'Found 3 ASINs.' };
    expect(text('tr', old)).toBeNull();
  });
});

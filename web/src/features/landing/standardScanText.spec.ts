import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import tr from './locales/tr.json';

// Issue 22: the landing page offered the Standard scan as "every ASIN found in the store"; it returns
// what Amazon shows (at most 7 pages of results), and the Deep scan reaches the rest.
describe('the landing page words the Standard scan as what it returns', () => {
  it.each([
    ['en', en.services.types[0], /Deep/],
    ['tr', tr.services.types[0], /Derin/],
  ])('%s: at most 7 pages, and the Deep scan for the rest', (_locale, standard, deep) => {
    expect(standard.name).toMatch(/Standar/);
    expect(standard.text).toMatch(/\b7\b/);
    expect(standard.text).toMatch(deep);
    expect(standard.text).not.toMatch(/every ASIN|tüm ASIN/i);
  });
});

import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import tr from './locales/tr.json';

// Issue 22: the Standard scan was offered as "every ASIN of a storefront" while it returns what Amazon
// shows (at most 7 pages of results); it is worded as that, pointing to the Deep scan for the rest.
describe('the scan menu words the Standard scan as what it returns', () => {
  it.each([
    ['en', en.create.standardHint, /Deep/],
    ['tr', tr.create.standardHint, /Derin/],
  ])('%s: at most 7 pages, and the Deep scan for the rest', (_locale, hint, deep) => {
    expect(hint).toMatch(/\b7\b/);
    expect(hint).toMatch(deep);
    expect(hint).not.toMatch(/every ASIN|tüm ASIN/i);
  });
});

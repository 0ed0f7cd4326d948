import { EXPECTED_BLOCKS, EXPECTED_RESULTS } from './__fixtures__/expected.js';
import { readAmazonPage } from './__fixtures__/paths.js';
import {
  SYNTHETIC_CAPTCHA_2025,
  SYNTHETIC_CAPTCHA_TEXT_ONLY,
  SYNTHETIC_EDGE_TILES,
  SYNTHETIC_EMPTY_BLOCK,
  SYNTHETIC_NO_RESULTS,
  SYNTHETIC_NO_RESULTS_DE,
  SYNTHETIC_SOFT_404,
  SYNTHETIC_SOFT_404_TEXT_ONLY,
} from './__fixtures__/synthetic.js';
import { classifyPage } from './classify.js';

describe('classifyPage on the saved Amazon pages', () => {
  it.each(EXPECTED_BLOCKS)('$file is $kind', ({ file, kind }) => {
    expect(classifyPage(readAmazonPage(file))).toBe(kind);
  });

  it.each(EXPECTED_RESULTS.map((e) => e.file))('%s is results', (file) => {
    expect(classifyPage(readAmazonPage(file))).toBe('results');
  });

  it('keeps a real results page as results even when the status says 503', () => {
    expect(classifyPage(readAmazonPage('com_storefront_1.html'), 503)).toBe('results');
  });
});

describe('classifyPage on SYNTHETIC pages', () => {
  it('recognises the 2025 captcha with only a button', () => {
    expect(classifyPage(SYNTHETIC_CAPTCHA_2025)).toBe('captcha');
    expect(classifyPage(SYNTHETIC_CAPTCHA_TEXT_ONLY)).toBe('captcha');
  });

  it('recognises page-not-found pages served with 200', () => {
    expect(classifyPage(SYNTHETIC_SOFT_404)).toBe('soft-404');
    expect(classifyPage(SYNTHETIC_SOFT_404_TEXT_ONLY)).toBe('soft-404');
  });

  it('recognises a genuine no-results answer in English and German', () => {
    expect(classifyPage(SYNTHETIC_NO_RESULTS)).toBe('no-results');
    expect(classifyPage(SYNTHETIC_NO_RESULTS_DE)).toBe('no-results');
  });

  it('calls a page with no result tiles and no "no results" message a block', () => {
    expect(classifyPage(SYNTHETIC_EMPTY_BLOCK)).toBe('empty-block');
    expect(classifyPage('')).toBe('empty-block');
    expect(classifyPage('<html><body><p>Hello</p></body></html>')).toBe('empty-block');
  });

  it('uses the HTTP status when the body says nothing', () => {
    expect(classifyPage('<html><body></body></html>', 503)).toBe('blocked-503');
    expect(classifyPage('<html><body></body></html>', 404)).toBe('soft-404');
  });

  it('calls a page with organic tiles results', () => {
    expect(classifyPage(SYNTHETIC_EDGE_TILES)).toBe('results');
  });
});

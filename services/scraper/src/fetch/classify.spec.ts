import * as fs from 'node:fs';
import { defaultClassifier } from './classify.js';
import { AMAZON_PAGES_DIR, readAmazonPage } from '../parser/__fixtures__/paths.js';

describe('defaultClassifier on the real saved pages', () => {
  const files = fs.readdirSync(AMAZON_PAGES_DIR).filter((f) => f.endsWith('.html'));

  it.each(files)('%s', (name) => {
    const html = readAmazonPage(name);
    const expected = name.includes('captcha_3')
      ? 'waf-challenge'
      : name.includes('captcha')
        ? 'captcha'
        : name.includes('503')
          ? 'service-unavailable'
          : 'ok';
    expect(defaultClassifier(html, 200)).toBe(expected);
  });

  it('treats 503 and 429 statuses as blocks whatever the body', () => {
    expect(defaultClassifier('', 503)).toBe('service-unavailable');
    expect(defaultClassifier('', 429)).toBe('throttled');
    expect(defaultClassifier('', 404)).toBe('ok');
  });
});

import * as fs from 'node:fs';
import * as path from 'node:path';
import { defaultClassifier } from './classify.js';

const FIXTURES = path.resolve(__dirname, '../../../..', '../shared/fixtures/amazon-pages');

describe('defaultClassifier on the real saved pages', () => {
  const files = fs.readdirSync(FIXTURES).filter((f) => f.endsWith('.html'));

  it.each(files)('%s', (name) => {
    const html = fs.readFileSync(path.join(FIXTURES, name), 'utf8');
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

import { marketByCode, type Market } from '@shelfscan/markets';
import { addressAccepted, addressChangeBody, extractGlowCsrfToken } from './delivery-location.js';
import { readAmazonPage } from '../parser/__fixtures__/paths.js';

describe('extractGlowCsrfToken', () => {
  it('reads the glow modal token of a real amazon.ca page', () => {
    expect(extractGlowCsrfToken(readAmazonPage('ca_search_1.html'))).toBe(
      'hFFXCXgRSy5HV3HUh7gQ95zugdBOamVQGPGlXFJZ7ZyMAAAAAGg18M8AAAAB',
    );
  });

  it('finds a token on every real results page that has the modal, and none on block pages', () => {
    for (const name of ['ca_search_4.html', 'com_search_3.html', 'in_search_1.html']) {
      expect(extractGlowCsrfToken(readAmazonPage(name))).toMatch(/^[A-Za-z0-9+/=]{20,}$/);
    }
    for (const name of ['com_captcha_1.html', 'com_captcha_3.html', 'com_503_1.html']) {
      expect(extractGlowCsrfToken(readAmazonPage(name))).toBeUndefined();
    }
  });

  it('falls back to the meta tag and decodes entities', () => {
    expect(extractGlowCsrfToken('<meta name="anti-csrftoken-a2z" content="abc&#x3D;" >')).toBe('abc=');
    expect(
      extractGlowCsrfToken(
        '<span data-a-modal="{&quot;ajaxHeaders&quot;:{&quot;anti-csrftoken-a2z&quot;:&quot;t0k&#x2F;en&quot;}}">',
      ),
    ).toBe('t0k/en');
  });
});

describe('address change', () => {
  it('posts the market postal code', () => {
    expect(JSON.parse(addressChangeBody(marketByCode('UK') as Market))).toMatchObject({
      locationType: 'LOCATION_INPUT',
      zipCode: 'EC1A 1BB',
      actionSource: 'glow',
    });
  });

  it('reads the verdict', () => {
    expect(addressAccepted('{"isValidAddress":1}')).toBe(true);
    expect(addressAccepted('{"isValidAddress":0}')).toBe(false);
    expect(addressAccepted('<html>')).toBe(false);
  });
});

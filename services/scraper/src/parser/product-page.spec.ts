import { readAmazonPage } from './__fixtures__/paths.js';
import {
  SYNTHETIC_PRODUCT_2019,
  SYNTHETIC_PRODUCT_AE,
  SYNTHETIC_PRODUCT_CA,
  SYNTHETIC_PRODUCT_MX,
  SYNTHETIC_PRODUCT_NOT_FOUND,
  SYNTHETIC_PRODUCT_UNAVAILABLE,
} from './__fixtures__/product-pages.js';
import { parseProductPage } from './product-page.js';

describe('parseProductPage on SYNTHETIC product pages (Amazon’s detail-page shape)', () => {
  it('reads a sold product: title, price, stars, ratings and both badges', () => {
    const page = parseProductPage(SYNTHETIC_PRODUCT_CA, { status: 200, domain: 'amazon.ca' });
    expect(page).toMatchObject({
      kind: 'product',
      state: 'sold',
      asin: 'B00ABCDEFG',
      title: 'Coleman Sundome 6-Person Dome Tent with Rainfly, Green',
      stars: 4.5,
      reviewCount: 1234,
      amazonsChoice: true,
      bestSeller: true,
    });
    // The price to pay, not the struck-through list price further down.
    expect(page.price).toMatchObject({ text: '$139.99', amount: 139.99, minor: 13999, currency: 'CAD' });
  });

  it('reads a Spanish page with empty badge blocks and no rating', () => {
    const page = parseProductPage(SYNTHETIC_PRODUCT_MX, { domain: 'amazon.com.mx' });
    expect(page).toMatchObject({
      kind: 'product',
      state: 'sold',
      title: 'Lámpara de escritorio LED con puerto USB, regulable',
      stars: null,
      reviewCount: null,
      amazonsChoice: false,
      bestSeller: false,
    });
    expect(page.price).toMatchObject({ amount: 1299, currency: 'MXN' });
  });

  it('reads the 2025 badge markup and a price in AED', () => {
    const page = parseProductPage(SYNTHETIC_PRODUCT_AE, { domain: 'amazon.ae' });
    expect(page).toMatchObject({
      state: 'sold',
      stars: 4,
      reviewCount: 87,
      amazonsChoice: true,
      bestSeller: false,
    });
    expect(page.price).toMatchObject({ amount: 1049, minor: 104900, currency: 'AED' });
  });

  it('a product that is “Currently unavailable” is not sold there, and shows no price', () => {
    const page = parseProductPage(SYNTHETIC_PRODUCT_UNAVAILABLE, { domain: 'amazon.co.uk' });
    expect(page).toMatchObject({
      kind: 'product',
      state: 'unavailable',
      title: 'Garden Hose Reel with 30m Hose',
      price: null,
      stars: 3.5,
      reviewCount: 12,
    });
  });

  it('reads the 2019 price block', () => {
    const page = parseProductPage(SYNTHETIC_PRODUCT_2019, { domain: 'amazon.ca' });
    expect(page).toMatchObject({ kind: 'product', state: 'sold', asin: '0123456789' });
    expect(page.price?.amount).toBe(24.95);
  });

  it('Amazon’s “page not found” means the market does not sell the ASIN (with 404, and with 200)', () => {
    for (const status of [404, 200]) {
      const page = parseProductPage(SYNTHETIC_PRODUCT_NOT_FOUND, { status, domain: 'amazon.ca' });
      expect(page).toMatchObject({ kind: 'not-found', state: 'not-found', title: null, price: null });
    }
  });
});

describe('parseProductPage on the saved block pages', () => {
  it.each([
    ['com_captcha_1.html', 'captcha'],
    ['uk_captcha_1.html', 'captcha'],
    ['com_captcha_3.html', 'captcha'],
    ['com_503_1.html', 'blocked-503'],
  ])('%s is a block (%s), never a "not sold" answer', (file, kind) => {
    expect(parseProductPage(readAmazonPage(file), { status: 200 }).kind).toBe(kind);
  });

  it('a results page where a product page was expected is an empty block', () => {
    expect(parseProductPage(readAmazonPage('ca_search_1.html')).kind).toBe('empty-block');
  });
});

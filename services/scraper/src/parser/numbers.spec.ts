import { amazonDomainOf, parseCount, parsePrice, parseResultCount, parseStars } from './numbers.js';

describe('parseResultCount', () => {
  it.each([
    ['1-16 of over 1,000 results for', { from: 1, to: 16, total: 1000, isLowerBound: true }],
    ['1-48 of over 5,000 results for', { from: 1, to: 48, total: 5000, isLowerBound: true }],
    ['49-96 of over 10,000 results for', { from: 49, to: 96, total: 10000, isLowerBound: true }],
    ['1-16 of 534 results for', { from: 1, to: 16, total: 534, isLowerBound: false }],
    ['11 results for', { from: 1, to: 11, total: 11, isLowerBound: false }],
    [
      '1-16 von mehr als 1.000 Ergebnissen oder Vorschlägen für',
      { from: 1, to: 16, total: 1000, isLowerBound: true },
    ],
    ['1-16 von über 2.000 Ergebnissen', { from: 1, to: 16, total: 2000, isLowerBound: true }],
    ['1-48 de más de 3.000 resultados para', { from: 1, to: 48, total: 3000, isLowerBound: true }],
    ['1-48 de 94 resultados para', { from: 1, to: 48, total: 94, isLowerBound: false }],
    ['1-24的194 個結果', { from: 1, to: 24, total: 194, isLowerBound: false }],
    ['1-16，共超過 1,000 項結果', { from: 1, to: 16, total: 1000, isLowerBound: true }],
    ['5,000以上のうち1-48件', { from: 1, to: 48, total: 5000, isLowerBound: true }],
    ['1-16 sur plus de 1\u00a0000 résultats pour', { from: 1, to: 16, total: 1000, isLowerBound: true }],
    ['١-١٦ من أكثر من ١٬٠٠٠ نتيجة', { from: 1, to: 16, total: 1000, isLowerBound: true }],
    ['1-16 of 28 results for "widget 2000"', { from: 1, to: 16, total: 28, isLowerBound: false }],
    ['over 1,000 results', { from: null, to: null, total: 1000, isLowerBound: true }],
  ])('%s', (text, expected) => {
    expect(parseResultCount(text)).toMatchObject(expected);
  });

  it('returns null without digits', () => {
    expect(parseResultCount('results')).toBeNull();
    expect(parseResultCount('')).toBeNull();
  });
});

describe('parsePrice', () => {
  it.each([
    ['$139.99', 'amazon.com', 139.99, 13999, 'USD'],
    ['$199.90', 'amazon.ca', 199.9, 19990, 'CAD'],
    ['$1,299.00', 'amazon.com.mx', 1299, 129900, 'MXN'],
    ['US$128.00', undefined, 128, 12800, 'USD'],
    ['700,00 €', 'amazon.es', 700, 70000, 'EUR'],
    ['1.234,56 €', undefined, 1234.56, 123456, 'EUR'],
    ['EUR 13,97', undefined, 13.97, 1397, 'EUR'],
    ['₹1,499', undefined, 1499, 149900, 'INR'],
    ['£12.5', undefined, 12.5, 1250, 'GBP'],
    ['AED 1,234.00', undefined, 1234, 123400, 'AED'],
    ['S$ 20.10', undefined, 20.1, 2010, 'SGD'],
    ['￥1,980', undefined, 1980, 1980, 'JPY'],
  ])('%s (%s)', (text, domain, amount, minor, currency) => {
    expect(parsePrice(text, domain)).toMatchObject({ text, amount, minor, currency });
  });

  it('leaves an ambiguous "$" without a market unresolved', () => {
    expect(parsePrice('$5.00')).toMatchObject({ amount: 5, symbol: '$', currency: null });
  });

  it('returns null without digits', () => {
    expect(parsePrice('Currently unavailable')).toBeNull();
  });
});

describe('parseStars', () => {
  it.each([
    ['4.4 out of 5 stars', 4.4],
    ['3.9 out of 5 stars.', 3.9],
    ['4,6 von 5 Sternen', 4.6],
    ['5 von 5 Sternen', 5],
    ['4,4 de 5 estrellas', 4.4],
    ['4.3 顆星，最高 5 顆星', 4.3],
    ['5つ星のうち4.3', 4.3],
    ['5つ星のうち5.0', 5],
  ])('%s -> %d', (text, stars) => {
    expect(parseStars(text)).toBe(stars);
  });

  it('returns null for no rating', () => {
    expect(parseStars('Prime')).toBeNull();
    expect(parseStars(undefined)).toBeNull();
  });
});

describe('parseCount', () => {
  it.each([
    ['13,429 ratings', 13429],
    ['2.105', 2105],
    ['(66)', 66],
    ['(1.2K)', 1200],
    ['3 M', 3000000],
  ])('%s -> %d', (text, n) => {
    expect(parseCount(text)).toBe(n);
  });
});

describe('amazonDomainOf', () => {
  it.each([
    ['www.amazon.ca', 'amazon.ca'],
    ['smile.amazon.co.uk', 'amazon.co.uk'],
    ['amazon.com.mx', 'amazon.com.mx'],
    ['WWW.AMAZON.AE.', 'amazon.ae'],
    ['example.com', null],
  ])('%s -> %s', (host, domain) => {
    expect(amazonDomainOf(host)).toBe(domain);
  });
});

import { marketByCode, type Market } from './markets.js';
import { buildSearchUrl, parseStoreUrl, StoreUrlError, type StoreUrlErrorCode } from './store-url.js';

const CA = marketByCode('CA') as Market;
const MX = marketByCode('MX') as Market;
const UK = marketByCode('UK') as Market;

describe('parseStoreUrl accepts every form a user may paste', () => {
  it.each([
    ['storefront', 'https://www.amazon.ca/s?me=A2DP2EEPU3VU45&marketplaceID=A2EUQ1WTGCTBG2', 'CA', {}],
    [
      'storefront, merchant-items alias',
      'https://www.amazon.com.mx/s?i=merchant-items&me=A2DP2EEPU3VU45',
      'MX',
      {},
    ],
    ['no scheme', 'www.amazon.co.uk/s?me=A2DP2EEPU3VU45', 'UK', {}],
    ['no scheme, no www', 'amazon.ae/s?me=A2DP2EEPU3VU45&marketplaceID=A2VIGQ35RCS4UG', 'AE', {}],
    ['smile.', 'https://smile.amazon.co.uk/s?me=A2DP2EEPU3VU45', 'UK', {}],
    ['http', 'http://www.amazon.sg/s?me=A2DP2EEPU3VU45', 'SG', {}],
    ['scheme-relative', '//www.amazon.com.au/s?me=A2DP2EEPU3VU45', 'AU', {}],
    ['upper-case host and trailing dot', 'HTTPS://WWW.AMAZON.CA./s?me=A2DP2EEPU3VU45', 'CA', {}],
    [
      'seller profile',
      'https://www.amazon.ca/sp?ie=UTF8&seller=A2DP2EEPU3VU45&isAmazonFulfilled=1',
      'CA',
      {},
    ],
    ['old seller page', 'https://www.amazon.co.uk/gp/aag/main?ie=UTF8&seller=A2DP2EEPU3VU45', 'UK', {}],
    ['seller refinement', 'https://www.amazon.ca/s?rh=p_6:A2DP2EEPU3VU45', 'CA', {}],
    ['seller refinement, URL-encoded', 'https://www.amazon.ca/s?rh=p_6%3AA2DP2EEPU3VU45&dc', 'CA', {}],
    ['seller refinement, encoded twice', 'https://www.amazon.ca/s?rh=p_6%253AA2DP2EEPU3VU45', 'CA', {}],
    [
      'seller refinement with category and keyword',
      'https://www.amazon.ca/s?k=6+person+tent&rh=n%3A2439470011%2Cn%3A8793299011%2Cp_6%3AA2DP2EEPU3VU45&dc',
      'CA',
      { keyword: '6 person tent', nodeId: '8793299011' },
    ],
    [
      'storefront with keyword and category',
      'https://www.amazon.com.mx/s?me=A2DP2EEPU3VU45&k=funda%20iphone&rh=n:9687925011&marketplaceID=A1AM78C64UM0Y8',
      'MX',
      { keyword: 'funda iphone', nodeId: '9687925011' },
    ],
    [
      'product page with smid',
      'https://www.amazon.ca/Coleman-Camping-Tent/dp/B07BYYKMN4/ref=sr_1_2?smid=A2DP2EEPU3VU45&th=1',
      'CA',
      {},
    ],
    ['old /shops/ storefront', 'https://www.amazon.co.uk/shops/A2DP2EEPU3VU45', 'UK', {}],
    [
      'brand store carrying a seller id',
      'https://www.amazon.ca/stores/page/1A2B3C?ingress=0&me=A2DP2EEPU3VU45',
      'CA',
      {},
    ],
    ['lower-case seller id', 'https://www.amazon.ca/s?me=a2dp2eepu3vu45', 'CA', {}],
    ['upper-case parameter name', 'https://www.amazon.ca/sp?Seller=A2DP2EEPU3VU45', 'CA', {}],
    ['pasted inside text', 'store: https://www.amazon.ca/s?me=A2DP2EEPU3VU45 thanks', 'CA', {}],
    ['wrapped in angle brackets', '<https://www.amazon.ca/s?me=A2DP2EEPU3VU45>', 'CA', {}],
    ['surrounding whitespace', '   https://www.amazon.ca/s?me=A2DP2EEPU3VU45 \n', 'CA', {}],
  ])('%s', (_name, input, marketCode, extra) => {
    const ref = parseStoreUrl(input);
    expect(ref.sellerId).toBe('A2DP2EEPU3VU45');
    expect(ref.market.code).toBe(marketCode);
    expect(ref.keyword).toBe((extra as { keyword?: string }).keyword);
    expect(ref.nodeId).toBe((extra as { nodeId?: string }).nodeId);
  });

  it('accepts seller ids from 10 to 21 characters', () => {
    expect(parseStoreUrl('amazon.ca/s?me=A123456789').sellerId).toBe('A123456789');
    expect(parseStoreUrl('amazon.ca/s?me=A12345678901234567890').sellerId).toBe('A12345678901234567890');
  });

  it('prefers me= over a seller refinement and smid', () => {
    const ref = parseStoreUrl(
      'https://www.amazon.ca/s?me=A2DP2EEPU3VU45&rh=p_6:A3DWYIK6Y9EEQB&smid=A1AAAAAAAAAAAA',
    );
    expect(ref.sellerId).toBe('A2DP2EEPU3VU45');
  });

  it('accepts amazon.com only when reference markets are allowed', () => {
    expect(() => parseStoreUrl('https://www.amazon.com/s?me=A2DP2EEPU3VU45')).toThrow(StoreUrlError);
    const ref = parseStoreUrl('https://www.amazon.com/s?me=A2DP2EEPU3VU45', { allowReferenceMarkets: true });
    expect(ref.market.code).toBe('US');
  });
});

describe('parseStoreUrl rejects with a typed reason', () => {
  it.each<[string, string, StoreUrlErrorCode]>([
    ['empty', '', 'NOT_A_URL'],
    ['blank', '   ', 'NOT_A_URL'],
    ['plain words', 'my favourite store', 'NOT_A_URL'],
    ['a bare seller id', 'A2DP2EEPU3VU45', 'NOT_A_URL'],
    ['relative path', '/s?me=A2DP2EEPU3VU45', 'NOT_A_URL'],
    ['javascript: URL', 'javascript:alert(1)', 'NOT_A_URL'],
    ['ftp URL', 'ftp://www.amazon.ca/s?me=A2DP2EEPU3VU45', 'NOT_A_URL'],
    ['another site', 'https://www.ebay.com/str/someshop', 'NOT_AMAZON'],
    ['look-alike host', 'https://www.amazon.ca.evil.example/s?me=A2DP2EEPU3VU45', 'NOT_AMAZON'],
    ['amazon in a path', 'https://evil.example/www.amazon.ca/s?me=A2DP2EEPU3VU45', 'NOT_AMAZON'],
    ['amazonaws', 'https://amazon.ca.s3.amazonaws.com/s?me=A2DP2EEPU3VU45', 'NOT_AMAZON'],
    ['amazon.de', 'https://www.amazon.de/s?me=A2DP2EEPU3VU45', 'MARKET_NOT_SUPPORTED'],
    ['amazon.in', 'amazon.in/s?me=A2DP2EEPU3VU45', 'MARKET_NOT_SUPPORTED'],
    [
      'amazon.com (reference only)',
      'https://www.amazon.com/sp?seller=A2DP2EEPU3VU45',
      'MARKET_NOT_SUPPORTED',
    ],
    ['search without seller', 'https://www.amazon.ca/s?k=tent', 'NO_SELLER_ID'],
    ['product page without smid', 'https://www.amazon.ca/dp/B07BYYKMN4', 'NO_SELLER_ID'],
    ['brand store without seller', 'https://www.amazon.ca/stores/page/1A2B3C4D', 'NO_SELLER_ID'],
    ['home page', 'https://www.amazon.ca/', 'NO_SELLER_ID'],
    ['empty me=', 'https://www.amazon.ca/s?me=&k=tent', 'NO_SELLER_ID'],
    ['too short', 'https://www.amazon.ca/s?me=A12345678', 'INVALID_SELLER_ID'],
    ['too long', 'https://www.amazon.ca/s?me=A123456789012345678901', 'INVALID_SELLER_ID'],
    ['not starting with A', 'https://www.amazon.ca/sp?seller=B2DP2EEPU3VU45', 'INVALID_SELLER_ID'],
    ['punctuation', 'https://www.amazon.ca/s?me=A2DP2EE-U3VU45', 'INVALID_SELLER_ID'],
    ['an ASIN as smid', 'https://www.amazon.ca/dp/B07BYYKMN4?smid=B07BYYKMN4', 'INVALID_SELLER_ID'],
  ])('%s', (_name, input, code) => {
    let error: unknown;
    try {
      parseStoreUrl(input);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(StoreUrlError);
    expect((error as StoreUrlError).code).toBe(code);
    expect((error as StoreUrlError).message.length).toBeGreaterThan(10);
  });

  it('names the served markets when refusing one', () => {
    expect(() => parseStoreUrl('https://www.amazon.de/s?me=A2DP2EEPU3VU45')).toThrow(
      /amazon\.ca.*amazon\.co\.uk/,
    );
  });
});

describe('buildSearchUrl', () => {
  it('builds the plain storefront URL on the market host', () => {
    expect(buildSearchUrl(CA, { sellerId: 'A2DP2EEPU3VU45' })).toBe(
      'https://www.amazon.ca/s?me=A2DP2EEPU3VU45&marketplaceID=A2EUQ1WTGCTBG2',
    );
  });

  it('adds keyword, refinements joined by commas, page and sort', () => {
    const url = buildSearchUrl(MX, {
      sellerId: 'A2DP2EEPU3VU45',
      keyword: 'funda iphone & más',
      nodeId: '9687925011',
      priceMinor: { min: 1500, max: 2000 },
      starsRefinementId: '11192170011',
      page: 3,
      sort: 'price-asc-rank',
    });
    expect(url).toBe(
      'https://www.amazon.com.mx/s?me=A2DP2EEPU3VU45&marketplaceID=A1AM78C64UM0Y8&k=funda+iphone+%26+m%C3%A1s' +
        '&rh=n:9687925011,p_36:1500-2000,p_72:11192170011&page=3&s=price-asc-rank',
    );
    const parsed = new URL(url);
    expect(parsed.searchParams.get('k')).toBe('funda iphone & más');
    expect(parsed.searchParams.get('rh')).toBe('n:9687925011,p_36:1500-2000,p_72:11192170011');
  });

  it('writes open price bands and leaves page 1 implicit', () => {
    expect(buildSearchUrl(UK, { sellerId: 'A2DP2EEPU3VU45', priceMinor: { max: 2000 }, page: 1 })).toBe(
      'https://www.amazon.co.uk/s?me=A2DP2EEPU3VU45&marketplaceID=A1F83G8C2ARO7P&rh=p_36:-2000',
    );
    expect(buildSearchUrl(UK, { sellerId: 'A2DP2EEPU3VU45', priceMinor: { min: 1500 } })).toContain(
      'rh=p_36:1500-',
    );
    expect(buildSearchUrl(UK, { sellerId: 'A2DP2EEPU3VU45', priceMinor: { min: 0, max: 0 } })).toContain(
      'rh=p_36:0-0',
    );
  });

  it('round-trips through parseStoreUrl', () => {
    const url = buildSearchUrl(CA, { sellerId: 'A2DP2EEPU3VU45', keyword: 'tent', nodeId: '2439470011' });
    expect(parseStoreUrl(url)).toMatchObject({
      sellerId: 'A2DP2EEPU3VU45',
      keyword: 'tent',
      nodeId: '2439470011',
      market: { code: 'CA' },
    });
  });

  it("restricts a query to the scan's department: n:<category> first, the seller as p_6", () => {
    const url = new URL(
      buildSearchUrl(CA, {
        sellerId: 'A2DP2EEPU3VU45',
        categoryNodeId: '667823011',
        priceMinor: { max: 2000 },
      }),
    );
    expect(url.searchParams.get('rh')).toBe('n:667823011,p_6:A2DP2EEPU3VU45,p_36:-2000');
    expect(url.searchParams.get('me')).toBe('A2DP2EEPU3VU45');
    // A sub-department of the category the engine splits on: both nodes (Amazon's own n:parent,n:child).
    const sub = new URL(
      buildSearchUrl(CA, { sellerId: 'A2DP2EEPU3VU45', categoryNodeId: '667823011', nodeId: '677252011' }),
    );
    expect(sub.searchParams.get('rh')).toBe('n:667823011,n:677252011,p_6:A2DP2EEPU3VU45');
    const same = buildSearchUrl(CA, {
      sellerId: 'A2DP2EEPU3VU45',
      categoryNodeId: '667823011',
      nodeId: '667823011',
    });
    expect(new URL(same).searchParams.get('rh')).toBe('n:667823011,p_6:A2DP2EEPU3VU45');
    expect(parseStoreUrl(same)).toMatchObject({ sellerId: 'A2DP2EEPU3VU45', nodeId: '667823011' });
  });

  it.each([
    [{ sellerId: 'A2DP2EEPU3VU45', categoryNodeId: 'electronics' }],
    [{ sellerId: 'not-a-seller' }],
    [{ sellerId: 'A2DP2EEPU3VU45', nodeId: '12a' }],
    [{ sellerId: 'A2DP2EEPU3VU45', priceMinor: { min: 10.5 } }],
    [{ sellerId: 'A2DP2EEPU3VU45', priceMinor: { min: -1 } }],
    [{ sellerId: 'A2DP2EEPU3VU45', priceMinor: { min: 3000, max: 2000 } }],
    [{ sellerId: 'A2DP2EEPU3VU45', starsRefinementId: '4 stars' }],
    [{ sellerId: 'A2DP2EEPU3VU45', page: 0 }],
  ])('refuses invalid input %j', (query) => {
    expect(() => buildSearchUrl(CA, query)).toThrow(RangeError);
  });
});

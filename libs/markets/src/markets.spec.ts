import fs from 'node:fs';
import path from 'node:path';
import {
  amazonDomainOfHost,
  AMAZON_DOMAIN_CURRENCY,
  marketByCode,
  marketCodesFor,
  marketName,
  marketNames,
  marketOfHost,
  marketplaceList,
  MARKETS,
  SOLD_MARKET_CODES,
} from './index.js';

describe('the market table', () => {
  it('sells six markets; amazon.com is a reference market only', () => {
    expect(SOLD_MARKET_CODES).toEqual(['CA', 'MX', 'AE', 'AU', 'SG', 'UK']);
    expect(marketByCode('US')?.sold).toBe(false);
  });

  it('runs deep scans in Canada, the UAE, Mexico and the UK and functional ones in Canada and Mexico (spec part 6)', () => {
    expect([...marketCodesFor('deep')].sort()).toEqual(['AE', 'CA', 'MX', 'UK']);
    expect([...marketCodesFor('functional')].sort()).toEqual(['CA', 'MX']);
    expect(marketCodesFor('standard')).toEqual(SOLD_MARKET_CODES);
  });

  it('names the United Kingdom UK everywhere; GB is only its delivery country', () => {
    const uk = marketByCode('uk');
    expect(uk).toMatchObject({ code: 'UK', countryCode: 'GB', domain: 'amazon.co.uk' });
    expect(marketByCode('GB')).toBeUndefined();
    expect(marketOfHost('smile.amazon.co.uk')?.code).toBe('UK');
  });

  it('names each market in the page language', () => {
    expect(marketName('UK', 'tr')).toBe('Birleşik Krallık');
    expect(marketName('UK', 'en')).toBe('United Kingdom');
    expect(marketName('AE', 'tr-TR')).toBe('Birleşik Arap Emirlikleri');
    expect(marketName('XX', 'en')).toBe('XX');
  });

  it('joins market names as the language joins a list', () => {
    expect(marketNames(['CA', 'MX'], 'tr')).toBe('Kanada ve Meksika');
    expect(marketNames(['CA', 'AE', 'UK'], 'en')).toBe('Canada, United Arab Emirates, and United Kingdom');
    expect(marketNames(['SG'], 'en')).toBe('Singapore');
  });

  it('answers GET /api/marketplace with the spec fields and the code requests use', () => {
    const list = marketplaceList();
    expect(list).toHaveLength(6);
    expect(list[5]).toEqual({
      id: 6,
      name: 'United Kingdom',
      countryCode: 'GB',
      marketPlaceId: 'A1F83G8C2ARO7P',
      suffix: 'co.uk',
      code: 'UK',
      deep: true,
      functional: false,
    });
  });

  it('knows the currency of every market domain and tells other Amazon sites from the rest', () => {
    for (const m of MARKETS) expect(AMAZON_DOMAIN_CURRENCY[m.domain]).toBe(m.currency);
    expect(amazonDomainOfHost('www.amazon.de.')).toBe('amazon.de');
    expect(amazonDomainOfHost('amazon.example.com')).toBeUndefined();
  });

  it('stays browser-safe: no Node built-in is imported (the web app bundles it)', () => {
    const dir = path.join(__dirname);
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'))) {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      expect({ file, nodeImports: text.match(/from '(node:[^']+|fs|path|crypto|url)'/g) }).toEqual({
        file,
        nodeImports: null,
      });
    }
  });
});

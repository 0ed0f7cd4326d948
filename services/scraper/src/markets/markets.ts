/**
 * The marketplaces ShelfScan scans (and amazon.com, the reference market of many saved pages).
 * Facts read from the saved Amazon pages (../shared/fixtures/amazon-pages) and the markets' sites.
 */
export type MarketCode = 'CA' | 'MX' | 'AE' | 'AU' | 'SG' | 'UK' | 'US';

export interface Market {
  code: MarketCode;
  /** Display names in the two locales. */
  name: { en: string; tr: string };
  /** ISO 3166-1 alpha-2 of the delivery country the scan pins (GB for the UK). */
  countryCode: string;
  /** The storefront host (always requested with https://www.). */
  domain: string;
  marketplaceId: string;
  /** ISO 4217 currency of the prices on the pages. */
  currency: string;
  /** A postal code in the market's country, used to pin the delivery location. */
  deliveryPostalCode: string;
  /** Whether Deep and Functional scans are sold for this market (product spec part 6). */
  deep: boolean;
  functional: boolean;
  /** False for reference markets the product does not sell scans for. */
  sold: boolean;
}

export const MARKETS: readonly Market[] = [
  {
    code: 'CA',
    name: { en: 'Canada', tr: 'Kanada' },
    countryCode: 'CA',
    domain: 'amazon.ca',
    marketplaceId: 'A2EUQ1WTGCTBG2',
    currency: 'CAD',
    deliveryPostalCode: 'M5V 2T6',
    deep: true,
    functional: true,
    sold: true,
  },
  {
    code: 'MX',
    name: { en: 'Mexico', tr: 'Meksika' },
    countryCode: 'MX',
    domain: 'amazon.com.mx',
    marketplaceId: 'A1AM78C64UM0Y8',
    currency: 'MXN',
    deliveryPostalCode: '06700',
    deep: true,
    functional: true,
    sold: true,
  },
  {
    code: 'AE',
    name: { en: 'United Arab Emirates', tr: 'Birleşik Arap Emirlikleri' },
    countryCode: 'AE',
    domain: 'amazon.ae',
    marketplaceId: 'A2VIGQ35RCS4UG',
    currency: 'AED',
    deliveryPostalCode: '00000',
    deep: true,
    functional: false,
    sold: true,
  },
  {
    code: 'AU',
    name: { en: 'Australia', tr: 'Avustralya' },
    countryCode: 'AU',
    domain: 'amazon.com.au',
    marketplaceId: 'A39IBJ37TRP1C6',
    currency: 'AUD',
    deliveryPostalCode: '2000',
    deep: false,
    functional: false,
    sold: true,
  },
  {
    code: 'SG',
    name: { en: 'Singapore', tr: 'Singapur' },
    countryCode: 'SG',
    domain: 'amazon.sg',
    marketplaceId: 'A19VAU5U5O7RUS',
    currency: 'SGD',
    deliveryPostalCode: '018956',
    deep: false,
    functional: false,
    sold: true,
  },
  {
    code: 'UK',
    name: { en: 'United Kingdom', tr: 'Birleşik Krallık' },
    countryCode: 'GB',
    domain: 'amazon.co.uk',
    marketplaceId: 'A1F83G8C2ARO7P',
    currency: 'GBP',
    deliveryPostalCode: 'EC1A 1BB',
    deep: true,
    functional: false,
    sold: true,
  },
  {
    code: 'US',
    name: { en: 'United States', tr: 'Amerika Birleşik Devletleri' },
    countryCode: 'US',
    domain: 'amazon.com',
    marketplaceId: 'ATVPDKIKX0DER',
    currency: 'USD',
    deliveryPostalCode: '10001',
    deep: false,
    functional: false,
    sold: false,
  },
];

const byDomain = new Map(MARKETS.map((m) => [m.domain, m]));
const byCode = new Map(MARKETS.map((m) => [m.code, m]));

/** The market of a host name (`www.amazon.ca`, `amazon.ca`, `smile.amazon.co.uk`); undefined if not Amazon. */
export function marketOfHost(host: string): Market | undefined {
  const h = host.toLowerCase().replace(/\.$/, '');
  for (const [domain, market] of byDomain) {
    if (h === domain || h.endsWith(`.${domain}`)) return market;
  }
  return undefined;
}

export function marketByCode(code: string): Market | undefined {
  return byCode.get(code.toUpperCase() as MarketCode);
}

/** The origin every request for this market goes to (the engine builds URLs itself). */
export function marketOrigin(market: Market): string {
  return `https://www.${market.domain}`;
}

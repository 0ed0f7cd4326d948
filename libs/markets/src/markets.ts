/**
 * The marketplaces ShelfScan scans (and amazon.com, the reference market of many saved pages): the
 * one table of market facts. Every side (scraper, search, gateway, web) names a market by its `code`
 * (`UK` for the United Kingdom); `countryCode` is only the ISO country the scan's delivery address is in.
 * Browser-safe: no Node imports.
 */
export type MarketCode = 'CA' | 'MX' | 'AE' | 'AU' | 'SG' | 'UK' | 'US';

/** The languages of the product (product spec: Turkish by default, US English). */
export type MarketLanguage = 'tr' | 'en';

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

export const MARKETS: readonly Market[] = Object.freeze([
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
]);

/**
 * Every Amazon retail domain with the currency of its prices: the markets above and the ones ShelfScan
 * does not serve (to tell "Amazon, but a market we do not serve" from "not Amazon", and to read the
 * prices of saved pages from any of them).
 */
export const AMAZON_DOMAIN_CURRENCY: Readonly<Record<string, string>> = Object.freeze({
  ...Object.fromEntries(MARKETS.map((m) => [m.domain, m.currency])),
  'amazon.com.br': 'BRL',
  'amazon.de': 'EUR',
  'amazon.fr': 'EUR',
  'amazon.it': 'EUR',
  'amazon.es': 'EUR',
  'amazon.nl': 'EUR',
  'amazon.se': 'SEK',
  'amazon.pl': 'PLN',
  'amazon.com.be': 'EUR',
  'amazon.ie': 'EUR',
  'amazon.com.tr': 'TRY',
  'amazon.sa': 'SAR',
  'amazon.eg': 'EGP',
  'amazon.in': 'INR',
  'amazon.co.jp': 'JPY',
  'amazon.cn': 'CNY',
  'amazon.co.za': 'ZAR',
});

/** The Amazon retail domain of a host (`www.amazon.co.uk`, `smile.amazon.de.`); undefined if not Amazon. */
export function amazonDomainOfHost(host: string): string | undefined {
  const h = host.toLowerCase().replace(/\.$/, '');
  return Object.keys(AMAZON_DOMAIN_CURRENCY).find((d) => h === d || h.endsWith(`.${d}`));
}

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

/** The markets scans are sold for, in the product's order (amazon.com is a reference market only). */
export const SOLD_MARKETS: readonly Market[] = MARKETS.filter((m) => m.sold);

/** A code of a sold market. */
export type SoldMarketCode = Exclude<MarketCode, 'US'>;

/** The codes of the sold markets: CA, MX, AE, AU, SG, UK. */
export const SOLD_MARKET_CODES = SOLD_MARKETS.map((m) => m.code) as readonly SoldMarketCode[] as readonly [
  SoldMarketCode,
  ...SoldMarketCode[],
];

/** The scan types whose markets differ (product spec part 6): deep and functional run in fewer markets. */
export type MarketScanType = 'standard' | 'deep' | 'functional';

/** The sold markets a scan type runs in: every one for standard, `deep`/`functional` ones otherwise. */
export function marketsFor(type: MarketScanType): readonly Market[] {
  if (type === 'deep') return SOLD_MARKETS.filter((m) => m.deep);
  if (type === 'functional') return SOLD_MARKETS.filter((m) => m.functional);
  return SOLD_MARKETS;
}

/** The codes of `marketsFor(type)`, e.g. `CA, MX, AE, UK` for deep. */
export function marketCodesFor(type: MarketScanType): readonly SoldMarketCode[] {
  return marketsFor(type).map((m) => m.code as SoldMarketCode);
}

/** The market's name in a language (`en` for any language other than Turkish); the code when unknown. */
export function marketName(code: string, language: string): string {
  const market = marketByCode(code);
  if (!market) return code;
  return language.toLowerCase().startsWith('tr') ? market.name.tr : market.name.en;
}

/**
 * The markets' names in a language joined as the language joins a list (`Kanada ve Meksika`,
 * `Canada and Mexico`): the one wording of a market list, for the catalogue's placeholders and the pages.
 */
export function marketNames(codes: readonly string[], language: string): string {
  return new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(
    codes.map((code) => marketName(code, language)),
  );
}

/** The domain's suffix after "amazon.": ca, com.mx, ae, com.au, sg, co.uk. */
export function marketSuffix(market: Market): string {
  return market.domain.replace(/^amazon\./, '');
}

/** A market as GET /api/marketplace answers it (product spec part 3, plus code and scan types). */
export interface MarketplaceJson {
  id: number;
  name: string;
  countryCode: string;
  marketPlaceId: string;
  suffix: string;
  /** The code every request and answer names the market by (`UK`, where countryCode is `GB`). */
  code: SoldMarketCode;
  deep: boolean;
  functional: boolean;
}

/** GET /api/marketplace: the sold markets in the product's order. */
export function marketplaceList(): MarketplaceJson[] {
  return SOLD_MARKETS.map((m, i) => ({
    id: i + 1,
    name: m.name.en,
    countryCode: m.countryCode,
    marketPlaceId: m.marketplaceId,
    suffix: marketSuffix(m),
    code: m.code as SoldMarketCode,
    deep: m.deep,
    functional: m.functional,
  }));
}

import { MARKETS, type Market } from '@shelfscan/scraper-service';

/** The markets scans are sold for (the scraper's market table; amazon.com is a reference market only). */
export const SOLD_MARKETS: readonly Market[] = MARKETS.filter((m) => m.sold);

export function soldMarket(code: string): Market | undefined {
  return SOLD_MARKETS.find((m) => m.code === code.toUpperCase());
}

/** The domain's suffix after "amazon.": ca, com.mx, ae, com.au, sg, co.uk. */
export function marketSuffix(m: Market): string {
  return m.domain.replace(/^amazon\./, '');
}

/** GET /api/marketplace: the six markets, in the product's order. */
export function marketplaces() {
  return SOLD_MARKETS.map((m, i) => ({
    id: i + 1,
    name: m.name.en,
    countryCode: m.countryCode,
    marketPlaceId: m.marketplaceId,
    suffix: marketSuffix(m),
    code: m.code,
    deep: m.deep,
    functional: m.functional,
  }));
}

/**
 * Top-level departments (browse-node ids of each marketplace's root categories). Markets whose
 * department ids have not been checked yet list only "All Categories".
 */
const DEPARTMENTS: Partial<Record<string, [label: string, nodeId: string][]>> = {
  CA: [
    ['Automotive', '6948389011'],
    ['Baby', '3561346011'],
    ['Beauty & Personal Care', '6205124011'],
    ['Books', '916520'],
    ['Electronics', '667823011'],
    ['Health & Household', '6205177011'],
    ['Home & Kitchen', '2206275011'],
    ['Office Products', '6205511011'],
    ['Pet Supplies', '6205514011'],
    ['Sports & Outdoors', '2242989011'],
    ['Tools & Home Improvement', '3006902011'],
    ['Toys & Games', '6205517011'],
  ],
  UK: [
    ['Automotive', '248877031'],
    ['Baby Products', '59624031'],
    ['Beauty', '117332031'],
    ['Books', '266239'],
    ['Electronics & Photo', '560798'],
    ['Health & Personal Care', '65801031'],
    ['Home & Kitchen', '3147411'],
    ['DIY & Tools', '79903031'],
    ['Pet Supplies', '340840031'],
    ['Sports & Outdoors', '318949011'],
    ['Stationery & Office Supplies', '192413031'],
    ['Toys & Games', '468292'],
  ],
};

/** GET /api/category?market=: the market's departments, then the spec's "All Categories" entry. */
export function categories(market: Market) {
  const suffix = marketSuffix(market);
  return [
    ...(DEPARTMENTS[market.code] ?? []).map(([label, nodeId]) => ({ label, level: 1, suffix, nodeId })),
    { label: 'All Categories', level: 1, suffix, nodeId: '1' },
  ];
}

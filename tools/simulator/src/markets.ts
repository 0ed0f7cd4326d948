/** Market facts the simulator needs to dress a page: ids, currency, language strings, star refinement ids. */

export interface MarketStrings {
  /** "1-16 of 250 results for" / "17-32 of over 1,000 results for" / "11 results for" */
  resultRange(from: number, to: number, total: string, over: boolean): string;
  singlePage(count: number): string;
  overThousand: string;
  noResultsFor: string;
  noResultsHint: string;
  sponsored: string;
  amazonsChoice: [string, string];
  choiceFor: string;
  /** Before a struck-through list price: "List:". */
  listPrice: string;
  bestSeller: string;
  outOfFiveStars(stars: string): string;
  starsAndUp(n: number): string;
  previous: string;
  next: string;
  goToPage(n: number): string;
  department: string;
  anyDepartment: string;
  customerReviews: string;
  price: string;
  sortBy: string;
  sortLabels: Record<string, string>;
  results: string;
  addToCart: string;
  freeDelivery: string;
  seller: string;
  visitStorefront: string;
  highlyRated: string;
  priceBand(from: string | null, to: string | null): string;
}

export interface Market {
  domain: string;
  marketplaceId: string;
  lang: string;
  locale: string;
  currency: string;
  currencySymbol: string;
  /** ids used in `rh=p_72:<id>` for "N stars & up", index = N (1..4). */
  starIds: Record<1 | 2 | 3 | 4, string>;
  deliveryCity: string;
  strings: MarketStrings;
}

const thousands = (n: number): string => n.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');

const en = (bestSeller: string): MarketStrings => ({
  resultRange: (from, to, total, over) => `${from}-${to} of ${over ? 'over ' : ''}${total} results for`,
  singlePage: (count) => `${count} result${count === 1 ? '' : 's'} for`,
  overThousand: '1,000',
  noResultsFor: 'No results for ',
  noResultsHint: 'Try checking your spelling or use more general terms',
  sponsored: 'Sponsored',
  amazonsChoice: ["Amazon's ", 'Choice'],
  choiceFor: 'for',
  listPrice: 'List:',
  bestSeller,
  outOfFiveStars: (s) => `${s} out of 5 stars`,
  starsAndUp: (n) => `${n} Stars &amp; Up`,
  previous: 'Previous',
  next: 'Next',
  goToPage: (n) => `Go to page ${n}`,
  department: 'Department',
  anyDepartment: 'Any Department',
  customerReviews: 'Customer Reviews',
  price: 'Price',
  sortBy: 'Sort by:',
  sortLabels: {
    relevanceblender: 'Featured',
    'price-asc-rank': 'Price: Low to high',
    'price-desc-rank': 'Price: High to low',
    'review-rank': 'Avg. customer review',
    'date-desc-rank': 'Newest arrivals',
    'exact-aware-popularity-rank': 'Best Sellers',
  },
  results: 'Results',
  addToCart: 'Add to cart',
  freeDelivery: 'FREE delivery',
  seller: 'Seller',
  visitStorefront: 'Visit the storefront',
  highlyRated: 'Highly rated',
  priceBand: (from, to) => (from && to ? `${from} to ${to}` : from ? `${from} &amp; above` : `Up to ${to}`),
});

const es: MarketStrings = {
  resultRange: (from, to, total, over) => `${from}-${to} de ${over ? 'más de ' : ''}${total} resultados para`,
  singlePage: (count) => `${count} resultado${count === 1 ? '' : 's'} para`,
  overThousand: '1,000',
  noResultsFor: 'No hay resultados para ',
  noResultsHint: 'Intenta revisar la ortografía o usa términos más generales',
  sponsored: 'Patrocinado',
  amazonsChoice: ['Elección ', 'de Amazon'],
  choiceFor: 'para',
  listPrice: 'Precio de lista:',
  bestSeller: 'Más vendido',
  outOfFiveStars: (s) => `${s} de 5 estrellas`,
  starsAndUp: (n) => `${n} estrellas o más`,
  previous: 'Anterior',
  next: 'Siguiente',
  goToPage: (n) => `Ir a la página ${n}`,
  department: 'Departamento',
  anyDepartment: 'Cualquier departamento',
  customerReviews: 'Opiniones de clientes',
  price: 'Precio',
  sortBy: 'Ordenar por:',
  sortLabels: {
    relevanceblender: 'Destacados',
    'price-asc-rank': 'Precio: de más bajo a más alto',
    'price-desc-rank': 'Precio: de más alto a más bajo',
    'review-rank': 'Promedio de opiniones de clientes',
    'date-desc-rank': 'Lanzamientos más recientes',
    'exact-aware-popularity-rank': 'Más vendidos',
  },
  results: 'Resultados',
  addToCart: 'Agregar al carrito',
  freeDelivery: 'Envío GRATIS',
  seller: 'Vendedor',
  visitStorefront: 'Visita la tienda',
  highlyRated: 'Mejor valorados',
  priceBand: (from, to) => (from && to ? `${from} a ${to}` : from ? `${from} y más` : `Hasta ${to}`),
};

function market(
  domain: string,
  marketplaceId: string,
  lang: string,
  locale: string,
  currency: string,
  currencySymbol: string,
  fourStarId: number,
  deliveryCity: string,
  strings: MarketStrings,
): Market {
  // Amazon's star ids are consecutive node ids per market; only the 4-star id is observed (ca, com).
  const starIds = {
    4: String(fourStarId),
    3: String(fourStarId + 1),
    2: String(fourStarId + 2),
    1: String(fourStarId + 3),
  } as Record<1 | 2 | 3 | 4, string>;
  return { domain, marketplaceId, lang, locale, currency, currencySymbol, starIds, deliveryCity, strings };
}

export const MARKETS: Record<string, Market> = Object.fromEntries(
  [
    market(
      'amazon.ca',
      'A2EUQ1WTGCTBG2',
      'en-ca',
      'en-CA',
      'CAD',
      '$',
      11192170011,
      'Toronto M5V 3L9',
      en('Bestseller'),
    ),
    market(
      'amazon.com.mx',
      'A1AM78C64UM0Y8',
      'es-mx',
      'es-MX',
      'MXN',
      '$',
      17301177011,
      'Ciudad de México 06600',
      es,
    ),
    market(
      'amazon.ae',
      'A2VIGQ35RCS4UG',
      'en-ae',
      'en-AE',
      'AED',
      'AED',
      15343466031,
      'Dubai',
      en('Best Seller'),
    ),
    market(
      'amazon.com.au',
      'A39IBJ37TRP1C6',
      'en-au',
      'en-AU',
      'AUD',
      '$',
      5195498051,
      'Sydney 2000',
      en('Best Seller'),
    ),
    market(
      'amazon.sg',
      'A19VAU5U5O7RUS',
      'en-sg',
      'en-SG',
      'SGD',
      'S$',
      6469314051,
      'Singapore 018956',
      en('Best Seller'),
    ),
    market(
      'amazon.co.uk',
      'A1F83G8C2ARO7P',
      'en-gb',
      'en-GB',
      'GBP',
      '£',
      419122031,
      'London W1D 4',
      en('Best Seller'),
    ),
    market(
      'amazon.com',
      'ATVPDKIKX0DER',
      'en-us',
      'en-US',
      'USD',
      '$',
      1248879011,
      'New York 10001',
      en('Best Seller'),
    ),
  ].map((m) => [m.domain, m]),
);

export const DEFAULT_MARKET = 'amazon.ca';

/** "www.amazon.ca", "amazon.ca:443", "AMAZON.CA" → the Market, or undefined when not a known Amazon host. */
export function marketForHost(host: string | undefined | null): Market | undefined {
  if (!host) return undefined;
  const h = host
    .trim()
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/^www\./, '');
  return MARKETS[h];
}

export function getMarket(domain: string): Market {
  const m = marketForHost(domain);
  if (!m) throw new Error(`unknown market domain "${domain}" (known: ${Object.keys(MARKETS).join(', ')})`);
  return m;
}

/** Formats minor units as the market shows them: "$1,299.99", "£12.00", "AED 45.50". */
export function formatPrice(market: Market, minor: number): string {
  const whole = Math.floor(minor / 100);
  const fraction = String(minor % 100).padStart(2, '0');
  const sep = market.currencySymbol.length > 1 && /^[A-Z]+$/.test(market.currencySymbol) ? ' ' : '';
  return `${market.currencySymbol}${sep}${thousands(whole)}.${fraction}`;
}

export function priceParts(minor: number): { whole: string; fraction: string } {
  return { whole: thousands(Math.floor(minor / 100)), fraction: String(minor % 100).padStart(2, '0') };
}

export { thousands };

/**
 * Store-URL intake: turns whatever a user pastes (storefront, seller profile, product page,
 * search with a seller refinement; with or without scheme, www./smile./m.) into a seller id and
 * a known market, and builds the engine's own search URLs from them. The engine never fetches
 * a pasted URL: only URLs from buildSearchUrl, always on a known market domain.
 */
import { amazonDomainOfHost, MARKETS, marketOrigin, type Market } from './markets.js';

export type StoreUrlErrorCode =
  'NOT_A_URL' | 'NOT_AMAZON' | 'MARKET_NOT_SUPPORTED' | 'NO_SELLER_ID' | 'INVALID_SELLER_ID';

export class StoreUrlError extends Error {
  override readonly name = 'StoreUrlError';
  constructor(
    readonly code: StoreUrlErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface StoreRef {
  sellerId: string;
  market: Market;
  /** Keyword of the pasted search (`k=`), when it had one. */
  keyword?: string;
  /** Last category node of the pasted search (`rh=n:…`), when it had one. */
  nodeId?: string;
}

export interface ParseStoreUrlOptions {
  /** Also accept markets the product does not sell scans for (amazon.com). Default false. */
  allowReferenceMarkets?: boolean;
}

/** Seller (merchant) ids: 10–21 uppercase letters/digits starting with A. */
export const SELLER_ID_PATTERN = /^A[A-Z0-9]{9,20}$/;

/** Accepts `https://…`, `http://…`, `//…`, a bare `www.amazon.ca/…`, or a URL inside pasted text. */
function toUrl(raw: string): URL {
  let text = raw.trim().replace(/^[<"'(]+|[>"')]+$/g, '');
  if (!text) throw new StoreUrlError('NOT_A_URL', 'Paste the address of an Amazon store page.');
  if (/\s/.test(text)) {
    const embedded =
      /(?:https?:\/\/)?(?:[a-z0-9-]+\.)*amazon\.[a-z.]+[^\s]*/i.exec(text) ?? /https?:\/\/[^\s]+/i.exec(text);
    if (!embedded) throw new StoreUrlError('NOT_A_URL', 'This is not a web address.');
    text = embedded[0];
  }
  if (text.startsWith('//')) text = `https:${text}`;
  else if (!/^[a-z][a-z0-9+.-]*:/i.test(text) || /^[^/?#:]+\.[^/?#:]+:\d+/.test(text)) {
    if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+(?:[:/?#]|$)/i.test(text)) {
      throw new StoreUrlError('NOT_A_URL', 'This is not a web address.');
    }
    text = `https://${text}`;
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new StoreUrlError('NOT_A_URL', 'This is not a web address.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new StoreUrlError('NOT_A_URL', 'Only http and https addresses are accepted.');
  }
  return url;
}

/** `rh` values arrive encoded once or twice (`p_6%3AA1B2`, `p_6%253AA1B2`): decode until stable. */
function fullyDecoded(value: string): string {
  let current = value;
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current.replace(/\+/g, ' '));
    } catch {
      return current;
    }
    if (next === current) break;
    current = next;
  }
  return current;
}

/** A query parameter, looked up case-insensitively (users paste `Seller=`, `ME=`). */
function param(url: URL, ...names: string[]): string | undefined {
  const wanted = names.map((n) => n.toLowerCase());
  for (const [key, value] of url.searchParams) {
    if (wanted.includes(key.toLowerCase()) && value.trim()) return value.trim();
  }
  return undefined;
}

/** `rh` parts as key → values, e.g. `n:1,n:2,p_6:A1` → { n: ['1','2'], p_6: ['A1'] }. */
function rhParts(url: URL): Map<string, string[]> {
  const parts = new Map<string, string[]>();
  const rh = param(url, 'rh');
  if (!rh) return parts;
  for (const part of fullyDecoded(rh).split(',')) {
    const colon = part.indexOf(':');
    if (colon <= 0) continue;
    const key = part.slice(0, colon).trim().toLowerCase();
    const value = part.slice(colon + 1).trim();
    if (value) parts.set(key, [...(parts.get(key) ?? []), value]);
  }
  return parts;
}

/** Seller id candidates in order of preference, with where they came from (for the error message). */
function sellerCandidate(url: URL, rh: Map<string, string[]>): { value: string; from: string } | undefined {
  const fromParams: [string, string | undefined][] = [
    ['me', param(url, 'me')],
    ['seller', param(url, 'seller')],
    ['rh p_6', rh.get('p_6')?.[0]],
    ['smid', param(url, 'smid')],
    ['merchant', param(url, 'merchant')],
  ];
  for (const [from, value] of fromParams) if (value) return { value: fullyDecoded(value), from };
  // Old storefront paths: /shops/SELLERID, /s/…/shops/SELLERID.
  const shops = /\/shops\/([^/?#]+)/i.exec(url.pathname);
  if (shops) return { value: fullyDecoded(shops[1]), from: '/shops/' };
  return undefined;
}

/**
 * Derives seller id and market from a pasted store address, or throws a StoreUrlError whose
 * `code` says why not (NOT_A_URL, NOT_AMAZON, MARKET_NOT_SUPPORTED, NO_SELLER_ID, INVALID_SELLER_ID).
 */
export function parseStoreUrl(input: string, opts: ParseStoreUrlOptions = {}): StoreRef {
  const url = toUrl(input);
  const domain = amazonDomainOfHost(url.hostname);
  if (!domain) throw new StoreUrlError('NOT_AMAZON', `${url.hostname} is not an Amazon site.`);
  const market = MARKETS.find((m) => m.domain === domain);
  if (!market || (!market.sold && !opts.allowReferenceMarkets)) {
    const served = MARKETS.filter((m) => m.sold)
      .map((m) => m.domain)
      .join(', ');
    throw new StoreUrlError('MARKET_NOT_SUPPORTED', `${domain} is not a market ShelfScan scans (${served}).`);
  }
  const rh = rhParts(url);
  const candidate = sellerCandidate(url, rh);
  if (!candidate) {
    throw new StoreUrlError(
      'NO_SELLER_ID',
      'This address has no seller id. Open the seller’s storefront (“Visit the store” / seller name) and paste that address.',
    );
  }
  const sellerId = candidate.value.trim().toUpperCase();
  if (!SELLER_ID_PATTERN.test(sellerId)) {
    throw new StoreUrlError(
      'INVALID_SELLER_ID',
      `“${candidate.value}” (from ${candidate.from}) is not a seller id: seller ids are 10–21 letters and digits starting with A.`,
    );
  }
  const ref: StoreRef = { sellerId, market };
  const keyword = param(url, 'k', 'keywords', 'field-keywords') ?? rh.get('k')?.[0];
  if (keyword) ref.keyword = keyword;
  const nodes = rh.get('n') ?? [];
  const node = nodes.length ? nodes[nodes.length - 1] : param(url, 'node');
  if (node && /^\d+$/.test(node)) ref.nodeId = node;
  return ref;
}

/** Sort orders Amazon accepts in `s=`. */
export type SearchSort =
  | 'relevanceblender'
  | 'exact-aware-popularity-rank'
  | 'price-asc-rank'
  | 'price-desc-rank'
  | 'review-rank'
  | 'date-desc-rank';

export interface SearchQuery {
  sellerId: string;
  keyword?: string;
  /**
   * The department the whole scan is restricted to (a top-level browse node the user chose): the
   * query becomes `rh=n:<category>[,n:<nodeId>],p_6:<seller>,…` (the seller as a refinement, as
   * Amazon's department links carry it). Undefined = the whole store.
   */
  categoryNodeId?: string;
  nodeId?: string;
  /** Price band in minor units (cents), either end open: `p_36:MIN-MAX`, `p_36:-MAX`, `p_36:MIN-`. */
  priceMinor?: { min?: number; max?: number };
  /** A `p_72` id read from the page's left navigation (ids differ by market and department). */
  starsRefinementId?: string;
  page?: number;
  sort?: SearchSort;
}

function assertWholeNonNegative(name: string, value: number | undefined): void {
  if (value !== undefined && (!Number.isInteger(value) || value < 0)) {
    throw new RangeError(`${name} must be a whole number of minor units ≥ 0, got ${value}`);
  }
}

/**
 * The engine's own search URL for a seller on a known market, in one form:
 * `https://www.<domain>/s?me=<seller>&marketplaceID=<id>[&k=<kw>][&rh=[n:<category>,]n:<node>[,p_6:<seller>],p_36:<min>-<max>,p_72:<id>][&page=<n>][&s=<sort>]`
 * (`rh` parts joined by commas; `page` only from 2 on).
 */
export function buildSearchUrl(market: Market, query: SearchQuery): string {
  const sellerId = query.sellerId.trim().toUpperCase();
  if (!SELLER_ID_PATTERN.test(sellerId)) throw new RangeError(`invalid seller id: ${query.sellerId}`);
  const parts = [`me=${sellerId}`, `marketplaceID=${market.marketplaceId}`];
  const keyword = query.keyword?.trim();
  if (keyword) parts.push(`k=${encodeURIComponent(keyword).replace(/%20/g, '+')}`);
  const rh: string[] = [];
  const nodes = new Set([query.categoryNodeId, query.nodeId].filter((n) => n !== undefined));
  for (const node of nodes) {
    if (!/^\d+$/.test(node)) throw new RangeError(`invalid node id: ${node}`);
    rh.push(`n:${node}`);
  }
  if (query.categoryNodeId !== undefined) rh.push(`p_6:${sellerId}`);
  const { min, max } = query.priceMinor ?? {};
  assertWholeNonNegative('priceMinor.min', min);
  assertWholeNonNegative('priceMinor.max', max);
  if (min !== undefined && max !== undefined && min > max)
    throw new RangeError(`price band ${min}-${max} is empty`);
  if (min !== undefined || max !== undefined) rh.push(`p_36:${min ?? ''}-${max ?? ''}`);
  if (query.starsRefinementId !== undefined) {
    if (!/^\d+$/.test(query.starsRefinementId)) {
      throw new RangeError(`invalid p_72 id: ${query.starsRefinementId}`);
    }
    rh.push(`p_72:${query.starsRefinementId}`);
  }
  if (rh.length) parts.push(`rh=${rh.join(',')}`);
  if (query.page !== undefined) {
    if (!Number.isInteger(query.page) || query.page < 1) throw new RangeError(`invalid page: ${query.page}`);
    if (query.page > 1) parts.push(`page=${query.page}`);
  }
  if (query.sort) parts.push(`s=${query.sort}`);
  return `${marketOrigin(market)}/s?${parts.join('&')}`;
}

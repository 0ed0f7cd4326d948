/** Parsing Amazon's `/s` query parameters and evaluating them against a store (with a per-query cache). */
import type { Market } from './markets.js';
import { NO_NODE, NO_PRICE, tokenize } from './store.js';
import type { Store } from './store.js';

export type SortKey = 'relevance' | 'price-asc-rank' | 'price-desc-rank' | 'date-desc-rank' | 'review-rank';

export interface SearchQuery {
  /** from `me=` or `rh=p_6:` */
  sellerId?: string;
  /** how the seller was given, so generated links keep the same form */
  sellerForm: 'me' | 'p_6' | 'none';
  /** browse node ids from `rh=n:` (all must match; a node includes its descendants) */
  nodes: string[];
  /** inclusive bounds in minor units */
  priceMin?: number;
  priceMax?: number;
  /** the raw `p_36:` value, kept for links */
  priceRaw?: string;
  /** the raw `p_72:` id */
  starsId?: string;
  keywords: string[];
  keywordsRaw: string;
  sort: SortKey;
  /** the raw `s=` value */
  sortRaw: string;
  page: number;
}

const SORTS: Record<string, SortKey> = {
  'price-asc-rank': 'price-asc-rank',
  'price-desc-rank': 'price-desc-rank',
  'date-desc-rank': 'date-desc-rank',
  'review-rank': 'review-rank',
};

function fullyDecode(value: string): string {
  let v = value;
  for (let i = 0; i < 3 && /%[0-9a-fA-F]{2}/.test(v); i++) {
    try {
      v = decodeURIComponent(v);
    } catch {
      break;
    }
  }
  return v;
}

/** Parses `/s` params. `rh` may be URL-encoded once or twice; `rh` parts are comma-joined `key:value`. */
export function parseSearchQuery(params: URLSearchParams): SearchQuery {
  const q: SearchQuery = {
    sellerForm: 'none',
    nodes: [],
    keywords: [],
    keywordsRaw: '',
    sort: 'relevance',
    sortRaw: '',
    page: 1,
  };
  const me = params.get('me');
  if (me) {
    q.sellerId = me.trim();
    q.sellerForm = 'me';
  }
  for (const rh of params.getAll('rh')) {
    for (const part of fullyDecode(rh).split(',')) {
      const sep = part.indexOf(':');
      if (sep < 0) continue;
      const key = part.slice(0, sep).trim();
      const value = part.slice(sep + 1).trim();
      if (key === 'n' && value) q.nodes.push(value);
      else if (key === 'p_6' && value && !q.sellerId) {
        q.sellerId = value.split('|')[0];
        q.sellerForm = 'p_6';
      } else if (key === 'p_36') {
        const m = /^(\d*)-(\d*)$/.exec(value);
        if (m) {
          q.priceRaw = value;
          if (m[1] !== '') q.priceMin = Number(m[1]);
          if (m[2] !== '') q.priceMax = Number(m[2]);
        }
      } else if (key === 'p_72' && value) q.starsId = value;
    }
  }
  const k = params.get('k') ?? params.get('field-keywords') ?? '';
  q.keywordsRaw = k.trim();
  q.keywords = tokenize(k);
  q.sortRaw = params.get('s') ?? '';
  q.sort = SORTS[q.sortRaw] ?? 'relevance';
  const page = Number(params.get('page') ?? '1');
  q.page = Number.isInteger(page) && page >= 1 ? page : 1;
  return q;
}

/** `p_72:<id>` → minimum stars (1..4), or undefined when the id is not one of this market's ids (ignored). */
export function minStarsFor(market: Market, starsId: string | undefined): number | undefined {
  if (!starsId) return undefined;
  for (const n of [4, 3, 2, 1] as const) if (market.starIds[n] === starsId) return n;
  return undefined;
}

export interface QueryResult {
  /** exact number of matching listings */
  total: number;
  /** the first `limit` matching listing indices, in the query's sort order */
  items: Int32Array;
  /** false when a node id is unknown: the query can match nothing */
  valid: boolean;
}

function cacheKey(q: SearchQuery, minStars: number | undefined, limit: number): string {
  return [
    [...q.nodes].sort().join('+'),
    q.priceMin ?? '',
    q.priceMax ?? '',
    minStars ?? '',
    [...q.keywords].sort().join('+'),
    q.sort,
    limit,
  ].join('|');
}

/** Per-store LRU cache of evaluated queries. */
export class QueryCache {
  private readonly entries = new Map<string, QueryResult>();
  constructor(private readonly capacity = 500) {}

  get(key: string): QueryResult | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, value: QueryResult): void {
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }

  get size(): number {
    return this.entries.size;
  }
}

function maskOf(size: number, lists: Int32Array[]): Uint8Array {
  // listings present in every list
  const counts = new Uint8Array(size);
  for (const list of lists) for (const i of list) counts[i]++;
  const need = lists.length;
  for (let i = 0; i < size; i++) counts[i] = counts[i] === need ? 1 : 0;
  return counts;
}

/**
 * Evaluates the query's filters and sort (page ignored). Returns the exact total and the first `limit`
 * listing indices. One linear pass over a precomputed order: ~1 ms for 100,000 listings.
 */
export function evaluate(store: Store, q: SearchQuery, limit: number, cache?: QueryCache): QueryResult {
  const minStars = minStarsFor(store.market, q.starsId);
  // A store that ignores the sort parameter answers every query in featured order.
  if (store.behaviour.ignoreSort && q.sort !== 'relevance') q = { ...q, sort: 'relevance' };
  const key = cacheKey(q, minStars, limit);
  const cached = cache?.get(key);
  if (cached) return cached;

  const result = compute(store, q, minStars, limit);
  cache?.set(key, result);
  return result;
}

function compute(store: Store, q: SearchQuery, minStars: number | undefined, limit: number): QueryResult {
  const nodeIdx: number[] = [];
  for (const id of q.nodes) {
    const idx = store.nodeById.get(id);
    if (idx === undefined) return { total: 0, items: new Int32Array(0), valid: false };
    nodeIdx.push(idx);
  }
  const lists: Int32Array[] = nodeIdx.map((n) => store.nodes[n].members);
  for (const w of new Set(q.keywords)) {
    const list = store.words.get(w);
    if (!list) return { total: 0, items: new Int32Array(0), valid: true };
    lists.push(list);
  }

  // Base order: a node's own member list already is in relevance order.
  let base: Int32Array;
  let mask: Uint8Array | undefined;
  if (q.sort === 'relevance' && nodeIdx.length === 1 && q.keywords.length === 0) {
    base = store.nodes[nodeIdx[0]].members;
  } else {
    base =
      q.sort === 'price-asc-rank'
        ? store.orders.priceAsc
        : q.sort === 'price-desc-rank'
          ? store.orders.priceDesc
          : q.sort === 'date-desc-rank'
            ? store.orders.dateDesc
            : q.sort === 'review-rank'
              ? store.orders.review
              : store.orders.relevance;
    if (lists.length > 0) mask = maskOf(store.size, lists);
  }

  // Any `p_36` filter (even open-ended) leaves out the listings that show no price.
  const priced = q.priceRaw !== undefined;
  const min = q.priceMin ?? (priced ? 0 : -Infinity);
  const max = q.priceMax ?? Infinity;
  const minHalf = minStars ? minStars * 2 : 0;
  const items = new Int32Array(Math.min(limit, base.length));
  let total = 0;
  const { prices, halfStars } = store;
  for (let k = 0; k < base.length; k++) {
    const i = base[k];
    if (mask && mask[i] === 0) continue;
    const p = prices[i];
    if (p < min || p > max || (priced && p === NO_PRICE)) continue;
    if (minHalf && halfStars[i] < minHalf) continue;
    if (total < items.length) items[total] = i;
    total++;
  }
  return { total, items: items.slice(0, Math.min(total, items.length)), valid: true };
}

/** True when the listing sits in node `n` or one of its descendants. */
export function inNode(store: Store, listing: number, n: number): boolean {
  for (let x = store.nodeOf[listing]; x !== NO_NODE; x = store.nodes[x].parent) if (x === n) return true;
  return false;
}

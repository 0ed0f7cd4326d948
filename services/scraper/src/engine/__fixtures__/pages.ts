/**
 * Hand-made parsed result pages and a running scan's context, for the specs of the engine's parts
 * (sweep, peel, zones, unpriced pass): each part is driven page by page without a page source.
 */
import type { CategoryRefinement, ParsedPage, ResultTile, StarRefinement } from '../../parser/index.js';
import { initialState } from '../checkpoint.js';
import { ScanContext } from '../context.js';
import type { ScanSpec } from '../types.js';

/** An organic tile; `minor` null: shown without a price. */
export function tile(asin: string, minor: number | null, title: string | null = null): ResultTile {
  return {
    asin,
    position: 0,
    title,
    price:
      minor === null
        ? null
        : { text: `$${(minor / 100).toFixed(2)}`, amount: minor / 100, minor, symbol: '$', currency: 'CAD' },
    listPrice: null,
    stars: null,
    reviewCount: null,
    amazonsChoice: null,
    bestSeller: null,
    prime: false,
  };
}

/** `n` tiles `<prefix>1…` priced from `top` down by `step` (a price-sorted page). */
export function descending(prefix: string, n: number, top: number, step = 100): ResultTile[] {
  return Array.from({ length: n }, (_, i) => tile(`${prefix}${i + 1}`, top - i * step));
}

interface PageOptions {
  /** Amazon's count ("1-16 of 734 results"); null: the page shows none. */
  total?: number | null;
  /** "over 1,000". */
  lowerBound?: boolean;
  /** 1-based position of the page's first tile (default: page 1). */
  from?: number;
  /** The last page of the strip (null: no strip). */
  lastPage?: number | null;
  /** Whether the page links to a next page. */
  next?: boolean;
  categories?: CategoryRefinement[];
  starRefinements?: StarRefinement[];
}

/** A results page of these tiles. */
export function results(tiles: ResultTile[], o: PageOptions = {}): ParsedPage {
  const from = o.from ?? 1;
  const total = o.total === undefined ? tiles.length : o.total;
  return {
    kind: 'results',
    layout: 'current',
    domain: 'amazon.ca',
    asins: tiles.map((t) => t.asin),
    tiles: tiles.map((t, position) => ({ ...t, position })),
    sponsored: { tiles: 0, asins: [] },
    duplicatesDropped: 0,
    placeholdersSkipped: 0,
    resultCount:
      total === null
        ? null
        : {
            text: `${from}-${from + tiles.length - 1} of ${o.lowerBound ? 'over ' : ''}${total} results`,
            from,
            to: from + tiles.length - 1,
            total,
            isLowerBound: !!o.lowerBound,
          },
    currentPage: null,
    lastPage: o.lastPage === undefined ? null : o.lastPage,
    nextPageHref: o.next ? '/s?page=next' : null,
    categories: o.categories ?? [],
    starRefinements: o.starRefinements ?? [],
  };
}

/** A department of the left navigation (`depth` 0 at the top; `selected`: the query's own). */
export function category(nodeId: string, depth: number, selected = false): CategoryRefinement {
  return { nodeId, label: nodeId, count: null, depth, selected, rh: null };
}

/** Amazon's "no results" page. */
export function noResults(): ParsedPage {
  return { ...results([], { total: null }), kind: 'no-results' };
}

/** A scan's context as the engine makes it at the start of a run (amazon.ca, list limit 2,720). */
export function context(spec: Partial<ScanSpec> = {}, seenAsins: string[] = []): ScanContext {
  const full: ScanSpec = { market: 'CA', sellerId: 'SELLER', type: 'deep', listLimit: 2720, ...spec };
  return new ScanContext(full, initialState(full), seenAsins);
}

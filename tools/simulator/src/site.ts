/**
 * The simulated marketplace behind the server: its stores by seller id and listings by ASIN, the
 * counters of what it served, and the replies of its routes (search, seller profile, product
 * page). Fault injection and the `/__sim` admin routes are the server's (server.ts, admin.ts).
 */
import type http from 'node:http';
import { marketForHost } from './markets.js';
import type { Market } from './markets.js';
import { QueryCache, evaluate, parseSearchQuery } from './query.js';
import type { QueryResult, SearchQuery } from './query.js';
import { render404Page, renderSellerProfile } from './render/pages.js';
import { productAsinOf, renderProductPage } from './render/product.js';
import { renderNoResultsPage, renderSearchPage } from './render/search.js';
import { createRng, randomAlnum } from './rng.js';
import { MAX_STORE_SIZE, createStore, withoutListings, type Store } from './store.js';

/** What `POST /__sim/stores/<sellerId>/changes` did: the listings it added and delisted. */
export interface StoreChange {
  added: string[];
  removed: string[];
  size: number;
}

export interface SimulatorStats {
  requests: number;
  /** results pages with tiles */
  pages: number;
  noResults: number;
  sellerProfiles: number;
  /** all captcha pages (random and rate-limited) */
  captchas: number;
  /** the subset of captchas caused by the rate limit */
  rateLimited: number;
  errors503: number;
  notFound: number;
  /** product detail pages served (`/dp/<ASIN>` of a store's listing) */
  productPages: number;
  /** results pages served per seller id */
  pagesBySeller: Record<string, number>;
}

export const emptyStats = (): SimulatorStats => ({
  requests: 0,
  pages: 0,
  noResults: 0,
  sellerProfiles: 0,
  captchas: 0,
  rateLimited: 0,
  errors503: 0,
  notFound: 0,
  productPages: 0,
  pagesBySeller: {},
});

export interface Reply {
  status: number;
  body: string;
  type?: string;
  headers?: Record<string, string>;
}

/** The market a request is for: the original host (MARKETPLACE_ORIGIN routing), else its own. */
export function requestMarket(req: http.IncomingMessage): Market | undefined {
  const original = req.headers['x-original-host'];
  return marketForHost(Array.isArray(original) ? original[0] : original) ?? marketForHost(req.headers.host);
}

export class Site {
  readonly bySeller = new Map<string, { store: Store; cache: QueryCache }>();
  /** Listings by ASIN, per market domain: a product page exists only on its store's market. */
  private readonly listings = new Map<string, { store: Store; index: number }>();
  stats = emptyStats();
  /** Requests served (seeds the request ids, so that a run serves the same pages). */
  requestCounter = 0;
  /** Featured order that changes between two loads (behaviour.unstableFeatured): loads so far. */
  private featuredLoads = 0;
  /** Stores changed between scans: the listings generated so far and the ones delisted. */
  private readonly changed = new Map<string, { generated: number; removed: Set<string>; changes: number }>();

  constructor(
    readonly stores: Store[],
    readonly pageSize: number,
    readonly pageCap: number,
  ) {
    for (const store of stores) {
      if (this.bySeller.has(store.sellerId))
        throw new Error(`two stores share seller id ${store.sellerId} (same seed?)`);
      this.bySeller.set(store.sellerId, { store, cache: new QueryCache() });
    }
    for (const store of stores)
      store.asins.forEach((asin, index) =>
        this.listings.set(`${store.market.domain}|${asin}`, { store, index }),
      );
  }

  /**
   * Changes a store between two scans (store tracking's tests): `add` new listings (the store's
   * next ones, as if it had been made larger: the listings before keep their places and prices)
   * and delists `remove` of its current listings, chosen by the store's seed and the change's
   * number, so the same changes give the same store. Answers what changed; throws on bad counts.
   */
  changeStore(sellerId: string, add: number, remove: number): StoreChange | undefined {
    const entry = this.bySeller.get(sellerId);
    if (!entry) return undefined;
    const { store } = entry;
    const state = this.changed.get(sellerId) ?? {
      generated: store.options.size,
      removed: new Set(),
      changes: 0,
    };
    if (!Number.isInteger(add) || !Number.isInteger(remove) || add < 0 || remove < 0)
      throw new Error('add and remove must be whole numbers, 0 or more');
    if (remove > store.size) throw new Error(`the store has only ${store.size} listings`);
    if (state.generated + add > MAX_STORE_SIZE)
      throw new Error(`a store has at most ${MAX_STORE_SIZE} listings`);
    const rng = createRng(`changes:${store.seed}:${++state.changes}`);
    const removed = rng.shuffle([...store.asins]).slice(0, remove);
    for (const asin of removed) state.removed.add(asin);
    const generated = state.generated + add;
    const grown = add > 0 ? createStore({ ...store.options, size: generated }) : undefined;
    const added = grown ? grown.asins.slice(state.generated) : [];
    state.generated = generated;
    this.changed.set(sellerId, state);
    const next = withoutListings(grown ?? store, grown ? state.removed : new Set(removed));
    this.replaceStore(store, next);
    return { added, removed, size: next.size };
  }

  private replaceStore(old: Store, next: Store): void {
    const i = this.stores.indexOf(old);
    if (i >= 0) this.stores[i] = next;
    this.bySeller.set(next.sellerId, { store: next, cache: new QueryCache() });
    for (const asin of old.asins) this.listings.delete(`${old.market.domain}|${asin}`);
    next.asins.forEach((asin, index) =>
      this.listings.set(`${next.market.domain}|${asin}`, { store: next, index }),
    );
  }

  requestId(): string {
    return randomAlnum(createRng(`rid:${++this.requestCounter}`), 20);
  }

  private search(url: URL, market: Market | undefined): Reply {
    const query = parseSearchQuery(url.searchParams);
    const entry = query.sellerId ? this.bySeller.get(query.sellerId) : undefined;
    const noResults = (subject: string, m: Market, store?: Store): Reply => {
      this.stats.noResults++;
      return {
        status: 200,
        body: renderNoResultsPage(
          { market: m, query, store, pageSize: this.pageSize, pageCap: this.pageCap },
          subject,
        ),
      };
    };
    // Unknown seller, or a seller of another market: Amazon answers "No results for …".
    if (!entry || (market && market.domain !== entry.store.market.domain)) {
      const m = market ?? this.bySeller.values().next().value?.store.market ?? marketForHost('amazon.ca')!;
      return noResults(query.keywordsRaw || query.sellerId || '', m);
    }
    const { store, cache } = entry;
    const m = market ?? store.market;
    const result = this.unsettle(store, query, evaluate(store, query, this.pageSize * this.pageCap, cache));
    const lastPage = Math.min(Math.ceil(result.total / this.pageSize), this.pageCap);
    // Beyond the last page (or the cap), Amazon serves no tiles: we serve its no-results page.
    if (result.total === 0 || query.page > lastPage)
      return noResults(query.keywordsRaw || store.sellerName, m, store);
    this.stats.pages++;
    this.stats.pagesBySeller[store.sellerId] = (this.stats.pagesBySeller[store.sellerId] ?? 0) + 1;
    return {
      status: 200,
      body: renderSearchPage({
        store,
        market: m,
        query,
        result,
        pageSize: this.pageSize,
        pageCap: this.pageCap,
      }),
    };
  }

  /** Featured order that changes between two loads (behaviour.unstableFeatured): neighbours swap. */
  private unsettle(store: Store, query: SearchQuery, result: QueryResult): QueryResult {
    const featured = query.sort === 'relevance' || store.behaviour.ignoreSort;
    if (!store.behaviour.unstableFeatured || !featured || result.items.length < 2) return result;
    const rng = createRng(`featured:${store.seed}:${++this.featuredLoads}`);
    const items = Int32Array.from(result.items);
    for (let k = 0; k + 1 < items.length; k++) {
      if (!rng.chance(0.08)) continue;
      [items[k], items[k + 1]] = [items[k + 1], items[k]];
      k++;
    }
    return { ...result, items };
  }

  private productPage(asin: string, market: Market | undefined): Reply {
    const m = market ?? this.bySeller.values().next().value?.store.market ?? marketForHost('amazon.ca')!;
    const listing = this.listings.get(`${m.domain}|${asin}`);
    if (!listing) {
      this.stats.notFound++;
      return { status: 404, body: render404Page(m) };
    }
    this.stats.productPages++;
    return { status: 200, body: renderProductPage(listing.store, m, listing.index, this.requestId()) };
  }

  private sellerProfile(url: URL, market: Market | undefined): Reply {
    const entry = this.bySeller.get(url.searchParams.get('seller') ?? '');
    const m = market ?? entry?.store.market ?? marketForHost('amazon.ca')!;
    if (!entry || m.domain !== entry.store.market.domain) {
      this.stats.notFound++;
      return { status: 404, body: render404Page(m) };
    }
    this.stats.sellerProfiles++;
    return { status: 200, body: renderSellerProfile(m, entry.store, this.requestId()) };
  }

  /** The reply to a marketplace request (no fault injected). */
  reply(req: http.IncomingMessage, url: URL): Reply {
    const market = requestMarket(req);
    const path = url.pathname;
    if (path === '/s' || path.startsWith('/s/')) return this.search(url, market);
    if (path === '/sp' || path.startsWith('/sp/')) return this.sellerProfile(url, market);
    const asin = productAsinOf(path);
    if (asin) return this.productPage(asin, market);
    if (path === '/errors/validateCaptcha') {
      const back = url.searchParams.get('amzn-r') ?? '/';
      return { status: 302, body: '', headers: { location: back.startsWith('/') ? back : '/' } };
    }
    const m = market ?? marketForHost('amazon.ca')!;
    this.stats.notFound++;
    return { status: 404, body: render404Page(m) };
  }
}

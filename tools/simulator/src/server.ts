/** The simulator's HTTP server (node:http only): marketplace routes, fault injection and `/__sim` admin routes. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_FAULTS, FaultInjector, mergeFaults } from './faults.js';
import type { FaultSettings } from './faults.js';
import { marketForHost } from './markets.js';
import type { Market } from './markets.js';
import { QueryCache, evaluate, parseSearchQuery } from './query.js';
import type { QueryResult, SearchQuery } from './query.js';
import { render404Page, render503Page, renderCaptchaPage, renderSellerProfile } from './render/pages.js';
import { productAsinOf, renderProductPage } from './render/product.js';
import { renderNoResultsPage, renderSearchPage } from './render/search.js';
import { hashSeed, randomAlnum, createRng } from './rng.js';
import { createStore, describeStore } from './store.js';
import type { Store, StoreOptions } from './store.js';

export interface SimulatorOptions {
  /** 0 (default) picks a free port */
  port?: number;
  /** default 127.0.0.1 */
  host?: string;
  /** store specs, or stores already built with createStore() */
  stores: (StoreOptions | Store)[];
  /** organic results per page, default 16 */
  pageSize?: number;
  /** pages one query serves, default 7 (amazon.ca / .co.uk); 20 on amazon.com */
  pageCap?: number;
  faults?: Partial<FaultSettings>;
  /** called once per marketplace request with a short line (method, url, outcome, ms) */
  log?: (line: string) => void;
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

export interface Simulator {
  url: string;
  port: number;
  stores: Store[];
  pageSize: number;
  pageCap: number;
  stats(): SimulatorStats;
  resetStats(): void;
  faults(): FaultSettings;
  setFaults(patch: Partial<FaultSettings>): FaultSettings;
  close(): Promise<void>;
}

const emptyStats = (): SimulatorStats => ({
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

const isStore = (s: StoreOptions | Store): s is Store => 'asins' in s && 'orders' in s;

interface Reply {
  status: number;
  body: string;
  type?: string;
  headers?: Record<string, string>;
}

export async function startSimulator(options: SimulatorOptions): Promise<Simulator> {
  const pageSize = options.pageSize ?? 16;
  const pageCap = options.pageCap ?? 7;
  if (!Number.isInteger(pageSize) || pageSize < 1) throw new Error(`pageSize must be a positive integer`);
  if (!Number.isInteger(pageCap) || pageCap < 1) throw new Error(`pageCap must be a positive integer`);
  const stores = options.stores.map((s) => (isStore(s) ? s : createStore(s)));
  const bySeller = new Map<string, { store: Store; cache: QueryCache }>();
  for (const store of stores) {
    if (bySeller.has(store.sellerId))
      throw new Error(`two stores share seller id ${store.sellerId} (same seed?)`);
    bySeller.set(store.sellerId, { store, cache: new QueryCache() });
  }
  const injector = new FaultInjector(mergeFaults(DEFAULT_FAULTS, options.faults ?? {}));
  let stats = emptyStats();
  let requestCounter = 0;

  const requestId = (): string => randomAlnum(createRng(`rid:${++requestCounter}`), 20);

  function requestMarket(req: http.IncomingMessage): Market | undefined {
    const original = req.headers['x-original-host'];
    return marketForHost(Array.isArray(original) ? original[0] : original) ?? marketForHost(req.headers.host);
  }

  function search(url: URL, market: Market | undefined): Reply {
    const query = parseSearchQuery(url.searchParams);
    const entry = query.sellerId ? bySeller.get(query.sellerId) : undefined;
    const noResults = (subject: string, m: Market, store?: Store): Reply => {
      stats.noResults++;
      return {
        status: 200,
        body: renderNoResultsPage({ market: m, query, store, pageSize, pageCap }, subject),
      };
    };
    // Unknown seller, or a seller of another market: Amazon answers "No results for …".
    if (!entry || (market && market.domain !== entry.store.market.domain)) {
      const m = market ?? bySeller.values().next().value?.store.market ?? marketForHost('amazon.ca')!;
      return noResults(query.keywordsRaw || query.sellerId || '', m);
    }
    const { store, cache } = entry;
    const m = market ?? store.market;
    const result = unsettle(store, query, evaluate(store, query, pageSize * pageCap, cache));
    const lastPage = Math.min(Math.ceil(result.total / pageSize), pageCap);
    // Beyond the last page (or the cap), Amazon serves no tiles: we serve its no-results page.
    if (result.total === 0 || query.page > lastPage)
      return noResults(query.keywordsRaw || store.sellerName, m, store);
    stats.pages++;
    stats.pagesBySeller[store.sellerId] = (stats.pagesBySeller[store.sellerId] ?? 0) + 1;
    return { status: 200, body: renderSearchPage({ store, market: m, query, result, pageSize, pageCap }) };
  }

  /** Featured order that changes between two loads (behaviour.unstableFeatured): neighbours swap. */
  let featuredLoads = 0;
  function unsettle(store: Store, query: SearchQuery, result: QueryResult): QueryResult {
    const featured = query.sort === 'relevance' || store.behaviour.ignoreSort;
    if (!store.behaviour.unstableFeatured || !featured || result.items.length < 2) return result;
    const rng = createRng(`featured:${store.seed}:${++featuredLoads}`);
    const items = Int32Array.from(result.items);
    for (let k = 0; k + 1 < items.length; k++) {
      if (!rng.chance(0.08)) continue;
      [items[k], items[k + 1]] = [items[k + 1], items[k]];
      k++;
    }
    return { ...result, items };
  }

  /** Listings by ASIN, per market domain: a product page exists only on its store's market. */
  const listings = new Map<string, { store: Store; index: number }>();
  for (const store of stores)
    store.asins.forEach((asin, index) => listings.set(`${store.market.domain}|${asin}`, { store, index }));

  function productPage(asin: string, market: Market | undefined): Reply {
    const m = market ?? bySeller.values().next().value?.store.market ?? marketForHost('amazon.ca')!;
    const listing = listings.get(`${m.domain}|${asin}`);
    if (!listing) {
      stats.notFound++;
      return { status: 404, body: render404Page(m) };
    }
    stats.productPages++;
    return { status: 200, body: renderProductPage(listing.store, m, listing.index, requestId()) };
  }

  function sellerProfile(url: URL, market: Market | undefined): Reply {
    const entry = bySeller.get(url.searchParams.get('seller') ?? '');
    const m = market ?? entry?.store.market ?? marketForHost('amazon.ca')!;
    if (!entry || m.domain !== entry.store.market.domain) {
      stats.notFound++;
      return { status: 404, body: render404Page(m) };
    }
    stats.sellerProfiles++;
    return { status: 200, body: renderSellerProfile(m, entry.store, requestId()) };
  }

  function admin(req: http.IncomingMessage, url: URL, body: string): Reply {
    const json = (status: number, value: unknown): Reply => ({
      status,
      body: JSON.stringify(value, null, 2),
      type: 'application/json',
    });
    const path = url.pathname.replace(/\/+$/, '');
    const m = /^\/__sim\/stores\/([^/]+)(\/asins)?$/.exec(path);
    if (req.method === 'GET' && path === '/__sim/stores') {
      return json(
        200,
        stores.map((s) => ({
          sellerId: s.sellerId,
          sellerName: s.sellerName,
          seed: s.seed,
          size: s.size,
          domain: s.market.domain,
          marketplaceId: s.market.marketplaceId,
          storefrontPath: `/s?me=${s.sellerId}&marketplaceID=${s.market.marketplaceId}`,
        })),
      );
    }
    if (req.method === 'GET' && m) {
      const entry = bySeller.get(m[1]);
      if (!entry) return json(404, { error: `unknown seller ${m[1]}` });
      if (m[2]) return { status: 200, body: entry.store.asins.join('\n') + '\n', type: 'text/plain' };
      return json(200, describeStore(entry.store));
    }
    if (req.method === 'GET' && path === '/__sim/stats') return json(200, stats);
    if (req.method === 'POST' && path === '/__sim/reset-stats') {
      stats = emptyStats();
      return json(200, stats);
    }
    if (path === '/__sim/faults' && req.method === 'GET') return json(200, injector.current);
    if (path === '/__sim/faults' && req.method === 'POST') {
      try {
        const patch = JSON.parse(body || '{}') as Record<string, unknown>;
        injector.update(mergeFaults(injector.current, patch));
        return json(200, injector.current);
      } catch (e) {
        return json(400, { error: e instanceof Error ? e.message : String(e) });
      }
    }
    if (req.method === 'GET' && path === '/__sim/health')
      return json(200, { ok: true, stores: stores.length });
    return json(404, { error: `no admin route ${req.method} ${path}` });
  }

  function marketplace(req: http.IncomingMessage, url: URL): Reply {
    const market = requestMarket(req);
    const path = url.pathname;
    if (path === '/s' || path.startsWith('/s/')) return search(url, market);
    if (path === '/sp' || path.startsWith('/sp/')) return sellerProfile(url, market);
    const asin = productAsinOf(path);
    if (asin) return productPage(asin, market);
    if (path === '/errors/validateCaptcha') {
      const back = url.searchParams.get('amzn-r') ?? '/';
      return { status: 302, body: '', headers: { location: back.startsWith('/') ? back : '/' } };
    }
    const m = market ?? marketForHost('amazon.ca')!;
    stats.notFound++;
    return { status: 404, body: render404Page(m) };
  }

  function clientIp(req: http.IncomingMessage): string {
    const fwd = req.headers['x-forwarded-for'];
    const first = (Array.isArray(fwd) ? fwd[0] : fwd)?.split(',')[0]?.trim();
    return first || req.socket.remoteAddress || 'unknown';
  }

  function send(res: http.ServerResponse, reply: Reply): void {
    if (res.destroyed) return;
    res.writeHead(reply.status, {
      'content-type': `${reply.type ?? 'text/html'};charset=UTF-8`,
      'cache-control': 'no-cache',
      'x-amz-rid': randomAlnum(createRng(`x:${requestCounter}`), 20),
      ...reply.headers,
    });
    res.end(reply.body);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const started = performance.now();
      const url = new URL(req.url ?? '/', 'http://simulator.local');
      try {
        if (url.pathname.startsWith('/__sim')) {
          send(res, admin(req, url, Buffer.concat(chunks).toString('utf8')));
          return;
        }
        stats.requests++;
        // The captcha form's target is never blocked itself (it only redirects back).
        const decision =
          url.pathname === '/errors/validateCaptcha'
            ? { kind: 'none' as const, delayMs: 0 }
            : injector.decide(clientIp(req));
        const market =
          requestMarket(req) ?? bySeller.values().next().value?.store.market ?? marketForHost('amazon.ca')!;
        let reply: Reply;
        if (decision.kind === 'captcha' || decision.kind === 'rate-limited') {
          stats.captchas++;
          if (decision.kind === 'rate-limited') stats.rateLimited++;
          const token = Buffer.from(String(hashSeed(`${requestCounter}:${url.search}`))).toString('base64');
          reply = {
            status: 200,
            body: renderCaptchaPage(market, url.pathname + url.search, requestId(), token),
          };
        } else if (decision.kind === 'error') {
          stats.errors503++;
          reply = { status: 503, body: render503Page(market) };
        } else {
          reply = marketplace(req, url);
        }
        const finish = (): void => {
          send(res, reply);
          options.log?.(
            `${req.method} ${url.pathname}${url.search} -> ${reply.status} ${decision.kind} ${(performance.now() - started).toFixed(1)}ms`,
          );
        };
        if (decision.delayMs > 0) setTimeout(finish, decision.delayMs);
        else finish();
      } catch (e) {
        send(res, {
          status: 500,
          body: e instanceof Error ? (e.stack ?? e.message) : String(e),
          type: 'text/plain',
        });
      }
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';

  return {
    url: `http://${host}:${port}`,
    port,
    stores,
    pageSize,
    pageCap,
    stats: () => structuredClone(stats),
    resetStats: () => {
      stats = emptyStats();
    },
    faults: () => injector.current,
    setFaults: (patch) => {
      injector.update(mergeFaults(injector.current, patch as Record<string, unknown>));
      return injector.current;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

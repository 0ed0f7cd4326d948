/**
 * The simulator's `/__sim` admin routes: its stores, their ASINs and listings, changes to a store
 * between two scans (`POST /__sim/stores/<sellerId>/changes {add, remove}`), its counters, its faults.
 */
import type http from 'node:http';
import { mergeFaults, type FaultInjector } from './faults.js';
import { emptyStats, type Reply, type Site } from './site.js';
import { describeStore, listingOf } from './store.js';

export function adminReply(
  site: Site,
  injector: FaultInjector,
  req: http.IncomingMessage,
  url: URL,
  body: string,
): Reply {
  const json = (status: number, value: unknown): Reply => ({
    status,
    body: JSON.stringify(value, null, 2),
    type: 'application/json',
  });
  const path = url.pathname.replace(/\/+$/, '');
  const m = /^\/__sim\/stores\/([^/]+)(\/asins|\/listings)?$/.exec(path);
  if (req.method === 'GET' && path === '/__sim/stores') {
    return json(
      200,
      site.stores.map((s) => ({
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
    const entry = site.bySeller.get(m[1]);
    if (!entry) return json(404, { error: `unknown seller ${m[1]}` });
    if (m[2] === '/listings')
      return json(
        200,
        entry.store.asins.map((_, i) => listingOf(entry.store, i)),
      );
    if (m[2]) return { status: 200, body: entry.store.asins.join('\n') + '\n', type: 'text/plain' };
    return json(200, describeStore(entry.store));
  }
  const change = /^\/__sim\/stores\/([^/]+)\/changes$/.exec(path);
  if (req.method === 'POST' && change) {
    try {
      const { add = 0, remove = 0 } = JSON.parse(body || '{}') as { add?: number; remove?: number };
      const done = site.changeStore(change[1], add, remove);
      return done ? json(200, done) : json(404, { error: `unknown seller ${change[1]}` });
    } catch (e) {
      return json(400, { error: e instanceof Error ? e.message : String(e) });
    }
  }
  if (req.method === 'GET' && path === '/__sim/stats') return json(200, site.stats);
  if (req.method === 'POST' && path === '/__sim/reset-stats') {
    site.stats = emptyStats();
    return json(200, site.stats);
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
    return json(200, { ok: true, stores: site.stores.length });
  return json(404, { error: `no admin route ${req.method} ${path}` });
}

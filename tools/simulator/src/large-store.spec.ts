/**
 * A 100,000-ASIN store answers every kind of query a scan sends, new filtered and sorted ones
 * included. How fast it answers is measured by `make bench` (bench/simulator.mjs), not here.
 */
import { startSimulator } from './server.js';
import { createStore } from './store.js';

describe('a 100,000-ASIN store', () => {
  it('serves the storefront, deep pages, other sort orders, department and price windows, and keywords', async () => {
    const store = createStore({ seed: 'perf', size: 100_000 });
    const sim = await startSimulator({ stores: [store] });
    try {
      const node = store.nodes[store.roots[0]];
      const paths = [
        `/s?me=${store.sellerId}`,
        `/s?me=${store.sellerId}&page=5`,
        `/s?me=${store.sellerId}&s=price-asc-rank&page=3`,
        `/s?rh=${encodeURIComponent(`n:${node.id},p_6:${store.sellerId},p_36:1000-2999`)}&s=review-rank`,
        `/s?me=${store.sellerId}&k=premium&page=2`,
      ];
      for (const p of paths) {
        const res = await fetch(sim.url + p);
        const body = await res.text();
        expect(res.status).toBe(200);
        expect(body).toContain('data-component-type="s-search-result"');
      }
    } finally {
      await sim.close();
    }
  });
});

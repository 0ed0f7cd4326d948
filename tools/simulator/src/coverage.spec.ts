/**
 * End to end through HTTP: a scan that splits the store into price bands small enough for the page cap
 * reaches every ASIN, and the union equals the true list served by /__sim/stores/<id>/asins.
 */
import { readPage } from '../test/page-reader.js';
import { startSimulator } from './server.js';
import type { Simulator } from './server.js';
import { createStore } from './store.js';

const store = createStore({ seed: 'coverage', size: 1500 });
let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator({ stores: [store], pageCap: 7 });
});
afterAll(() => sim.close());

async function page(path: string): Promise<ReturnType<typeof readPage>> {
  return readPage(await (await fetch(sim.url + path)).text());
}

describe('partitioned scan', () => {
  it('reaches every ASIN through price bands under the cap; the union equals the true list', async () => {
    const found = new Set<string>();
    let leafTotals = 0;
    let requests = 0;
    const cap = 7 * 16;

    async function band(lo: number, hi: number): Promise<void> {
      let path: string | null = `/s?rh=${encodeURIComponent(`p_6:${store.sellerId},p_36:${lo}-${hi}`)}`;
      const first = await page(path);
      requests++;
      if (first.kind === 'no-results') return;
      expect(first.kind).toBe('results');
      const total = first.total ?? Infinity;
      if (total > cap) {
        expect(lo).toBeLessThan(hi); // a single price holding more than the cap would need another splitter
        const mid = Math.floor((lo + hi) / 2);
        await band(lo, mid);
        await band(mid + 1, hi);
        return;
      }
      leafTotals += total;
      let current = first;
      for (;;) {
        current.organic.forEach((a) => found.add(a));
        path = current.nextHref;
        if (!path) break;
        current = await page(path);
        requests++;
      }
    }

    // the storefront alone is capped: 112 of 1,500
    const front = await page(`/s?me=${store.sellerId}`);
    expect(front.over).toBe(true);
    expect(front.lastPage).toBe(7);

    await band(0, 1_000_000);
    const truth = (await (await fetch(`${sim.url}/__sim/stores/${store.sellerId}/asins`)).text())
      .trim()
      .split('\n');
    expect(truth).toHaveLength(1500);
    expect([...found].sort()).toEqual([...truth].sort());
    expect(leafTotals).toBe(1500); // bands are disjoint
    expect(sim.stats().requests).toBe(requests + 1);
  }, 120_000);
});

/**
 * Counting a store Amazon counts only "over 1,000", against the real marketplace simulator: a store
 * of 1,200 and one of 6,000 both say "over 1,000" on their first page.
 */
import { NO_PRICE, type Simulator, type Store } from '@shelfscan/simulator';
import { buildSearchUrl, marketByCode } from '@shelfscan/markets';
import type { MarketplaceClient } from '../fetch/marketplace-client.js';
import { parseResultsPage } from '../parser/index.js';
import { simulatedMarket, type SimulatedMarket } from '../../test/simulated-market.js';
import { SWEEP_SORT } from './checkpoint.js';
import { marketplacePageSource } from './page-source.js';
import { countStore } from './store-count.js';
import type { ScanSpec } from './types.js';

const market = marketByCode('CA')!;
let m: SimulatedMarket;
let sim: Simulator;
let client: MarketplaceClient;
let medium: Store;
let large: Store;

beforeAll(async () => {
  m = await simulatedMarket({
    stores: [
      { seed: 'count-1200', size: 1200 },
      { seed: 'count-6000', size: 6000 },
    ],
    pageCap: 7,
    pageSize: 16,
  });
  ({ sim, client } = m);
  [medium, large] = sim.stores;
}, 60_000);

afterAll(() => m?.close());

const spec = (s: Store): ScanSpec => ({ market: 'CA', sellerId: s.sellerId, type: 'deep', listLimit: 2720 });
const priced = (s: Store) => s.prices.filter((p) => p !== NO_PRICE).length;

/** The store's first page in the Deep scan's order, as the estimate reads it. */
async function firstPage(s: Store) {
  const url = buildSearchUrl(market, { sellerId: s.sellerId, page: 1, sort: SWEEP_SORT });
  const res = await marketplacePageSource(client, market).fetchSearchPage(url);
  return parseResultsPage(res.html, { domain: market.domain });
}

describe('counting a store that says "over 1,000"', () => {
  it('both stores say only "over 1,000" on their first page', async () => {
    for (const s of [medium, large])
      expect((await firstPage(s)).resultCount).toMatchObject({ total: 1000, isLowerBound: true });
  });

  it('a store of 1,200: its price ranges counted exactly, in a few pages', async () => {
    const count = await countStore(
      marketplacePageSource(client, market),
      spec(medium),
      await firstPage(medium),
      4,
    );
    expect(count).toMatchObject({ total: priced(medium), lowerBound: false });
    expect(count.pages).toBeLessThanOrEqual(4);
    expect(priced(medium)).toBe(1200);
  });

  it('a store of 6,000: more than the 1,200 store, still a lower bound when the budget runs out', async () => {
    const page = await firstPage(large);
    const pages = marketplacePageSource(client, market);
    const small = await countStore(pages, spec(large), page, 4);
    expect(small.pages).toBeLessThanOrEqual(4);
    expect(small.lowerBound).toBe(true);
    expect(small.total).toBeGreaterThan(1200);
    expect(small.total).toBeLessThanOrEqual(6000);
    // A bigger budget knows more, never more than there is.
    const big = await countStore(pages, spec(large), page, 14);
    expect(big.pages).toBeLessThanOrEqual(14);
    expect(big.total).toBeGreaterThan(small.total);
    expect(big.total).toBeLessThanOrEqual(6000);
  });

  it('a blocked page ends the counting with what was counted', async () => {
    const page = await firstPage(large);
    sim.setFaults({ captchaRate: 1 });
    try {
      const count = await countStore(marketplacePageSource(client, market), spec(large), page, 6);
      expect(count).toEqual({ total: 1000, lowerBound: true, pages: 1 });
    } finally {
      sim.setFaults({ captchaRate: 0 });
    }
  });
});

/**
 * Store scans restricted to departments, and the estimate before a scan, against the real
 * marketplace simulator through the real MarketplaceClient and the real engine.
 */
import type { Simulator, Store } from '@shelfscan/simulator';
import { createScanEngine, marketplacePageSource } from '../engine/index.js';
import type { PageReport, ScanCheckpoint } from '../engine/types.js';
import type { MarketplaceClient } from '../fetch/marketplace-client.js';
import { marketByCode } from '@shelfscan/markets';
import { scanByDepartment } from './category-scans.js';
import { estimateScan, requestSpacingMs } from './estimate.js';
import type { StoreScanSpec } from './job-spec.js';
import { simulatedMarket, type SimulatedMarket } from '../../test/simulated-market.js';

const PAGE = 16;
let market: SimulatedMarket;
let sim: Simulator;
let client: MarketplaceClient;
let store: Store;
let thousand: Store;
let medium: Store;
let large: Store;

beforeAll(async () => {
  market = await simulatedMarket({
    stores: [
      { seed: 'departments-1500', size: 1500 },
      { seed: 'estimate-1000', size: 1000 },
      { seed: 'estimate-1200', size: 1200 },
      { seed: 'estimate-6000', size: 6000 },
    ],
    pageCap: 7,
    pageSize: PAGE,
  });
  ({ sim, client } = market);
  [store, thousand, medium, large] = sim.stores;
}, 60_000);

afterAll(() => market?.close());

const pages = () => marketplacePageSource(client, marketByCode('CA')!);
const runner = () => scanByDepartment(createScanEngine({ pages: pages() }));
const spec = (type: StoreScanSpec['type'], categories?: string[], s: Store = store): StoreScanSpec => ({
  market: 'CA',
  sellerId: s.sellerId,
  type,
  listLimit: 2720,
  categories,
});

/** The top-level departments of the store, biggest first, with their listings. */
function departments(s: Store) {
  return s.roots
    .map((i) => ({ id: s.nodes[i].id, asins: Array.from(s.nodes[i].members, (m) => s.asins[m]) }))
    .sort((a, b) => b.asins.length - a.asins.length);
}

describe('scans restricted to departments', () => {
  it('a Standard scan of one department reads only that department (rh=n:<node>,p_6:<seller>)', async () => {
    const [dept] = departments(store);
    expect(dept.asins.length).toBeGreaterThan(7 * PAGE); // big enough to be capped
    sim.resetStats();
    const result = await runner().run(spec('standard', [dept.id]));
    expect(result.asins).toHaveLength(7 * PAGE);
    expect(result.asins.every((a) => dept.asins.includes(a))).toBe(true);
    expect(result.progress.reportedTotal).toBe(dept.asins.length); // the department's count, not the store's
    expect(sim.stats().pagesBySeller[store.sellerId]).toBe(7);
  });

  it('a Deep scan of one department finds exactly that department', async () => {
    const dept = departments(store)[0];
    const result = await runner().run(spec('deep', [dept.id]));
    expect(new Set(result.asins)).toEqual(new Set(dept.asins));
    expect(result.outcome).toBe('complete');
  });

  it('"All Categories" (node 1) and no choice scan the whole store', async () => {
    for (const categories of [['1'], [], undefined]) {
      const all = await runner().run(spec('standard', categories));
      // 1,500 listings: Amazon says "over 1,000" for the whole store.
      expect(all.progress).toMatchObject({ reportedTotal: 1000, reportedTotalIsLowerBound: true });
    }
  });

  it('several departments: their union, nothing twice, and it resumes inside the second one', async () => {
    const [a, b] = departments(store).slice(1, 3);
    const expected = new Set([...a.asins, ...b.asins]);
    const chosen = spec('deep', [a.id, b.id]);
    // Run until a few pages into the second department, then "crash".
    const reports: PageReport[] = [];
    const crash = new Error('worker killed');
    let inSecond = 0;
    await expect(
      runner().run(chosen, {
        onPage: async (r) => {
          reports.push(r);
          if ((r.checkpoint as { index?: number }).index === 1 && ++inSecond === 3) throw crash;
        },
      }),
    ).rejects.toBe(crash);
    const stored = reports.slice(0, -1);
    const seen = stored.flatMap((r) => r.newAsins);
    const rest: PageReport[] = [];
    const result = await runner().run(chosen, {
      resume: { checkpoint: stored.at(-1)!.checkpoint as ScanCheckpoint, seenAsins: seen },
      onPage: async (r) => void rest.push(r),
    });
    const all = [...seen, ...rest.flatMap((r) => r.newAsins)];
    expect(new Set(all)).toEqual(expected);
    expect(all).toHaveLength(expected.size); // none reported twice
    expect(result.asins).toHaveLength(expected.size);
    expect(result.progress.reportedTotal).toBe(expected.size);
    expect(result.coverageLine).toBe(
      `Found ${expected.size.toLocaleString('en-US')} ASINs of the ${expected.size.toLocaleString('en-US')} Amazon reports (100%).`,
    );
    expect(rest[0].progress.pagesFetched).toBeGreaterThan(stored.at(-1)!.progress.pagesFetched);
  });
});

describe('the estimate before a scan starts', () => {
  const spacing = 500;

  it("is the engine's page estimate for the store times the request spacing, close to the real scan", async () => {
    const estimate = await estimateScan(pages(), spec('deep', undefined, thousand), { msPerPage: spacing });
    expect(estimate).toMatchObject({
      reportedTotal: 1000,
      reportedTotalIsLowerBound: false,
      msPerPage: spacing,
    });
    expect(estimate.etaSeconds).toBe(Math.round((estimate.pages * spacing) / 1000));
    const real = await createScanEngine({ pages: pages() }).run(spec('deep', undefined, thousand));
    expect(Math.abs(estimate.pages - real.progress.pagesFetched)).toBeLessThanOrEqual(
      Math.ceil(real.progress.pagesFetched * 0.1),
    );
  });

  it('a store that says only "over 1,000" is counted by its price ranges: 1,200 and 6,000 get their own', async () => {
    // Both say "over 1,000" on their first page; the default pace (2.5 s a page) leaves 4 pages to
    // count (15 s of pages, the probe's first; two pages a split).
    const slow = requestSpacingMs({ requestsPerSecond: 0.5, jitterRatio: 0.5 });
    sim.resetStats();
    const m = await estimateScan(pages(), spec('deep', undefined, medium), { msPerPage: slow });
    expect(sim.stats().requests).toBeLessThanOrEqual(1 + 4);
    // Amazon's count stays what it is; the counted one is the store's (its listings with a price).
    expect(m).toMatchObject({
      reportedTotal: 1000,
      reportedTotalIsLowerBound: true,
      counted: { total: 1200, lowerBound: false },
      max: null,
    });
    sim.resetStats();
    const l = await estimateScan(pages(), spec('deep', undefined, large), { msPerPage: slow });
    expect(sim.stats().requests).toBeLessThanOrEqual(1 + 4);
    // Not counted to the end: what is known, as a lower bound, and the wait up to the list limit.
    expect(l).toMatchObject({ reportedTotal: 1000, reportedTotalIsLowerBound: true });
    expect(l.counted?.lowerBound).toBe(true);
    expect(l.counted?.total).toBeGreaterThan(1200);
    expect(l.counted?.total).toBeLessThanOrEqual(6000);
    expect(l.pages).toBeGreaterThan(m.pages);
    expect(l.etaSeconds).toBeGreaterThan(m.etaSeconds!);
    expect(l.max).toEqual({ pages: Math.ceil(2720 / PAGE), etaSeconds: Math.round((170 * slow) / 1000) });
    // The 1,200 store's estimate is its real scan (within 10 %), which reads none of the counting pages.
    const real = await createScanEngine({ pages: pages() }).run(spec('deep', undefined, medium));
    expect(Math.abs(m.pages - real.progress.pagesFetched)).toBeLessThanOrEqual(
      Math.ceil(real.progress.pagesFetched * 0.1),
    );
    // Departments probed first: the counting gets only what their probes leave of the 15 s.
    const all = departments(large).map((d) => d.id);
    sim.resetStats();
    await estimateScan(pages(), spec('deep', all, large), { msPerPage: slow });
    expect(sim.stats().requests).toBeLessThanOrEqual(Math.max(6, Math.min(all.length, 5)));
    // A faster client counts further in the same time.
    const fast = await estimateScan(pages(), spec('deep', undefined, large), { msPerPage: spacing });
    expect(fast.counted!.total).toBeGreaterThan(l.counted!.total);
  });

  it('a Standard scan is at most the pages one query serves', async () => {
    const estimate = await estimateScan(pages(), spec('standard', undefined, thousand), {
      msPerPage: spacing,
    });
    expect(estimate.pages).toBe(7);
    expect(estimate.etaSeconds).toBe(Math.round((7 * spacing) / 1000));
  });

  it('adds up the departments chosen', async () => {
    const [a, b] = departments(store);
    const estimate = await estimateScan(pages(), spec('deep', [a.id, b.id]), { msPerPage: spacing });
    expect(estimate.reportedTotal).toBe(a.asins.length + b.asins.length);
    expect(estimate.pages).toBeGreaterThanOrEqual(
      Math.ceil(a.asins.length / PAGE) + Math.ceil(b.asins.length / PAGE),
    );
  });

  it("uses the client's spacing: rate plus the mean of its jitter", () => {
    expect(requestSpacingMs({ requestsPerSecond: 0.5, jitterRatio: 0.5 })).toBe(2500);
  });
});

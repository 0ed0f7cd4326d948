import { ManualClock } from '@shelfscan/service';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
/**
 * The scan engine against the real marketplace simulator (in-process), through the real
 * MarketplaceClient with MARKETPLACE_ORIGIN pointed at it and politeness turned up.
 */
import { NO_PRICE, startSimulator, type Simulator, type Store } from '@shelfscan/simulator';
import { MarketplaceBlockedError } from '../fetch/errors.js';
import { MarketplaceClient } from '../fetch/marketplace-client.js';
import { marketByCode, type Market } from '@shelfscan/markets';
import { EXPECTED_RESULTS } from '../parser/__fixtures__/expected.js';
import { readAmazonPage } from '../parser/__fixtures__/paths.js';
import {
  createScanEngine,
  marketplacePageSource,
  ScanBlockedError,
  type FunctionalFilters,
  type PageReport,
  type PageSource,
  type RunOptions,
  type ScanSpec,
} from './index.js';

const LIST_LIMIT = 2720;
const PAGE = 16;
const lowerBound = (n: number) => Math.ceil(n / PAGE);

const market: Market = marketByCode('CA')!;
let sim: Simulator;
let client: MarketplaceClient;
let small: Store;
let mid: Store;
let big: Store;
let four: Store;

beforeAll(async () => {
  sim = await startSimulator({
    port: 0,
    stores: [
      { seed: 'engine-100', size: 100 },
      { seed: 'engine-1000', size: 1000 },
      { seed: 'engine-10000', size: 10_000 },
      { seed: 'engine-400', size: 400 },
    ],
    pageCap: 7,
    pageSize: PAGE,
  });
  [small, mid, big, four] = sim.stores;
  client = new MarketplaceClient({
    originOverride: sim.url,
    requestsPerSecond: 10_000,
    jitterRatio: 0,
    maxAttempts: 1,
    pinDeliveryLocation: false,
  });
}, 60_000);

afterAll(async () => {
  await client?.close();
  await sim?.close();
});

afterEach(() => {
  sim.setFaults({ captchaRate: 0, errorRate: 0, latencyMs: 0, jitterMs: 0 });
});

function engine() {
  return createScanEngine({ pages: marketplacePageSource(client, market) });
}

function spec(store: Store, type: ScanSpec['type'], extra: Partial<ScanSpec> = {}): ScanSpec {
  return { market: 'CA', sellerId: store.sellerId, type, listLimit: LIST_LIMIT, ...extra };
}

function expectNoDuplicates(asins: string[]) {
  expect(new Set(asins).size).toBe(asins.length);
}

describe('Standard', () => {
  it('finds exactly the true list of a 100-ASIN store', async () => {
    const result = await engine().run(spec(small, 'standard'));
    expectNoDuplicates(result.asins);
    expect(new Set(result.asins)).toEqual(new Set(small.asins));
    expect(result.progress.pagesFetched).toBe(lowerBound(100));
    expect(result.stopReason).toBe('exhausted');
    expect(result.coverageLine).toBe('Found 100 ASINs of the 100 Amazon reports (100%).');
    expect(result.progress.reportedTotal).toBe(100);
  });

  it('stops at the pagination cap read from the strip on a big store', async () => {
    const result = await engine().run(spec(mid, 'standard'));
    expect(result.progress.pagesFetched).toBe(7);
    expect(result.asins).toHaveLength(7 * PAGE);
    expect(result.asins.every((a) => mid.asinSet.has(a))).toBe(true);
    expect(result.coverage).toMatchObject({ found: 112, reported: 1000, reportedIsLowerBound: false });
  });

  it('returns exactly the organic ASINs of a real saved storefront page', async () => {
    const html = readAmazonPage('com_storefront_1.html');
    const urls: string[] = [];
    const pages: PageSource = {
      fetchSearchPage: async (url) => {
        urls.push(url);
        return { status: 200, html };
      },
    };
    const expected = EXPECTED_RESULTS.find((e) => e.file === 'com_storefront_1.html')!.organic;
    const result = await createScanEngine({ pages }).run({
      market: 'US',
      sellerId: 'A2DP2EEPU3VU45',
      type: 'standard',
      listLimit: LIST_LIMIT,
    });
    expect(result.asins).toEqual(expected);
    // The page's strip ends at page 2: the engine asks for it (its own URL) and stops there.
    expect(urls).toEqual([
      'https://www.amazon.com/s?me=A2DP2EEPU3VU45&marketplaceID=ATVPDKIKX0DER',
      'https://www.amazon.com/s?me=A2DP2EEPU3VU45&marketplaceID=ATVPDKIKX0DER&page=2',
    ]);
  });
});

describe('Deep', () => {
  it('covers a 1,000-ASIN store past the cap within 1.3 × the page lower bound', async () => {
    sim.resetStats();
    const result = await engine().run(spec(mid, 'deep'));
    expectNoDuplicates(result.asins);
    const truth = new Set(mid.asins);
    const found = result.asins.filter((a) => truth.has(a)).length;
    expect(found).toBe(result.asins.length);
    expect(found / 1000).toBeGreaterThanOrEqual(0.99);
    expect(result.progress.pagesFetched).toBeLessThanOrEqual(1.3 * lowerBound(1000));
    expect(sim.stats().pages + sim.stats().noResults).toBe(result.progress.pagesFetched);
    expect(result.stopReason).toBe('exhausted');
    expect(result.coverageLine).toMatch(
      /^Found [\d,]+ ASINs of the 1,000 Amazon reports \((99(\.\d)?|100)%\)\.$/,
    );
  });

  it('stops at the list limit on a 10,000-ASIN store, efficiently and without duplicates', async () => {
    const result = await engine().run(spec(big, 'deep'));
    expectNoDuplicates(result.asins);
    expect(result.asins).toHaveLength(LIST_LIMIT);
    expect(result.asins.every((a) => big.asinSet.has(a))).toBe(true);
    expect(result.stopReason).toBe('list-limit');
    expect(result.progress.pagesFetched).toBeLessThanOrEqual(1.3 * lowerBound(LIST_LIMIT));
    expect(result.coverageLine).toContain('Stopped at the list limit of 2,720 ASINs.');
    expect(result.progress.reportedTotalIsLowerBound).toBe(true);
    expect(result.progress.partitionsLeft).toBe(0);
  }, 120_000);

  describe('one price shared by more listings than a query serves', () => {
    // Every listing at one price: nothing to sweep or window on.
    async function flatScan(alike: boolean) {
      const { createStore } = await import('@shelfscan/simulator');
      const flat = createStore({ seed: 'engine-flat', size: 400, behaviour: { sameTitles: alike } });
      flat.prices.fill(1999);
      flat.sortPrices.fill(1999);
      const flatSim = await startSimulator({ port: 0, stores: [flat] });
      const flatClient = new MarketplaceClient({
        originOverride: flatSim.url,
        requestsPerSecond: 10_000,
        jitterRatio: 0,
        maxAttempts: 1,
        pinDeliveryLocation: false,
      });
      try {
        const urls: string[] = [];
        const source = marketplacePageSource(flatClient, market);
        const pages: PageSource = {
          fetchSearchPage: (url, signal) => {
            urls.push(decodeURIComponent(url));
            return source.fetchSearchPage(url, signal);
          },
        };
        const result = await createScanEngine({ pages }).run(spec(flat, 'deep'));
        return { flat, result, urls };
      } finally {
        await flatClient.close();
        await flatSim.close();
      }
    }

    it('is split by title keywords learned from the tiles; Amazon’s count of the price checks the split', async () => {
      const { flat, result, urls } = await flatScan(false);
      expectNoDuplicates(result.asins);
      expect(new Set(result.asins)).toEqual(flat.asinSet);
      expect(urls.some((u) => /[?&]k=/.test(u) && u.includes('p_36:'))).toBe(true);
      expect(result.outcome).toBe('complete');
    });

    it('with titles too alike to split, the departments take over and what none holds is said to be missing', async () => {
      const { flat, result } = await flatScan(true);
      expectNoDuplicates(result.asins);
      expect(result.asins.every((a) => flat.asinSet.has(a))).toBe(true);
      // Listings in a department are all reachable; the ones in none are counted, not served.
      const inNoDepartment = Array.from(flat.nodeOf).filter((n) => n < 0).length;
      expect(inNoDepartment).toBeGreaterThan(4);
      expect(result.asins.length).toBeGreaterThanOrEqual(400 - inNoDepartment);
      // Other sort orders reach some of those; what they miss is counted, and said.
      const missing = 400 - result.asins.length;
      expect(result.outcome).toBe(missing > 4 ? 'partial' : 'complete');
      if (missing > 0)
        expect(result.coverageLine).toContain(`${missing} listings were counted by Amazon but not served`);
    });
  });
});

describe('Functional', () => {
  function expected(store: Store, f: FunctionalFilters): Set<string> {
    const out = new Set<string>();
    for (let i = 0; i < store.size; i++) {
      const stars = store.halfStars[i] / 2;
      const price = store.prices[i];
      if (f.amazonsChoice && !(store.badges[i] & 1)) continue;
      if (f.bestSeller && !(store.badges[i] & 2)) continue;
      if (f.minStars !== undefined && (stars === 0 || stars < f.minStars)) continue;
      if (f.maxStars !== undefined && (stars === 0 || stars > f.maxStars)) continue;
      if (f.minPrice !== undefined && price < Math.round(f.minPrice * 100)) continue;
      if (f.maxPrice !== undefined && price > Math.round(f.maxPrice * 100)) continue;
      out.add(store.asins[i]);
    }
    return out;
  }

  it.each<[string, FunctionalFilters]>([
    ['4 stars and up under $30', { minStars: 4, maxPrice: 30 }],
    ["Amazon's Choice", { amazonsChoice: true }],
    ['Best Seller from $10', { bestSeller: true, minPrice: 10 }],
    ['2 to 3.5 stars, $5–$60', { minStars: 2, maxStars: 3.5, minPrice: 5, maxPrice: 60 }],
  ])('%s agrees with the store data', async (_name, filters) => {
    sim.resetStats();
    const want = expected(four, filters);
    expect(want.size).toBeGreaterThan(0);
    const result = await engine().run(spec(four, 'functional', { filters }));
    expectNoDuplicates(result.asins);
    expect(new Set(result.asins)).toEqual(want);
    expect(result.coverageLine).toMatch(/matching ASIN/);
  });

  it('uses the p_72 id read from the navigation for a minimum star rating', async () => {
    const urls: string[] = [];
    const source = marketplacePageSource(client, market);
    const pages: PageSource = {
      fetchSearchPage: (url, signal) => {
        urls.push(url);
        return source.fetchSearchPage(url, signal);
      },
    };
    await createScanEngine({ pages }).run(spec(small, 'functional', { filters: { minStars: 4 } }));
    expect(urls[0]).not.toContain('p_72');
    expect(
      urls.slice(1).every((u) => u.includes('p_72%3A11192170011') || u.includes('p_72:11192170011')),
    ).toBe(true);
  });
});

describe('checkpoints, resume, blocks and abort', () => {
  it('resumes from the last checkpoint to the full set, never reporting an ASIN twice', async () => {
    const full = await engine().run(spec(four, 'deep'));
    expect(full.asins).toHaveLength(400);

    const reported: string[] = [];
    let last: PageReport | undefined;
    const controller = new AbortController();
    const k = 9;
    let pages = 0;
    await expect(
      engine().run(spec(four, 'deep'), {
        signal: controller.signal,
        onPage: async (r) => {
          reported.push(...r.newAsins);
          last = JSON.parse(JSON.stringify(r)) as PageReport;
          if (++pages === k) controller.abort();
        },
      }),
    ).rejects.toThrow();
    expect(pages).toBe(k);
    expect(last!.progress.pagesFetched).toBe(k);

    const before = [...reported];
    const resumed = await engine().run(spec(four, 'deep'), {
      resume: { checkpoint: last!.checkpoint, seenAsins: before },
      onPage: async (r) => {
        reported.push(...r.newAsins);
      },
    });
    expectNoDuplicates(reported);
    expect(new Set(reported)).toEqual(new Set(full.asins));
    expect(new Set(resumed.asins)).toEqual(new Set(full.asins));
    expect(resumed.progress.pagesFetched).toBe(full.progress.pagesFetched);
  });

  it('reports progress after every page with an ETA from the measured rate', async () => {
    const clock = new ManualClock(0);
    const source = marketplacePageSource(client, market);
    const pages: PageSource = {
      fetchSearchPage: (url, signal) => {
        clock.advance(1000); // every page takes one (fake) second
        return source.fetchSearchPage(url, signal);
      },
    };
    const reports: PageReport[] = [];
    await createScanEngine({ pages, clock }).run(spec(mid, 'deep'), {
      onPage: async (r) => void reports.push(r),
    });
    expect(reports.map((r) => r.progress.pagesFetched)).toEqual(reports.map((_, i) => i + 1));
    const first = reports[0].progress;
    expect(first.reportedTotal).toBe(1000);
    expect(first.asinsFound).toBe(16);
    expect(first.partitionsLeft).toBeGreaterThanOrEqual(1);
    // ~ (1000 - 16) / 16 pages left at one second each.
    expect(first.etaSeconds).toBeGreaterThan(55);
    expect(first.etaSeconds).toBeLessThan(80);
    const end = reports[reports.length - 1].progress;
    expect(end.etaSeconds).toBe(0);
    expect(end.partitionsLeft).toBe(0);
  });

  it('an "over 1,000" store counted before the scan: the ETA goes down as pages are done, and no page changes', async () => {
    const run = async (expectedTotal?: number) => {
      const clock = new ManualClock(0);
      const source = marketplacePageSource(client, market);
      const urls: string[] = [];
      const pages: PageSource = {
        fetchSearchPage: (url, signal) => {
          urls.push(url);
          clock.advance(1000); // every page takes one (fake) second
          return source.fetchSearchPage(url, signal);
        },
      };
      const etas: number[] = [];
      const result = await createScanEngine({ pages, clock }).run(
        spec(big, 'deep', { listLimit: 2000, expectedTotal }),
        { onPage: async (r) => void etas.push(r.progress.etaSeconds ?? NaN) },
      );
      return { urls, etas, result };
    };
    const counted = await run(big.asins.length);
    const plain = await run();
    // The count only informs the ETA: the scan reads the same pages.
    expect(counted.urls).toEqual(plain.urls);
    expect(counted.result.progress.reportedTotal).toBe(1000);
    expect(counted.result.progress.reportedTotalIsLowerBound).toBe(true);
    const { etas } = counted;
    const n = etas.length; // one page a second: the true time left after page i is n - i - 1
    expect(n).toBeGreaterThan(2000 / PAGE);
    // From the first page on, the ETA is the pages the scan still reads (within 15 %) ...
    expect(Math.abs(etas[0] - (n - 1))).toBeLessThanOrEqual(Math.ceil(n * 0.15));
    // ... and it goes down as pages are done (a page may add a second at a band's edge, never more).
    for (let i = 1; i < n; i++) expect(etas[i]).toBeLessThanOrEqual(etas[i - 1] + 1);
    const quarter = (q: number) => etas[Math.floor((n * q) / 4)];
    expect(quarter(1)).toBeLessThan(quarter(0));
    expect(quarter(2)).toBeLessThan(quarter(1));
    expect(quarter(3)).toBeLessThan(quarter(2));
    expect(etas[n - 1]).toBe(0);
    // Without the count, the ETA is the bound's until the last 1,000 (what is known), and no band's
    // edge drops it to a page in between.
    const far = plain.etas.slice(0, plain.etas.length - 1000 / PAGE);
    expect(far.length).toBeGreaterThan(20);
    expect(Math.min(...far)).toBeGreaterThan(1000 / PAGE / 2);
  }, 120_000);

  it('a captcha page is a typed block error', async () => {
    sim.setFaults({ captchaRate: 1 });
    await expect(engine().run(spec(small, 'standard'))).rejects.toBeInstanceOf(MarketplaceBlockedError);
  });

  it.each(['com_captcha_1.html', 'com_captcha_3.html', 'uk_captcha_1.html', 'com_503_1.html'])(
    'the saved block page %s stops the scan with ScanBlockedError',
    async (file) => {
      const html = readAmazonPage(file);
      const pages: PageSource = { fetchSearchPage: async () => ({ status: 200, html }) };
      const err = await createScanEngine({ pages })
        .run(spec(small, 'deep'))
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ScanBlockedError);
      expect((err as ScanBlockedError).message).toMatch(/amazon\.ca .*try again later/);
    },
  );

  it('an abort stops the scan within one page', async () => {
    sim.setFaults({ latencyMs: 200 });
    const controller = new AbortController();
    let pages = 0;
    const started = Date.now();
    setTimeout(() => controller.abort(), 300);
    await expect(
      engine().run(spec(mid, 'deep'), {
        signal: controller.signal,
        onPage: async () => void pages++,
      }),
    ).rejects.toThrow();
    // Pages take 200 ms each; without the abort this scan would read many more for many seconds.
    expect(Date.now() - started).toBeLessThan(3000);
    expect(pages).toBeLessThanOrEqual(2);
  });

  it('refuses a checkpoint of another scan', async () => {
    let checkpoint: PageReport['checkpoint'] | undefined;
    await engine().run(spec(small, 'standard'), { onPage: async (r) => void (checkpoint = r.checkpoint) });
    await expect(
      engine().run(spec(small, 'deep'), { resume: { checkpoint: checkpoint!, seenAsins: [] } }),
    ).rejects.toThrow(/another scan/);
  });
});

describe('memory', () => {
  it('keeps no page while the runner stores the one before (onPage is awaited without it)', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const source = marketplacePageSource(client, market);
    const fetched: WeakRef<{ status: number; html: string }>[] = [];
    const pages: PageSource = {
      fetchSearchPage: async (url, signal) => {
        const res = { ...(await source.fetchSearchPage(url, signal)) };
        fetched.push(new WeakRef(res));
        return res;
      },
    };
    const alive: number[] = [];
    const result = await createScanEngine({ pages }).run(spec(small, 'deep'), {
      onPage: async () => {
        // The runner's transaction: a later turn of the event loop (a WeakRef holds its target to the end of a turn).
        await new Promise((r) => setImmediate(r));
        gc();
        alive.push(fetched.filter((ref) => ref.deref() !== undefined).length);
      },
    });
    expect(result.asins).toHaveLength(100);
    expect(alive.length).toBe(fetched.length);
    expect(alive.every((n) => n === 0)).toBe(true);
  });
});

describe('Deep on stores that behave like real storefronts (verify, do not trust)', () => {
  // One store built for each real-world behaviour (tools/simulator README), small enough to be fast.
  let real: Simulator;
  let crowdedSim: Simulator;
  let realClient: MarketplaceClient;
  let crowdedClient: MarketplaceClient;
  const stores: Record<string, Store> = {};
  const behaviours = {
    drift: { sortDrift: 0.15, unpriced: 0.03 },
    variations: { variations: 0.1 },
    ignored: { ignoreSort: true },
    unstable: { ignoreSort: true, unstableFeatured: true },
    unpriced: { unpriced: 0.05 },
    alike: { unpriced: 0.2, sameTitles: true }, // titles that cannot split the store
  };
  const client = (url: string) =>
    new MarketplaceClient({
      originOverride: url,
      requestsPerSecond: 10_000,
      jitterRatio: 0,
      maxAttempts: 1,
      pinDeliveryLocation: false,
    });

  beforeAll(async () => {
    const built = await import('@shelfscan/simulator');
    const specs = Object.entries(behaviours).map(([name, behaviour]) =>
      built.createStore({ seed: `engine-real-${name}`, size: 1000, behaviour }),
    );
    // Issue 18's held-out case: 2,000 ASINs (Amazon counts "over 1,000"), the sort ignored, 3 %
    // without a price; and the same with titles too alike to split the store (departments only).
    const overThousand = {
      ignoredUnpriced: { ignoreSort: true, unpriced: 0.03 },
      ignoredUnpricedAlike: { ignoreSort: true, unpriced: 0.03, sameTitles: true },
    };
    for (const [name, behaviour] of Object.entries(overThousand))
      specs.push(built.createStore({ seed: `engine-real-${name}`, size: 2000, behaviour }));
    real = await startSimulator({ port: 0, stores: specs, pageCap: 7, pageSize: PAGE });
    [...Object.keys(behaviours), ...Object.keys(overThousand)].forEach(
      (name, i) => (stores[name] = real.stores[i]),
    );
    // Prices shared by more listings than a query serves, in a small store: 4 results a page.
    crowdedSim = await startSimulator({
      port: 0,
      stores: [
        { seed: 'engine-real-crowded', size: 2000, behaviour: { sortDrift: 0.15 } },
        // Amazon counts it "over 1,000": the unpriced listings missing can only be estimated.
        { seed: 'cli-kill-crowded', size: 1500, behaviour: { sortDrift: 0.15, unpriced: 0.03 } },
      ],
      pageCap: 7,
      pageSize: 4,
    });
    stores.crowded = crowdedSim.stores[0];
    stores.overThousand = crowdedSim.stores[1];
    realClient = client(real.url);
    crowdedClient = client(crowdedSim.url);
  }, 60_000);

  afterAll(async () => {
    await realClient?.close();
    await crowdedClient?.close();
    await real?.close();
    await crowdedSim?.close();
  });

  const pagesOf = (store: Store) =>
    marketplacePageSource(crowdedSim.stores.includes(store) ? crowdedClient : realClient, market);
  const deep = (store: Store, options: RunOptions = {}, threshold?: number) =>
    createScanEngine({ pages: pagesOf(store), coverageThreshold: threshold }).run(
      spec(store, 'deep', { listLimit: Number.MAX_SAFE_INTEGER }),
      options,
    );
  /** A whole-store Deep scan, with the URLs it asked for. */
  const deepWithUrls = async (store: Store) => {
    const urls: string[] = [];
    const source = pagesOf(store);
    const pages: PageSource = {
      fetchSearchPage: (url, signal) => {
        urls.push(decodeURIComponent(url));
        return source.fetchSearchPage(url, signal);
      },
    };
    const result = await createScanEngine({ pages }).run(
      spec(store, 'deep', { listLimit: Number.MAX_SAFE_INTEGER }),
    );
    return { urls, result };
  };
  const coverage = (store: Store, asins: string[]) => {
    expectNoDuplicates(asins);
    expect(asins.filter((a) => !store.asinSet.has(a))).toEqual([]);
    return asins.length / store.size;
  };

  it.each([
    // name, minimum coverage, most pages ÷ ⌈N ÷ 16⌉ (the targets)
    ['drift', '15 % of listings sorted by another price, 3 % without a price', 0.99, 1.5],
    ['variations', 'variations sorted by the high end of their price range', 0.99, 1.5],
    ['ignored', 'the sort parameter ignored', 0.97, 2.5],
    ['unstable', 'the sort ignored and featured order changing between loads', 0.97, 2.5],
  ])(
    '%s (%s): the order check fails; counted windows reach ≥ %d at ≤ %d × the lower bound',
    async (name, _l, min, ratio) => {
      const store = stores[name];
      const result = await deep(store);
      expect(coverage(store, result.asins)).toBeGreaterThanOrEqual(min);
      expect(result.coverage?.orderChecked).toBe('violated');
      expect(result.outcome).toBe('complete');
      expect(result.progress.pagesFetched).toBeLessThanOrEqual(ratio * lowerBound(store.size));
    },
  );

  it('an exact store passes the order check and keeps the price sweep', async () => {
    const result = await engine().run(spec(mid, 'deep'));
    expect(result.coverage?.orderChecked).toBe('trusted');
    expect(result.outcome).toBe('complete');
  });

  it('prices shared by more listings than a query serves: keyword zones, checked piece by piece', async () => {
    const store = stores.crowded;
    const counts = new Map<number, number>();
    for (const p of store.prices) counts.set(p, (counts.get(p) ?? 0) + 1);
    expect(Math.max(...counts.values())).toBeGreaterThan(7 * 4); // crowded: more than a query serves
    const { urls, result } = await deepWithUrls(store);
    expect(new Set(result.asins)).toEqual(store.asinSet);
    expect(result.outcome).toBe('complete');
    expect(urls.some((u) => /[?&]k=[a-z0-9]+&/.test(u) && u.includes('p_36:'))).toBe(true);
    // 4 a page: pages against ⌈N ÷ 4⌉.
    expect(result.progress.pagesFetched).toBeLessThanOrEqual(1.5 * Math.ceil(store.size / 4));
  });

  it('finds listings without a price (no price filter serves them) at the end of keyword queries', async () => {
    const store = stores.unpriced;
    const unpriced = store.asins.filter((_, i) => store.prices[i] === NO_PRICE);
    const { urls, result } = await deepWithUrls(store);
    const found = new Set(result.asins);
    expect(unpriced.filter((a) => found.has(a))).toEqual(unpriced);
    expect(result.coverage?.unpricedFound).toBe(unpriced.length);
    expect(coverage(store, result.asins)).toBe(1);
    // Keyword queries without a price filter, in price order, read from their end.
    const tails = urls.filter((u) => /[?&]k=/.test(u) && !u.includes('p_36'));
    expect(tails.length).toBeGreaterThan(0);
    expect(tails.every((u) => u.includes('s=price-desc-rank') && /page=\d/.test(u))).toBe(true);
    expect(tails.length).toBeLessThan(unpriced.length);
  });

  it('a store counted "over 1,000" that ignores the sort: its unpriced listings are reached by keyword queries read by their counts, and "complete" is true', async () => {
    // Before, this scan read keyword queries at the position their titles gave the unpriced
    // listings (a featured order puts them anywhere): it ended "complete" at 98.6 %, every listing
    // it missed one without a price — 28 false removals for a tracker.
    const store = stores.ignoredUnpriced;
    const unpriced = store.asins.filter((_, i) => store.prices[i] === NO_PRICE);
    expect(unpriced.length).toBeGreaterThan(40);
    const { urls, result } = await deepWithUrls(store);
    expect(result.coverage?.reportedIsLowerBound).toBe(true);
    expect(result.coverage?.orderChecked).toBe('violated');
    const share = coverage(store, result.asins);
    expect(share).toBeGreaterThanOrEqual(0.99);
    const found = new Set(result.asins);
    expect(store.asins.filter((a) => !found.has(a)).every((a) => unpriced.includes(a))).toBe(true);
    expect(result.coverage?.unpricedFound).toBeGreaterThanOrEqual(0.75 * unpriced.length);
    expect(result.outcome).toBe('complete');
    // What is missing is bounded by the estimate (the upper end of the share read).
    expect(result.coverage?.estimatedUnpricedMissing).toBeGreaterThanOrEqual(
      store.size - result.asins.length,
    );
    // Keyword queries without a price filter, read from their first page by their count.
    const tails = urls.filter((u) => /[?&]k=/.test(u) && !u.includes('p_36'));
    expect(tails.length).toBeGreaterThan(20);
    expect(tails.filter((u) => !/[?&]page=/.test(u)).length).toBeGreaterThan(20);
    expect(result.progress.pagesFetched).toBeLessThanOrEqual(2.5 * lowerBound(store.size));
  }, 120_000);

  it('a store that ignores the sort, killed before, at the start of and inside its unpriced pass: resumed without losing or repeating an ASIN', async () => {
    const store = stores.ignoredUnpriced;
    const checkpoints: PageReport[] = [];
    await deep(store, { onPage: async (r) => void checkpoints.push(r) });
    const planned = checkpoints.findIndex((r) => r.checkpoint.tail != null);
    expect(planned).toBeGreaterThan(0);
    expect(checkpoints[planned].checkpoint.tail).toMatchObject({ unordered: true });
    for (const at of [planned - 5, planned + 3, planned + 30]) {
      const seen = checkpoints.slice(0, at + 1).flatMap((r) => r.newAsins);
      const reported: string[] = [];
      const resumed = await deep(store, {
        resume: { checkpoint: JSON.parse(JSON.stringify(checkpoints[at].checkpoint)), seenAsins: seen },
        onPage: async (r) => void reported.push(...r.newAsins),
      });
      expect(reported.filter((a) => seen.includes(a))).toEqual([]);
      const share = coverage(store, [...seen, ...reported]);
      expect(share).toBeGreaterThanOrEqual(0.99);
      expect(resumed.asins.slice(0, seen.length)).toEqual(seen);
      expect(resumed.replanned).toBeUndefined();
    }
  }, 240_000);

  it('a store counted "over 1,000" whose titles cannot split it: what no department reaches cannot be bounded below 1 %, so the scan is partial', async () => {
    const store = stores.ignoredUnpricedAlike;
    const result = await deep(store);
    const missing = store.size - result.asins.length;
    expect(coverage(store, result.asins)).toBeLessThan(1);
    expect(result.coverage?.estimatedUnpricedMissing).toBeGreaterThanOrEqual(missing);
    expect(result.outcome).toBe('partial');
    expect(result.coverageLine).toMatch(
      /Incomplete: about \d+ listings have no price and could not be reached/,
    );
  }, 120_000);

  it('never says complete below the threshold: a partial result says what is missing and why', async () => {
    const store = stores.alike;
    const result = await deep(store);
    const missing = store.size - result.asins.length;
    expect(coverage(store, result.asins)).toBeLessThan(0.99);
    expect(result.outcome).toBe('partial');
    expect(result.coverageLine).toContain(
      `Found ${result.asins.length.toLocaleString('en-US')} ASINs of the 1,000 Amazon reports`,
    );
    expect(result.coverageLine).toContain(
      `Incomplete: ${missing} listings have no price and could not be reached.`,
    );
    // The threshold is a setting: at 50 % the same result is complete.
    expect((await deep(store, {}, 0.5)).outcome).toBe('complete');
  });

  it.each([
    ['counted windows, zones', 'crowded'],
    ['counted windows, keyword tails', 'drift'],
  ])(
    'a kill at any page (%s) resumes without losing or repeating an ASIN',
    async (_label, name) => {
      const store = stores[name];
      const checkpoints: PageReport[] = [];
      const full = await deep(store, { onPage: async (r) => void checkpoints.push(r) });
      const kinds = (r: PageReport) => (r.checkpoint.stack as { kind: string }[]).map((t) => t.kind);
      // Kill points: inside a zone (or the unpriced pass), half-way, near the end.
      const inside = checkpoints.findIndex((r) =>
        name === 'crowded' ? kinds(r).includes('zone') : r.checkpoint.tail != null,
      );
      expect(inside).toBeGreaterThan(0);
      for (const at of [inside + 2, Math.floor(checkpoints.length / 2), checkpoints.length - 3]) {
        const seen = checkpoints.slice(0, at + 1).flatMap((r) => r.newAsins);
        const reported: string[] = [];
        const resumed = await deep(store, {
          resume: { checkpoint: JSON.parse(JSON.stringify(checkpoints[at].checkpoint)), seenAsins: seen },
          onPage: async (r) => void reported.push(...r.newAsins),
        });
        expect(reported.filter((a) => seen.includes(a))).toEqual([]);
        expect(coverage(store, [...seen, ...reported])).toBeGreaterThanOrEqual(0.99);
        expect(resumed.asins.slice(0, seen.length)).toEqual(seen);
        expect(resumed.replanned).toBeUndefined();
        // Honest: never complete below the threshold of the store.
        if (resumed.outcome === 'complete')
          expect(coverage(store, resumed.asins)).toBeGreaterThanOrEqual(0.99);
        expect(full.outcome).toBe('complete');
      }
    },
    120_000,
  );

  it('a resumed scan of a store Amazon counts only as "over 1,000" is never complete below the threshold', async () => {
    // After a resume the titles known are a share: a tail query's unpriced listings can be guessed
    // past its end (its first page's count then says where it ends), and a few queries read may
    // hold no unpriced listing by chance (the estimate then takes the upper end of the share).
    // These kill points said "complete" at 97.2–97.3 % before.
    const store = stores.overThousand;
    const checkpoints: PageReport[] = [];
    await deep(store, { onPage: async (r) => void checkpoints.push(r) });
    for (const at of [230, 250, 400]) {
      const seen = checkpoints.slice(0, at + 1).flatMap((r) => r.newAsins);
      const resumed = await deep(store, {
        resume: { checkpoint: JSON.parse(JSON.stringify(checkpoints[at].checkpoint)), seenAsins: seen },
      });
      expect(resumed.coverage?.reportedIsLowerBound).toBe(true);
      const share = coverage(store, resumed.asins);
      expect(share).toBeGreaterThan(0.95);
      expect({ at, share, outcome: resumed.outcome }).toEqual({
        at,
        share,
        outcome: share >= 0.99 ? 'complete' : 'partial',
      });
    }
  }, 120_000);

  it('restarts the planning from a checkpoint of an older version, keeping what was found', async () => {
    const store = stores.drift;
    const seen = store.asins.slice(0, 100);
    const reported: string[] = [];
    const result = await deep(store, {
      resume: { checkpoint: { version: 2, stack: [{ kind: 'peel', page: 3 }] }, seenAsins: seen },
      onPage: async (r) => void reported.push(...r.newAsins),
    });
    expect(result.replanned).toBe(true);
    expect(reported.filter((a) => seen.includes(a))).toEqual([]);
    expect(coverage(store, result.asins)).toBeGreaterThanOrEqual(0.99);
  });
});

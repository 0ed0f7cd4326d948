import {
  scriptedAsinCheck,
  type JobEngine,
  type JobSpec,
  type RunOptions,
  type ScanEngines,
  type ScanItem,
  type ScanResult,
  type ScriptedProduct,
} from '@shelfscan/scraper-service';

/** The store of a seller id in these tests: 25 ASINs derived from it. */
export const storeAsins = (sellerId: string) =>
  Array.from({ length: 25 }, (_, i) => `B${sellerId.slice(1, 5)}${String(i).padStart(5, '0')}`);

/**
 * What the fake scan "saw" of the i-th ASIN of a store: a Turkish title (the first one starting
 * like a formula), a price, every second one with a list price, badges on the first two.
 */
export const storeItem = (asin: string, i: number, page = Math.floor(i / 10) + 1): ScanItem => ({
  asin,
  title: i === 0 ? '=HYPERLINK("http://x")' : `Şapka; "şık", ${i}`,
  price: i + 0.99,
  currency: 'CAD',
  listPrice: i % 2 ? i + 5.99 : null,
  stars: i % 5 === 4 ? null : 4.5,
  reviewCount: i % 5 === 4 ? null : 100 + i,
  amazonsChoice: i === 0,
  bestSeller: i === 1,
  prime: i % 3 === 0,
  category: null,
  page,
  query: `https://www.amazon.ca/s?me=SELLER&page=${page}`,
});

/** A seller whose scan reports one page, then runs until cancelled. */
export const HOLD_SELLER = 'AHOLDSELLER1';

/**
 * ASIN checks of the HTTP tests: an ASIN starting with B0NOT is not found, any other is sold, with
 * a title that has Turkish letters, quotes and separators (and one that starts like a formula).
 */
const fakeProduct: ScriptedProduct = (asin, seq) => {
  const found = !asin.startsWith('B0NOT');
  return {
    state: found ? 'sold' : 'not-found',
    title: found ? (seq === 0 ? '=HYPERLINK("http://x")' : `Çadır; "şık", ${seq}`) : null,
    priceText: found ? `$${seq + 1}.50` : null,
    price: found ? seq + 1.5 : null,
    currency: found ? 'CAD' : null,
    stars: found ? 4.5 : null,
    reviewCount: found ? 1234 : null,
    amazonsChoice: seq === 0,
    bestSeller: seq === 1,
  };
};

/** The scan engine of the HTTP tests: pages of 10 ASINs, no marketplace. */
class FakeScanEngine implements JobEngine {
  async run(spec: JobSpec, opts: RunOptions = {}): Promise<ScanResult> {
    if (spec.type === 'asin-check') return scriptedAsinCheck(spec, opts, fakeProduct);
    const all = storeAsins(spec.sellerId).slice(0, spec.listLimit);
    const progress = (found: number, pages: number) => ({
      pagesFetched: pages,
      asinsFound: found,
      partitionsLeft: found < all.length ? 1 : 0,
      reportedTotal: all.length,
      reportedTotalIsLowerBound: false,
      etaSeconds: found < all.length ? 20 : 0,
    });
    for (let page = 0; page * 10 < all.length; page++) {
      if (opts.signal?.aborted) throw opts.signal.reason;
      const found = Math.min(all.length, (page + 1) * 10);
      const newAsins = all.slice(page * 10, found);
      await opts.onPage?.({
        newAsins,
        items: newAsins.map((asin) => storeItem(asin, all.indexOf(asin), page + 1)),
        sponsored: page === 0 ? [all[1]] : [],
        checkpoint: { version: 1, page },
        progress: progress(found, page + 1),
      });
      if (spec.sellerId === HOLD_SELLER)
        await new Promise((_, reject) =>
          opts.signal?.addEventListener('abort', () => reject(opts.signal?.reason), { once: true }),
        );
    }
    return {
      asins: all,
      progress: progress(all.length, Math.ceil(all.length / 10)),
      coverageLine: `Found ${all.length} ASINs of the ${all.length} Amazon reports (100%).`,
      // The whole store seen: a tracker's run may claim what it did not see is gone.
      coverage: {
        found: all.length,
        reported: all.length,
        reportedIsLowerBound: false,
        listLimit: spec.listLimit,
        stoppedAtListLimit: false,
        filtered: false,
        threshold: 0.99,
      },
      stopReason: 'exhausted',
      outcome: 'complete',
    };
  }
}

export const fakeScanEngines: ScanEngines = { engineFor: () => new FakeScanEngine() };

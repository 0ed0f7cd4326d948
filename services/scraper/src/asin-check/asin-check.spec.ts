/**
 * The ASIN checker against the real marketplace simulator (its product pages), through the real
 * MarketplaceClient with MARKETPLACE_ORIGIN pointed at it.
 */
import {
  BADGE_BEST_SELLER,
  BADGE_CHOICE,
  NO_PRICE,
  UNRATED,
  type Simulator,
  type Store,
} from '@shelfscan/simulator';
import { ScanBlockedError } from '../engine/errors.js';
import type { ScanCheckpoint } from '../engine/types.js';
import { MarketplaceBlockedError } from '../fetch/errors.js';
import type { MarketplaceClient } from '../fetch/marketplace-client.js';
import { marketByCode } from '@shelfscan/markets';
import {
  createAsinChecker,
  marketplaceProductPages,
  type AsinCheckReport,
  type AsinCheckRow,
  type AsinCheckSpec,
} from './asin-check.js';
import { simulatedMarket, type SimulatedMarket } from '../../test/simulated-market.js';

let market: SimulatedMarket;
let sim: Simulator;
let client: MarketplaceClient;
let ca: Store;
let mx: Store;

beforeAll(async () => {
  market = await simulatedMarket({
    stores: [
      { seed: 'check-ca', size: 300, behaviour: { unpriced: 0.05 } },
      { seed: 'check-mx', size: 40, marketDomain: 'amazon.com.mx' },
    ],
  });
  ({ sim, client } = market);
  [ca, mx] = sim.stores;
}, 60_000);

afterAll(() => market?.close());

afterEach(() => sim.setFaults({ captchaRate: 0 }));

const checker = () => createAsinChecker({ pages: marketplaceProductPages(client, marketByCode('CA')!) });
const spec = (asins: string[], listLimit = 2720): AsinCheckSpec => ({
  type: 'asin-check',
  market: 'CA',
  asins,
  listLimit,
});

/** What the store's own data says the check must find for listing `i`. */
function truth(store: Store, i: number) {
  const minor = store.prices[i];
  return {
    asin: store.asins[i],
    state: 'sold',
    title: store.titles[i],
    price: minor === NO_PRICE ? null : minor / 100,
    currency: minor === NO_PRICE ? null : 'CAD',
    stars: store.halfStars[i] === UNRATED ? null : store.halfStars[i] / 2,
    reviewCount: store.halfStars[i] === UNRATED ? null : store.ratingCounts[i],
    amazonsChoice: (store.badges[i] & BADGE_CHOICE) !== 0,
    bestSeller: (store.badges[i] & BADGE_BEST_SELLER) !== 0,
  };
}

/** Listings covering every case: badges, no price, unrated, plain. */
function sample(store: Store): number[] {
  const pick = (ok: (i: number) => boolean) => store.asins.findIndex((_, i) => ok(i));
  const all = [
    pick((i) => (store.badges[i] & BADGE_CHOICE) !== 0),
    pick((i) => (store.badges[i] & BADGE_BEST_SELLER) !== 0),
    pick((i) => store.prices[i] === NO_PRICE),
    pick((i) => store.halfStars[i] === UNRATED && store.prices[i] !== NO_PRICE),
    0,
    1,
  ];
  expect(all.every((i) => i >= 0)).toBe(true);
  return [...new Set(all)];
}

describe('ASIN check', () => {
  it('reads every product page: sold there with title, price, stars, badges; not found elsewhere', async () => {
    const listings = sample(ca);
    const asins = [...listings.map((i) => ca.asins[i]), mx.asins[0], 'B000000000'];
    const reports: AsinCheckReport[] = [];
    const result = await checker().run(spec([...asins, ca.asins[listings[0]]]), {
      onPage: async (r) => void reports.push(r as AsinCheckReport),
    });
    const rows: AsinCheckRow[] = reports.flatMap((r) => r.checked);
    expect(rows.map((r) => r.asin)).toEqual(asins); // the repeat is checked once
    expect(rows.map((r) => r.seq)).toEqual(asins.map((_, i) => i));
    listings.forEach((i, k) => expect(rows[k]).toMatchObject(truth(ca, i)));
    // An amazon.com.mx listing is not sold on amazon.ca; an unknown ASIN neither.
    expect(rows.slice(-2).map((r) => r.state)).toEqual(['not-found', 'not-found']);
    expect(rows.at(-1)).toMatchObject({ title: null, price: null, stars: null, amazonsChoice: false });
    // The job's ASINs (the .txt download) are the ones sold there, in the order asked.
    expect(result.asins).toEqual(listings.map((i) => ca.asins[i]));
    expect(reports.flatMap((r) => r.newAsins)).toEqual(result.asins);
    const n = asins.length;
    expect(result.coverageLine).toBe(
      `Checked ${n} ASINs on amazon.ca: ${n - 2} sold there, 0 currently unavailable, 2 not found.`,
    );
    // The same facts for a UI to word in its own language.
    expect(result.asinCheck).toEqual({ checked: n, sold: n - 2, unavailable: 0, notFound: 2 });
    expect(result.progress).toMatchObject({
      pagesFetched: n,
      asinsFound: n - 2,
      reportedTotal: n,
      partitionsLeft: 0,
    });
    expect(reports[2].progress).toMatchObject({ pagesFetched: 3, reportedTotal: n, partitionsLeft: n - 3 });
  });

  it('resumes from its checkpoint with the next ASIN: no row lost, none checked twice', async () => {
    const asins = ca.asins.slice(10, 22);
    const first: AsinCheckReport[] = [];
    const crash = new Error('worker killed');
    await expect(
      checker().run(spec(asins), {
        onPage: async (r) => {
          first.push(r as AsinCheckReport);
          if (first.length === 5) throw crash;
        },
      }),
    ).rejects.toBe(crash);
    // The runner stored the first four pages; the fifth's transaction did not commit.
    const stored = first.slice(0, 4);
    const before = sim.stats().productPages;
    const second: AsinCheckReport[] = [];
    const result = await checker().run(spec(asins), {
      resume: {
        checkpoint: stored.at(-1)!.checkpoint as ScanCheckpoint,
        seenAsins: stored.flatMap((r) => r.newAsins),
      },
      onPage: async (r) => void second.push(r as AsinCheckReport),
    });
    expect(sim.stats().productPages - before).toBe(8);
    expect([...stored, ...second].flatMap((r) => r.checked.map((c) => c.asin))).toEqual(asins);
    expect(result.asins).toEqual(asins);
    expect(result.coverageLine).toMatch(/^Checked 12 ASINs on amazon\.ca: 12 sold there/);
  });

  it('stops on a block page (the runner requeues it), never reading it as "not sold"', async () => {
    sim.setFaults({ captchaRate: 1 });
    const err: unknown = await checker()
      .run(spec(ca.asins.slice(0, 3)))
      .catch((e: unknown) => e);
    expect(err instanceof MarketplaceBlockedError || err instanceof ScanBlockedError).toBe(true);
  });

  it('checks at most the list limit', async () => {
    const reports: AsinCheckReport[] = [];
    await checker().run(spec(ca.asins.slice(0, 5), 3), {
      onPage: async (r) => void reports.push(r as AsinCheckReport),
    });
    expect(reports).toHaveLength(3);
  });
});

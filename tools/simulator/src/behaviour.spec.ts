import { readPage } from '../test/page-reader.js';
import { startSimulator } from './server.js';
import type { Simulator } from './server.js';
import { evaluate, parseSearchQuery } from './query.js';
import { createStore, NO_PRICE } from './store.js';
import type { Store } from './store.js';

const SIZE = 4000;
const exact = createStore({ seed: 'behaviour', size: SIZE });
const run = (store: Store, qs: string): number[] =>
  Array.from(evaluate(store, parseSearchQuery(new URLSearchParams(qs)), store.size).items);

describe('store behaviours (real-world imperfections)', () => {
  it('are off by default: an exact store sorts by the price it shows and prices every listing', () => {
    expect(exact.behaviour).toEqual({});
    expect(Array.from(exact.sortPrices)).toEqual(Array.from(exact.prices));
    expect(exact.prices.includes(NO_PRICE)).toBe(false);
  });

  it('keep the listings the same and only change prices and order', () => {
    const real = createStore({
      seed: 'behaviour',
      size: SIZE,
      behaviour: { sortDrift: 0.15, unpriced: 0.03 },
    });
    expect(real.asins).toEqual(exact.asins);
    expect(Array.from(real.orders.relevance)).toEqual(Array.from(exact.orders.relevance));
  });

  it('drift: about the share asked for is sorted by another price, so the shown prices are out of order', () => {
    const real = createStore({ seed: 'behaviour', size: SIZE, behaviour: { sortDrift: 0.15 } });
    let drifting = 0;
    for (let i = 0; i < SIZE; i++) if (real.sortPrices[i] !== real.prices[i]) drifting++;
    expect(drifting / SIZE).toBeGreaterThan(0.12);
    expect(drifting / SIZE).toBeLessThan(0.18);
    const shown = run(real, 'me=x&s=price-desc-rank').map((i) => real.prices[i]);
    const inversions = shown.filter((p, k) => k > 0 && p > shown[k - 1]).length;
    expect(inversions).toBeGreaterThan(SIZE * 0.05);
  });

  it('unpriced listings: no p_36 filter matches them, price sorts put them last', () => {
    const real = createStore({ seed: 'behaviour', size: SIZE, behaviour: { unpriced: 0.03 } });
    const unpriced = real.prices.filter((p) => p === NO_PRICE).length;
    expect(unpriced).toBeGreaterThan(SIZE * 0.02);
    expect(unpriced).toBeLessThan(SIZE * 0.04);
    expect(run(real, 'rh=p_36:-').length).toBe(SIZE - unpriced);
    expect(run(real, 'rh=p_36:0-999999').length).toBe(SIZE - unpriced);
    expect(run(real, '').length).toBe(SIZE);
    for (const s of ['price-desc-rank', 'price-asc-rank']) {
      const order = run(real, `s=${s}`);
      expect(order.slice(SIZE - unpriced).every((i) => real.prices[i] === NO_PRICE)).toBe(true);
    }
  });

  it('variations sort by the high end of the range the tile shows the low end of', () => {
    const real = createStore({ seed: 'behaviour', size: SIZE, behaviour: { variations: 0.1 } });
    let higher = 0;
    for (let i = 0; i < SIZE; i++) if (real.sortPrices[i] > real.prices[i]) higher++;
    expect(higher / SIZE).toBeGreaterThan(0.07);
    for (let i = 0; i < SIZE; i++) expect(real.sortPrices[i]).toBeGreaterThanOrEqual(real.prices[i]);
  });

  it('a store that ignores the sort parameter answers in featured order', () => {
    const real = createStore({ seed: 'behaviour', size: SIZE, behaviour: { ignoreSort: true } });
    expect(run(real, 's=price-desc-rank')).toEqual(run(real, ''));
    expect(run(real, 's=price-desc-rank')).not.toEqual(run(exact, 's=price-desc-rank'));
  });

  it('same titles: one title for every listing, so every title word matches the whole store', () => {
    const alike = createStore({ seed: 'behaviour', size: SIZE, behaviour: { sameTitles: true } });
    expect(new Set(alike.titles)).toEqual(new Set(['Gift Box Bundle']));
    expect(run(alike, 'k=gift')).toHaveLength(SIZE);
    expect(run(exact, 'k=gift').length).toBeLessThan(SIZE);
    expect(alike.asins).toEqual(exact.asins);
  });

  it('rejects shares outside 0..1', () => {
    expect(() => createStore({ seed: 1, size: 10, behaviour: { unpriced: 2 } })).toThrow(/unpriced/);
  });
});

describe('behaviours over HTTP', () => {
  const unstable = createStore({
    seed: 'unstable',
    size: 600,
    behaviour: { unstableFeatured: true, unpriced: 0.05 },
  });
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({ stores: [unstable] });
  });
  afterAll(() => sim.close());
  const organic = async (qs: string): Promise<string[]> =>
    readPage(await (await fetch(`${sim.url}/s?me=${unstable.sellerId}&${qs}`)).text()).organic;

  it('featured order changes between two loads; a price sort does not', async () => {
    const loads = await Promise.all(Array.from({ length: 6 }, () => organic('page=3')));
    expect(new Set(loads.map((l) => l.join())).size).toBeGreaterThan(1);
    const sorted = await Promise.all(Array.from({ length: 3 }, () => organic('page=3&s=price-asc-rank')));
    expect(new Set(sorted.map((l) => l.join())).size).toBe(1);
  });

  it('an unpriced listing is served with no price on its tile', async () => {
    const pages = await Promise.all(
      [1, 2, 3].map(async (p) => (await fetch(`${sim.url}/s?me=${unstable.sellerId}&page=${p}`)).text()),
    );
    expect(pages.some((html) => html.includes('See options'))).toBe(true);
  });
});

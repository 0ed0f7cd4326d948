import { category, context, noResults, results, tile } from './__fixtures__/pages.js';
import { initialState, type Task } from './checkpoint.js';
import { childNodes, countOf, ScanContext } from './context.js';
import type { ScanSpec } from './types.js';

describe('a running scan', () => {
  it('refuses an unknown market and an empty list', () => {
    // A market code from outside the typed list (a stored scan of a market since removed).
    const unknown = {
      market: 'XX' as ScanSpec['market'],
      sellerId: 'S',
      type: 'deep' as const,
      listLimit: 10,
    };
    expect(() => new ScanContext(unknown, initialState(unknown), [])).toThrow(/unknown market/);
    expect(() => context({ listLimit: 0 })).toThrow(/listLimit/);
  });

  it('keeps each new ASIN once, learns prices and counts the unpriced ones', () => {
    const ctx = context({}, ['B0STORED']);
    const task: Task = { kind: 'sweep', page: 1 };
    const first = ctx.record([tile('B0STORED', 500), tile('B01', 1999), tile('B02', null)], task);
    expect(first).toEqual(['B01', 'B02']);
    expect(ctx.record([tile('B01', 1999), tile('B03', 2499)], task)).toEqual(['B03']);
    expect(ctx.asins).toEqual(['B0STORED', 'B01', 'B02', 'B03']);
    expect(ctx.maxPrice).toBe(2499);
    expect(ctx.priceOf.get('B01')).toBe(1999);
    expect(ctx.state.unpricedFound).toBe(1);
    // The cent endings of the listings first seen (B0STORED's price is seen here for the first time too).
    expect(ctx.state.cents[99]).toBe(2);
    expect(ctx.state.cents[0]).toBe(1);
  });

  it('stops keeping ASINs at the list limit', () => {
    const ctx = context({ listLimit: 2 });
    expect(ctx.record([tile('B01', 100)], { kind: 'list', page: 1 })).toEqual(['B01']);
    expect(ctx.full).toBe(false);
    expect(ctx.record([tile('B02', 100), tile('B03', 100)], { kind: 'list', page: 1 })).toEqual(['B02']);
    expect(ctx.full).toBe(true);
  });

  it('a Functional scan keeps only the tiles that pass its filters, and learns from all', () => {
    const ctx = context({ type: 'functional', filters: { minPrice: 10, maxPrice: 20 } });
    const kept = ctx.record([tile('B01', 999), tile('B02', 1500), tile('B03', null)], {
      kind: 'sweep',
      page: 1,
    });
    expect(kept).toEqual(['B02']);
    expect(ctx.priceOf.get('B01')).toBe(999);
  });

  it('every zone on the stack counts the listings first served in its pieces', () => {
    const ctx = context({}, ['B0STORED']);
    const zone: Task = {
      kind: 'zone',
      page: 1,
      pieces: [
        [1000, 1999, 40, 0],
        [500, 999, 30, 0],
      ],
    };
    ctx.state.stack = [zone];
    ctx.record([tile('B01', 1500), tile('B02', 700), tile('B03', 300), tile('B0STORED', 1200)], {
      kind: 'peel',
      page: 1,
    });
    ctx.record([tile('B01', 1500)], { kind: 'peel', page: 1 });
    expect(zone.pieces).toEqual([
      [1000, 1999, 40, 1],
      [500, 999, 30, 1],
    ]);
  });

  it('keeps a sample of the titles: the same listings whatever pages saw them', () => {
    const asins = Array.from({ length: 400 }, (_, i) => `B${String(i).padStart(9, '0')}`);
    const forward = context();
    const backward = context();
    for (const a of asins) forward.record([tile(a, 100, `title ${a}`)], { kind: 'list', page: 1 });
    for (const a of [...asins].reverse())
      backward.record([tile(a, 100, `title ${a}`)], { kind: 'list', page: 1 });
    expect(forward.state.sample).toHaveLength(150);
    expect(forward.state.sample).toEqual(backward.state.sample);
    // Ordered by hash, lowest first.
    const hashes = forward.state.sample.map((e) => e[3]);
    expect(hashes).toEqual([...hashes].sort((a, b) => a - b));
  });

  it('what one query serves: Amazon’s usual 7 × 16 until pages tell', () => {
    const ctx = context();
    expect(ctx.capacity()).toBe(112);
    ctx.state.pageCap = 5;
    ctx.state.pageSize = 20;
    expect(ctx.capacity()).toBe(100);
  });

  it('finds the zone a task works in, and its pieces as counts for the price model', () => {
    const ctx = context();
    const outer: Task = { kind: 'zone', page: 1, pieces: [[100, Number.MAX_SAFE_INTEGER, 900, 0]] };
    const peel: Task = { kind: 'peel', page: 1, words: ['red'] };
    const inner: Task = { kind: 'zone', page: 1, pieces: [[100, 400, 300, 0]] };
    const window: Task = { kind: 'window', page: 2 };
    ctx.state.stack = [outer, peel, inner, window];
    expect(ctx.zoneOf(window)).toBe(inner);
    expect(ctx.zoneOf(peel)).toBe(outer);
    expect(ctx.zoneOf(outer)).toBeUndefined();
    // An open top stands for the range's top given.
    expect(ctx.segmentsFor(peel, 5000)).toEqual([[100, 5000, 900]]);
    expect(ctx.isStoreLevel(peel)).toBe(false);
    expect(ctx.isStoreLevel(outer)).toBe(true);
  });

  it('an open top is the highest price seen (or counted)', () => {
    const ctx = context();
    expect(ctx.finiteTop(4000, 10)).toBe(4000);
    expect(ctx.finiteTop(undefined, 10)).toBe(10);
    ctx.record([tile('B01', 2500)], { kind: 'sweep', page: 1 });
    expect(ctx.finiteTop(Number.MAX_SAFE_INTEGER, 10)).toBe(2500);
    ctx.observe([3000, 9000, 12]);
    expect(ctx.finiteTop(undefined, 10)).toBe(9000);
  });

  it('keeps the 8 most recent exact counts', () => {
    const ctx = context();
    for (let i = 1; i <= 10; i++) ctx.observe([i, i + 1, i]);
    expect(ctx.state.obs.map((o) => o[2])).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
  });
});

describe('what every part reads from a page', () => {
  it('the departments below the query’s own', () => {
    const top = results([], { categories: [category('1', 0), category('2', 0), category('21', 1)] });
    expect(childNodes(top)).toEqual(['1', '2']);
    const inOne = results([], {
      categories: [
        category('0', 0),
        category('2', 1, true),
        category('21', 2),
        category('211', 3),
        category('22', 2),
      ],
    });
    expect(childNodes(inOne)).toEqual(['21', '22']);
  });

  it('the count (the tiles when none is shown) and whether it is "over"', () => {
    expect(countOf(results([tile('B01', 1)], { total: 734 }))).toEqual({ c: 734, lb: false });
    expect(countOf(results([tile('B01', 1)], { total: 1000, lowerBound: true }))).toEqual({
      c: 1000,
      lb: true,
    });
    expect(countOf(results([tile('B01', 1), tile('B02', 1)], { total: null }))).toEqual({ c: 2, lb: false });
    expect(countOf(noResults())).toEqual({ c: 0, lb: false });
  });
});

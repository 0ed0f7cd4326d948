import type { ParsedPage } from '../parser/index.js';
import { context, descending, results, tile } from './__fixtures__/pages.js';
import { SWEEP_SORT, type Task } from './checkpoint.js';
import type { ScanContext } from './context.js';
import { planSweep } from './sweep.js';

/** The page of the task on top of the stack, as the engine handles it: record, then plan. */
function read(ctx: ScanContext, page: ParsedPage): Task | undefined {
  const task = ctx.state.stack[ctx.state.stack.length - 1];
  ctx.record(page.tiles, task);
  planSweep(ctx, task, page);
  return ctx.state.stack[ctx.state.stack.length - 1];
}

/** A Deep scan on its root sweep. */
function deep(): ScanContext {
  return context({ type: 'deep' });
}

/** 16 tiles priced from `top` down, with two tiles more than 1 % above the one before them. */
function outOfOrderPage(top: number): ParsedPage['tiles'] {
  const tiles = descending('X', 16, top);
  tiles[5] = tile('X6', top + 5000);
  tiles[11] = tile('X12', top + 5000);
  return tiles;
}

describe('the price sweep', () => {
  it('reads the first page (the store’s count, last page, first price) and pages on', () => {
    const ctx = deep();
    const root = ctx.state.stack[0];
    const next = read(ctx, results(descending('A', 16, 90_000), { total: 1000, lastPage: 7, next: true }));
    expect(next).toBe(root);
    expect(root).toMatchObject({ page: 2, total: 1000, lowerBound: false, lastPage: 7, served: 16 });
    expect(root.firstPrice).toBe(90_000);
    expect(root.lastPrice).toBe(90_000 - 15 * 100);
    expect(ctx.state).toMatchObject({
      reportedTotal: 1000,
      reportedTotalIsLowerBound: false,
      orderViolations: 0,
    });
  });

  it('a page out of price order switches the rest of its range to counted windows, keeping its first page as a head', () => {
    const ctx = deep();
    const page = results(outOfOrderPage(90_000), { total: 1000, lastPage: 7, next: true });
    const next = read(ctx, page);
    expect(ctx.state.orderViolations).toBe(1);
    expect(ctx.state.stack).toHaveLength(1);
    expect(next).toMatchObject({ kind: 'peel', min: 0, max: undefined, page: 1, depth: 0 });
    // 13 of its 15 steps are in order: it stands for the first page of a narrower window at this top.
    expect(next?.head).toEqual({ lo: 90_000 - 15 * 100, asins: page.tiles.map((t) => t.asin) });
    // The ASINs of the page are kept all the same.
    expect(ctx.asins).toHaveLength(16);
  });

  it('one tile out of order is tolerated', () => {
    const ctx = deep();
    const tiles = descending('A', 16, 90_000);
    tiles[3] = tile('A4', 95_000);
    const next = read(ctx, results(tiles, { total: 1000, lastPage: 7, next: true }));
    expect(next).toMatchObject({ kind: 'sweep', page: 2 });
    expect(ctx.state.orderViolations).toBe(0);
  });

  it('a query that one query serves is paged to its end whatever its order', () => {
    const ctx = deep();
    const next = read(ctx, results(outOfOrderPage(90_000), { total: 50, lastPage: 4, next: true }));
    expect(next).toMatchObject({ kind: 'sweep', page: 2 });
    expect(ctx.state.orderViolations).toBe(0);
  });

  it('at the cap with more reported: the next band runs up to the last price seen (an exact count for the model)', () => {
    const ctx = deep();
    const task: Task = {
      kind: 'sweep',
      sort: SWEEP_SORT,
      page: 7,
      root: true,
      total: 1000,
      lowerBound: false,
      lastPage: 7,
      served: 96,
      firstPrice: 50_000,
      lastPrice: 30_000,
    };
    ctx.state.stack = [task];
    const next = read(ctx, results(descending('G', 16, 29_000), { total: 1000, from: 97, lastPage: 7 }));
    const edge = 29_000 - 15 * 100;
    expect(ctx.state.pageCap).toBe(7);
    expect(ctx.state.stack).toHaveLength(1);
    // It holds at least what this band counted and did not serve (its pages left until it is read).
    expect(next).toEqual({ kind: 'sweep', sort: SWEEP_SORT, page: 1, max: edge, expect: 1000 - 112 });
    // The 15 listings this run saw above the edge, up to the first price.
    expect(ctx.state.obs).toEqual([[edge + 1, 50_000, 15]]);
  });

  it('a query that was one price all along: that price is crowded, counted windows split it', () => {
    const ctx = deep();
    const task: Task = {
      kind: 'sweep',
      sort: SWEEP_SORT,
      page: 7,
      total: 1000,
      lowerBound: false,
      lastPage: 7,
      served: 96,
      firstPrice: 1999,
      lastPrice: 1999,
      max: 1999,
    };
    ctx.state.stack = [task];
    const page = results(
      Array.from({ length: 16 }, (_, i) => tile(`S${i}`, 1999)),
      { total: 1000, from: 97, lastPage: 7 },
    );
    const next = read(ctx, page);
    expect(next).toEqual({ kind: 'peel', min: 0, max: 1999, page: 1, depth: 0, crowded: 1999 });
  });

  it('ends when the query served all it reported', () => {
    const ctx = deep();
    read(ctx, results(descending('A', 10, 9000), { total: 10, lastPage: null }));
    expect(ctx.state.stack).toEqual([]);
    expect(ctx.state.pageCap).toBeNull();
  });
});

describe('a list query (Standard)', () => {
  it('is paged to the last page of its strip and ends at the cap, which it learns', () => {
    const ctx = context({ type: 'standard' });
    const list = ctx.state.stack[0];
    for (let p = 1; p <= 6; p++) {
      read(
        ctx,
        results(descending(`P${p}-`, 16, 9000), {
          total: 1000,
          from: (p - 1) * 16 + 1,
          lastPage: 7,
          next: true,
        }),
      );
      expect(list.page).toBe(p + 1);
    }
    read(ctx, results(descending('P7-', 16, 9000), { total: 1000, from: 97, lastPage: 7 }));
    expect(ctx.state.stack).toEqual([]);
    expect(ctx.state.pageCap).toBe(7);
    expect(ctx.asins).toHaveLength(7 * 16);
  });
});

describe('Functional', () => {
  it('restarts the root query with the market’s p_72 id for the minimum stars, read from the first page', () => {
    const ctx = context({ type: 'functional', filters: { minStars: 4, minPrice: 20 } });
    const page = results(descending('F', 16, 9000), {
      total: 300,
      lastPage: 7,
      next: true,
      starRefinements: [
        { id: 'p3', minStars: 3, label: '3 Stars & Up' },
        { id: 'p4', minStars: 4, label: '4 Stars & Up' },
        { id: 'p5', minStars: null, label: '?' },
      ],
    });
    const next = read(ctx, page);
    expect(ctx.state.starsId).toBe('p4');
    expect(next).toEqual({ kind: 'sweep', sort: SWEEP_SORT, min: 2000, max: undefined, page: 1, root: true });
  });

  it('without a fitting id it filters the tiles only, and pages on', () => {
    const ctx = context({ type: 'functional', filters: { minStars: 4 } });
    const next = read(ctx, results(descending('F', 16, 9000), { total: 300, lastPage: 7, next: true }));
    expect(ctx.state.starsId).toBeNull();
    expect(next).toMatchObject({ kind: 'sweep', page: 2 });
  });
});

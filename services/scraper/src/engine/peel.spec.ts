import type { ParsedPage } from '../parser/index.js';
import { context, descending, noResults, results, tile } from './__fixtures__/pages.js';
import { SWEEP_SORT, type Task } from './checkpoint.js';
import type { ScanContext } from './context.js';
import { headOf, planPeel, planWindow, preparePeel, windowDone } from './peel.js';

/** A Deep scan whose stack is these tasks. */
function scanWith(...stack: Task[]): ScanContext {
  const ctx = context();
  ctx.state.stack = stack;
  return ctx;
}

const top = (ctx: ScanContext) => ctx.state.stack[ctx.state.stack.length - 1];

/** A window's page, recorded and planned as the engine does. */
function readWindow(ctx: ScanContext, page: ParsedPage): void {
  const task = top(ctx);
  ctx.record(page.tiles, task);
  planWindow(ctx, task, page);
}

describe('a peel’s probe', () => {
  it('that fits one query is a window: paged through from its second page, the peel continues below', () => {
    const peel: Task = { kind: 'peel', min: 0, max: 50_000, page: 1, depth: 0, cut: 40_000 };
    const ctx = scanWith(peel);
    ctx.state.cents[0] = 100; // most prices end in .00: the window's lowest cent is not shared
    const page = results(descending('W', 16, 50_000), { total: 50, lastPage: 4, next: true });
    ctx.record(page.tiles, peel);
    planPeel(ctx, peel, page);
    expect(peel).toMatchObject({ max: 39_999, overlap: false, cut: undefined });
    expect(ctx.state.stack).toEqual([
      peel,
      {
        kind: 'window',
        min: 40_000,
        max: 50_000,
        sort: SWEEP_SORT,
        page: 2,
        total: 50,
        lastPage: 4,
        got: page.tiles.map((t) => t.asin),
      },
    ]);
    // Its count is exact: one more for the price model.
    expect(ctx.state.obs).toEqual([[40_000, 50_000, 50]]);

    readWindow(ctx, results(descending('V', 16, 45_000), { total: 50, from: 17, lastPage: 4, next: true }));
    readWindow(ctx, results(descending('U', 16, 44_000), { total: 50, from: 33, lastPage: 4, next: true }));
    expect(top(ctx)).toMatchObject({ kind: 'window', page: 4 });
    readWindow(ctx, results(descending('T', 2, 41_000), { total: 50, from: 49, lastPage: 4 }));
    expect(ctx.state.stack).toEqual([peel]);
  });

  it('overlaps the next window by its lowest cent where few listings end in it', () => {
    const peel: Task = { kind: 'peel', min: 0, max: 50_000, page: 1, depth: 0, cut: 40_000 };
    const ctx = scanWith(peel);
    planPeel(ctx, peel, results(descending('W', 16, 50_000), { total: 16, lastPage: 1 }));
    expect(peel).toMatchObject({ max: 40_000, overlap: true });
    // Served its count on its first page: no window to page.
    expect(ctx.state.stack).toEqual([peel]);
  });

  it('that counts nothing: the rest lies below, counted at once (or the peel is done)', () => {
    const peel: Task = { kind: 'peel', min: 1000, max: 50_000, page: 1, depth: 0, cut: 40_000 };
    const ctx = scanWith(peel);
    planPeel(ctx, peel, noResults());
    expect(peel).toMatchObject({ max: 39_999, overlap: false, cut: 1000 });
    planPeel(ctx, peel, noResults());
    expect(ctx.state.stack).toEqual([]);
  });

  it('that counts too many: remembers the count and its first page, and narrows', () => {
    const peel: Task = { kind: 'peel', min: 0, max: 50_000, page: 1, depth: 0, cut: 10_000 };
    const ctx = scanWith(peel);
    const page = results(descending('M', 16, 50_000), {
      total: 1000,
      lowerBound: true,
      lastPage: 7,
      next: true,
    });
    planPeel(ctx, peel, page);
    expect(peel.bracket).toEqual([10_000, 1000, 1]);
    expect(peel.head).toEqual({ lo: 50_000 - 15 * 100, asins: page.tiles.map((t) => t.asin) });
    expect(peel.crowded).toBeUndefined();
    expect(ctx.state.stack).toEqual([peel]);
  });

  it('a full page of one price says that price is crowded', () => {
    const peel: Task = { kind: 'peel', min: 0, max: 50_000, page: 1, depth: 0, cut: 10_000 };
    const ctx = scanWith(peel);
    const tiles = Array.from({ length: 16 }, (_, i) => tile(`C${i}`, 12_999));
    planPeel(ctx, peel, results(tiles, { total: 400, lastPage: 7, next: true }));
    expect(peel.bracket).toEqual([10_000, 400, 0]);
    expect(peel.crowded).toBe(12_999);
  });
});

describe('before a peel’s probe', () => {
  it('a range below its floor is done', () => {
    const ctx = scanWith({ kind: 'peel', min: 500, max: 499, page: 1 });
    expect(preparePeel(ctx, top(ctx))).toBe(false);
    expect(ctx.state.stack).toEqual([]);
  });

  it('the rest of the range counted and fitting one query: one window down to the floor', () => {
    const peel: Task = { kind: 'peel', min: 500, max: 9000, page: 3, bracket: [500, 80, 0] };
    const ctx = scanWith(peel);
    expect(preparePeel(ctx, peel)).toBe(true);
    expect(peel).toMatchObject({ cut: 500, page: 1 });
  });

  it('the rest of the range counted empty: done', () => {
    const ctx = scanWith({ kind: 'peel', min: 500, max: 9000, page: 1, bracket: [400, 0, 0] });
    expect(preparePeel(ctx, top(ctx))).toBe(false);
    expect(ctx.state.stack).toEqual([]);
  });

  it('a window at or below the head’s lowest price starts at page 2 (the head is its first page)', () => {
    const peel: Task = { kind: 'peel', min: 0, max: 50_000, page: 1, head: { lo: 30_000, asins: ['H1'] } };
    const ctx = scanWith(peel);
    expect(preparePeel(ctx, peel)).toBe(true);
    // Nothing counted yet: no model, the probe counts the whole range.
    expect(peel).toMatchObject({ cut: 0, page: 2 });
    planPeel(ctx, peel, noResults());
    // No page 2: the head alone is the window.
    expect(ctx.state.stack).toEqual([]);
    expect(ctx.state.obs).toEqual([[0, 50_000, 1]]);
  });

  it('a crowded price ahead: a zone takes the range around it, the peel continues below', () => {
    const peel: Task = { kind: 'peel', min: 0, max: 50_000, page: 1, depth: 0, crowded: 20_000 };
    const ctx = scanWith(peel);
    ctx.state.obs = [[19_000, 21_000, 5000]];
    expect(preparePeel(ctx, peel)).toBe(false);
    const zone = top(ctx);
    expect(zone).toMatchObject({ kind: 'zone', max: 50_000, page: 1, pieces: [], depth: 1 });
    expect(zone.min).toBeGreaterThan(0);
    expect(zone.min).toBeLessThan(50_000); // where the model puts about 8,000 listings below the top
    expect(ctx.state.stack).toEqual([peel, zone]);
    expect(peel).toMatchObject({ max: zone.min! - 1, cut: 0, page: 1, crowded: undefined });
  });
});

describe('a counted window paged to its end', () => {
  const window = (extra: Partial<Task> = {}): Task => ({
    kind: 'window',
    min: 1000,
    max: 2000,
    sort: SWEEP_SORT,
    page: 5,
    lastPage: 4,
    total: 50,
    got: Array.from({ length: 40 }, (_, i) => `G${i}`),
    ...extra,
  });

  it('that served fewer than it counted is read again in other orders, then counted unreached', () => {
    const ctx = scanWith(window());
    windowDone(ctx, top(ctx));
    expect(ctx.state.stack).toEqual([
      { ...window(), sort: 'price-asc-rank', page: 1, lastPage: null, retry: 1 },
    ]);
    windowDone(ctx, top(ctx));
    expect(top(ctx)).toMatchObject({ sort: 'date-desc-rank', page: 1, retry: 2 });
    windowDone(ctx, top(ctx));
    expect(ctx.state.stack).toEqual([]);
    expect(ctx.state.unreached).toBe(10);
  });

  it('inside a zone leaves the count of what is missing to the zone’s pieces', () => {
    const zone: Task = { kind: 'zone', page: 1, pieces: [] };
    const ctx = scanWith(zone, window({ retry: 2 }));
    windowDone(ctx, top(ctx));
    expect(ctx.state.stack).toEqual([zone]);
    expect(ctx.state.unreached).toBe(0);
  });

  it('that served its count is done', () => {
    const ctx = scanWith(window({ total: 40 }));
    windowDone(ctx, top(ctx));
    expect(ctx.state.stack).toEqual([]);
    expect(ctx.state.unreached).toBe(0);
  });
});

describe('a head', () => {
  it('is a full page in price order, never a short or unpriced one', () => {
    const ctx = context();
    expect(headOf(ctx, results(descending('H', 16, 9000)))).toEqual({
      lo: 9000 - 1500,
      asins: descending('H', 16, 9000).map((t) => t.asin),
    });
    expect(headOf(ctx, results(descending('H', 15, 9000)))).toBeUndefined();
    const unpriced = descending('H', 16, 9000);
    unpriced[15] = tile('H16', null);
    expect(headOf(ctx, results(unpriced))).toBeUndefined();
    const shuffled = descending('H', 16, 9000).map((t, i) => tile(t.asin, i % 2 ? 9000 : 100));
    expect(headOf(ctx, results(shuffled))).toBeUndefined();
  });
});

import type { ParsedPage } from '../parser/index.js';
import { category, context, descending, noResults, results, tile } from './__fixtures__/pages.js';
import type { TailState, Task } from './checkpoint.js';
import type { ScanContext } from './context.js';
import type { Coverage } from './progress.js';
import { estimatedUnpricedMissing, nextUnpriced, planTail, wilsonUpper } from './unpriced.js';

function tail(extra: Partial<TailState> = {}): TailState {
  return {
    chunks: [],
    read: 0,
    unpriced: 0,
    priced: 0,
    uncovered: 0,
    skipped: 0,
    beyondCap: 0,
    known: 1,
    ...extra,
  };
}

/** A Deep scan that found `found` of the `reported` listings Amazon counts (exactly, or "over"). */
function scan(
  found: number,
  reported: number,
  lowerBound = false,
  state: Partial<TailState> | null = {},
): ScanContext {
  const ctx = context(
    {},
    Array.from({ length: found }, (_, i) => `F${i}`),
  );
  ctx.state.reportedTotal = reported;
  ctx.state.reportedTotalIsLowerBound = lowerBound;
  ctx.state.tail = state && tail(state);
  ctx.state.stack = []; // the pass runs when the other queries are done
  return ctx;
}

/** The coverage the unpriced pass reads when the count is only a lower bound (not used otherwise). */
const noCoverage = (): Coverage => {
  throw new Error('the coverage is not needed here');
};

describe('the next query of the unpriced pass', () => {
  it('none for a Standard scan, a store one query serves, or a store whose count was all found', () => {
    expect(nextUnpriced(context({ type: 'standard' }), noCoverage)).toBe(false);
    const fits = scan(90, 100, false, null);
    expect(nextUnpriced(fits, noCoverage)).toBe(false);
    expect(fits.state.tail).toBeNull();
    expect(nextUnpriced(scan(1000, 1000, false, null), noCoverage)).toBe(false);
  });

  it('the most-gaining keyword query, read from where its titles put its unpriced listings', () => {
    const ctx = scan(990, 1000, false, {
      chunks: [
        { words: ['red'], gain: 40, priced: 40 },
        { words: ['blue'], gain: 1, priced: 1 },
      ],
    });
    expect(nextUnpriced(ctx, noCoverage)).toBe(true);
    expect(ctx.state.stack).toEqual([
      { kind: 'tail', words: ['red'], start: 40, page: 3, pages: [], tailAt: null },
    ]);
    expect(ctx.state.tail).toMatchObject({ chunks: [{ words: ['blue'] }], skipped: 0 });
    // "red" found none of the 10 missing: the titles left put all of them in "blue".
    ctx.state.stack = [];
    expect(nextUnpriced(ctx, noCoverage)).toBe(true);
    expect(ctx.state.stack).toMatchObject([{ kind: 'tail', words: ['blue'] }]);
  });

  it('a department query starts with its count', () => {
    const ctx = scan(990, 1000, false, { chunks: [{ words: [], nodeId: '42', gain: 30 }] });
    expect(nextUnpriced(ctx, noCoverage)).toBe(true);
    expect(ctx.state.stack).toEqual([{ kind: 'tail', nodeId: '42', page: 1, pages: [], tailAt: null }]);
  });

  it('stops when a query is expected to find fewer than 0.75 new listings, or nothing is missing', () => {
    // 1 missing over 110 titles, 100 of them in no query: "a" holds 0.09 of it.
    const thin = scan(999, 1000, false, { chunks: [{ words: ['a'], gain: 10 }], uncovered: 100 });
    expect(nextUnpriced(thin, noCoverage)).toBe(false);
    expect(thin.state.tail).toMatchObject({ chunks: [], skipped: 10 });

    const none = scan(990, 1000, false, { chunks: [{ words: ['a'], gain: 100 }] });
    none.state.unreached = 10;
    expect(nextUnpriced(none, noCoverage)).toBe(false);
    expect(none.state.tail?.chunks).toEqual([]);
  });

  it('on a store counted only as "over 1,000", reads a sample of queries before trusting the rate', () => {
    const ctx = scan(2000, 1000, true, { chunks: [{ words: ['a'], gain: 1 }], read: 4 });
    expect(nextUnpriced(ctx, noCoverage)).toBe(true);
    expect(ctx.state.stack).toHaveLength(1);
  });
});

describe('the closing of the unpriced pass', () => {
  it('with an exact count, reads on below the yield while the queries left hold half of what is missing', () => {
    // 1 missing over 110 titles, all in the queries planned: 0.09 each, 1 together.
    const ctx = scan(999, 1000, false, {
      chunks: [
        { words: ['a'], gain: 10, priced: 10 },
        { words: ['b'], gain: 100, priced: 100 },
      ],
    });
    expect(nextUnpriced(ctx, noCoverage)).toBe(true);
    expect(ctx.state.tail).toMatchObject({ closing: 1, chunks: [{ words: ['b'] }] });
  });

  /** 10 queries read: 3 unpriced listings after 100 priced ones; two queries of 10 titles each left. */
  function closing(extra: Partial<TailState> = {}): { ctx: ScanContext; coverage: () => Coverage } {
    const ctx = scan(2000, 1000, true, {
      chunks: [
        { words: ['a'], gain: 10, priced: 10 },
        { words: ['b'], gain: 10, priced: 10 },
      ],
      read: 10,
      unpriced: 3,
      priced: 100,
      ...extra,
    });
    const coverage = (): Coverage => ({
      found: 2000,
      reported: 1000,
      reportedIsLowerBound: true,
      listLimit: 10_000,
      stoppedAtListLimit: false,
      filtered: false,
      threshold: 0.99,
      unreached: 0,
      estimatedUnpricedMissing: estimatedUnpricedMissing(ctx),
    });
    return { ctx, coverage };
  }

  it('counted only as "over 1,000": reads on while the queries left are expected to hold half a listing', () => {
    const { ctx, coverage } = closing();
    // 0.03 unpriced per title: each query expects 0.3 (below 0.75), both together 0.6.
    expect(nextUnpriced(ctx, coverage)).toBe(true);
    expect(ctx.state.stack).toEqual([
      { kind: 'tail', words: ['a'], start: 10, page: 1, pages: [], tailAt: null },
    ]);
    expect(ctx.state.tail).toMatchObject({ closing: 1, chunks: [{ words: ['b'] }] });
    // The one left expects 0.3: the pass ends, its titles counted as not read.
    ctx.state.stack = [];
    expect(nextUnpriced(ctx, coverage)).toBe(false);
    expect(ctx.state.tail).toMatchObject({ chunks: [], skipped: 10 });
  });

  it('is bounded: after 24 queries a listing in none of them still ends the run', () => {
    const { ctx, coverage } = closing({ closing: 24 });
    expect(nextUnpriced(ctx, coverage)).toBe(false);
    expect(ctx.state.tail).toMatchObject({ chunks: [], skipped: 20 });
  });
});

describe('a query of the unpriced pass', () => {
  /** A keyword tail of a query holding 50 listings; its titles put the unpriced ones from 40 on. */
  function reading(ctx: ScanContext): Task {
    const task: Task = { kind: 'tail', words: ['red'], start: 40, page: 3, pages: [], tailAt: null };
    ctx.state.stack = [task];
    ctx.state.tail ??= tail();
    return task;
  }
  const priced = (prefix: string, n: number) => descending(prefix, n, 5000);
  const unpriced = (prefix: string, n: number) =>
    Array.from({ length: n }, (_, i) => tile(`${prefix}${i}`, null));
  const page3 = (tiles: ParsedPage['tiles']) =>
    results(tiles, { total: 50, from: 33, lastPage: 4, next: true });

  it('reads on to the last unpriced listing, then counts the query’s priced and unpriced listings', () => {
    const ctx = context();
    const task = reading(ctx);
    planTail(ctx, task, page3([...priced('P', 8), ...unpriced('U', 8)]));
    expect(task).toMatchObject({ page: 4, tailAt: 40, total: 50, lastPage: 4 });
    planTail(ctx, task, results(unpriced('V', 2), { total: 50, from: 49, lastPage: 4 }));
    expect(ctx.state.stack).toEqual([]);
    expect(ctx.state.tail).toMatchObject({ read: 1, priced: 40, unpriced: 10, beyondCap: 0 });
  });

  it('after a resume (the titles are a share), looks a page back when the unpriced listings start a page', () => {
    const ctx = context({}, ['STORED']);
    const task = reading(ctx);
    planTail(ctx, task, page3(unpriced('U', 16)));
    expect(task).toMatchObject({ page: 2, tailAt: 32 });
  });

  it('a query not sorted by price (an unpriced tile before a priced one) is read from its first page', () => {
    const ctx = context();
    const task = reading(ctx);
    planTail(ctx, task, page3([...unpriced('U', 4), ...priced('P', 12)]));
    expect(task).toMatchObject({ full: true, tailAt: null, page: 1 });
  });

  it('an unpriced tile before the position of the priced titles it matches: the order is not kept, for this query and the next', () => {
    const ctx = context();
    const task = reading(ctx);
    ctx.state.tail = tail({ read: 2, priced: 70, unpriced: 4 });
    planTail(ctx, task, page3([...priced('P', 3), ...unpriced('U', 1), ...priced('Q', 3)]));
    expect(task).toMatchObject({ full: true, page: 1, unpricedSeen: 0, servedSeen: 0 });
    // What the queries read by position counted stands for nothing: their titles count as not read.
    expect(ctx.state.tail).toMatchObject({ unordered: true, read: 0, priced: 0, unpriced: 0, skipped: 70 });
    ctx.state.tail.chunks = [{ words: ['blue'], gain: 30, priced: 30 }];
    ctx.state.stack = [];
    ctx.state.reportedTotal = 2000;
    expect(nextUnpriced(ctx, noCoverage)).toBe(true);
    expect(ctx.state.stack).toEqual([
      { kind: 'tail', words: ['blue'], start: 30, page: 1, pages: [], tailAt: null, full: true },
    ]);
  });

  it('the order not kept: a keyword query is read from its first page until the unpriced listings its count holds are seen', () => {
    const ctx = context();
    const red = (prefix: string, n: number, price: number | null) =>
      Array.from({ length: n }, (_, i) => tile(`${prefix}${i}`, price, `Red Mug ${prefix}${i}`));
    // The scan found the query's 40 priced listings (and one of its unpriced ones, elsewhere).
    ctx.record([...red('P', 40, 1999), ...red('E', 1, null)], { kind: 'peel', page: 1 });
    ctx.state.tail = tail({ unordered: true });
    const task: Task = {
      kind: 'tail',
      words: ['red'],
      start: 40,
      page: 1,
      pages: [],
      tailAt: null,
      full: true,
    };
    ctx.state.stack = [task];
    // 44 listings, 40 priced: 4 unpriced, in featured order among the priced ones.
    const page = (n: number, tiles: ParsedPage['tiles']) => {
      ctx.record(tiles, task);
      planTail(ctx, task, results(tiles, { total: 44, from: (n - 1) * 16 + 1, lastPage: 3, next: n < 3 }));
    };
    const all = red('P', 40, 1999);
    page(1, [...all.slice(0, 7), ...red('U', 1, null), ...all.slice(7, 15)]);
    expect(task.page).toBe(2);
    page(2, [...all.slice(15, 23), ...red('V', 2, null), ...all.slice(23, 29)]);
    // Page 2 showed the last one not seen (E was found before): page 3 is not read.
    expect(ctx.state.stack).toEqual([]);
    expect(ctx.state.tail).toMatchObject({ read: 1, unpriced: 4, priced: 40, beyondCap: 0 });
  });

  it('the order not kept: unpriced listings its count holds that its pages did not show are missing', () => {
    const ctx = context();
    const red = (prefix: string, n: number, price: number | null) =>
      Array.from({ length: n }, (_, i) => tile(`${prefix}${i}`, price, `Red Mug ${prefix}${i}`));
    ctx.record(red('P', 20, 1999), { kind: 'peel', page: 1 });
    ctx.state.tail = tail({ unordered: true });
    const task: Task = {
      kind: 'tail',
      words: ['red'],
      start: 20,
      page: 1,
      pages: [],
      tailAt: null,
      full: true,
    };
    ctx.state.stack = [task];
    const tiles = [...red('P', 15, 1999), ...red('U', 1, null)];
    ctx.record(tiles, task);
    // Amazon counts 23 but serves one page (a query's cap): 2 unpriced listings not seen.
    planTail(ctx, task, results(tiles, { total: 23, lastPage: 1 }));
    expect(ctx.state.tail).toMatchObject({ read: 1, unpriced: 3, priced: 20, beyondCap: 2 });
  });

  it('past the end of the query reads its first page for the count', () => {
    const ctx = context();
    const task = reading(ctx);
    planTail(ctx, task, noResults());
    expect(task.page).toBe(1);
    expect(ctx.state.stack).toEqual([task]);
  });

  it('a department bigger than a query gives way to its sub-departments', () => {
    const ctx = context();
    ctx.state.tail = tail();
    const task: Task = { kind: 'tail', nodeId: '42', page: 1, pages: [], tailAt: null };
    ctx.state.stack = [task];
    planTail(
      ctx,
      task,
      results(priced('P', 16), {
        total: 500,
        lastPage: 7,
        next: true,
        categories: [category('42', 0, true), category('421', 1), category('422', 1)],
      }),
    );
    expect(ctx.state.stack).toEqual([]);
    expect(ctx.state.tail?.chunks).toEqual([
      { words: [], nodeId: '421', gain: 1 },
      { words: [], nodeId: '422', gain: 1 },
    ]);
  });
});

describe('the unpriced listings not found', () => {
  it('are estimated from the upper end of the share the queries read, plus those beyond a query’s reach', () => {
    // 3 unpriced in 100 read: the share is up to 7.27 %, 7.84 unpriced per 100 priced; 100 titles
    // not read: 7.84 and its spread 1.645 × √7.84, plus 2 beyond a query's reach.
    const ctx = scan(2000, 1000, true, {
      read: 5,
      unpriced: 3,
      priced: 97,
      skipped: 60,
      uncovered: 40,
      beyondCap: 2,
    });
    expect(estimatedUnpricedMissing(ctx)).toBe(14);
    // The share read (the pass's stopping rule compares the two): 3.09 per 100 priced.
    expect(estimatedUnpricedMissing(ctx, false)).toBe(5);
    // The titles known are half of the priced listings found: twice as many not read.
    ctx.state.tail!.known = 0.5;
    expect(estimatedUnpricedMissing(ctx)).toBe(24);
  });

  it('are not estimated when Amazon’s count is exact, or before a query was read', () => {
    expect(estimatedUnpricedMissing(scan(900, 1000, false, { read: 5 }))).toBeUndefined();
    expect(estimatedUnpricedMissing(scan(2000, 1000, true, { read: 0 }))).toBeUndefined();
    expect(estimatedUnpricedMissing(scan(2000, 1000, true, null))).toBeUndefined();
  });

  it('the share is the upper end of its Wilson interval', () => {
    expect(wilsonUpper(0, 0)).toBe(1);
    expect(wilsonUpper(0, 93)).toBeCloseTo(0.0283, 3); // none seen in 93: still up to 2.8 %
    expect(wilsonUpper(90, 3090)).toBeGreaterThan(90 / 3090);
    expect(wilsonUpper(90, 3090)).toBeLessThan(1.2 * (90 / 3090)); // many read: close to the share
    expect(wilsonUpper(5, 5)).toBeCloseTo(1, 9);
  });
});

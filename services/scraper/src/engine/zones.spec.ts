import { context, noResults, results, tile } from './__fixtures__/pages.js';
import { OPEN, type Task } from './checkpoint.js';
import type { ScanContext } from './context.js';
import { PriceModel } from './price-model.js';
import { pieceTop, planPiece, prepareZone, pushZone } from './zones.js';

/** A Deep scan that has seen these titled listings, its stack these tasks. */
function scanWith(stack: Task[], seen: [asin: string, price: number, title: string][] = []): ScanContext {
  const ctx = context();
  ctx.record(
    seen.map(([asin, price, title]) => tile(asin, price, title)),
    { kind: 'sweep', page: 1 },
  );
  ctx.state.stack = stack;
  return ctx;
}

const top = (ctx: ScanContext) => ctx.state.stack[ctx.state.stack.length - 1];

const SEEN: [string, number, string][] = [
  ['R1', 3500, 'red shirt'],
  ['R2', 2000, 'red hat'],
  ['B1', 4500, 'blue shirt'],
  ['B2', 900, 'blue hat'],
];

describe('pushing a zone', () => {
  it('takes [zlo, top] of a peel, which continues below it with one probe of all the rest', () => {
    const peel: Task = {
      kind: 'peel',
      words: ['red'],
      min: 0,
      max: 50_000,
      page: 2,
      depth: 0,
      cut: 123,
      bracket: [100, 5000, 1],
      crowded: 20_000,
    };
    const ctx = scanWith([peel]);
    const model = new PriceModel(ctx.state.cents, [[19_000, 21_000, 5000]]);
    pushZone(ctx, peel, 15_000, model);
    expect(ctx.state.stack).toEqual([
      { kind: 'peel', words: ['red'], min: 0, max: 14_999, page: 1, depth: 0, cut: 0, overlap: false },
      {
        kind: 'zone',
        words: ['red'],
        min: 15_000,
        max: 50_000,
        page: 1,
        pieces: [],
        depth: 1,
        share: model.scaleFactor,
      },
    ]);
  });

  it('reaching the peel’s floor, replaces it; an open top stays open', () => {
    const peel: Task = { kind: 'peel', min: 1000, page: 1, depth: 1 };
    const ctx = scanWith([peel]);
    pushZone(ctx, peel, 900, new PriceModel(ctx.state.cents, []));
    expect(ctx.state.stack).toEqual([{ kind: 'zone', min: 900, max: OPEN, page: 1, pieces: [], depth: 2 }]);
  });
});

describe('counting a zone’s pieces', () => {
  it('"over 1,000" narrows the piece; an exact count keeps it, with what the scan found there already', () => {
    const zone: Task = { kind: 'zone', min: 1000, max: 5000, page: 1, pieces: [], cut: 3000 };
    const ctx = scanWith([zone], SEEN);
    planPiece(ctx, zone, results([], { total: 1000, lowerBound: true }));
    expect(zone.bracket).toEqual([3000, 1000, 1]);
    expect(zone.pieces).toEqual([]);

    zone.cut = 3200;
    planPiece(ctx, zone, results([tile('X', 4000)], { total: 400 }));
    expect(zone.bracket).toBeUndefined();
    expect(zone.pieces).toEqual([[3200, 5000, 400, 2]]); // R1, B1
    expect(ctx.state.obs).toEqual([[3200, 4500, 400]]); // its top: the highest price seen

    expect(pieceTop(zone)).toBe(3199);
    zone.cut = 1000;
    planPiece(ctx, zone, results([], { total: 150 }));
    expect(zone.pieces).toEqual([
      [3200, 5000, 400, 2],
      [1000, 3199, 150, 1], // R2
    ]);
  });

  it('a keyword zone counts only the listings of its keywords', () => {
    const zone: Task = { kind: 'zone', words: ['blue'], min: 0, max: 5000, page: 1, pieces: [], cut: 0 };
    const ctx = scanWith([zone], SEEN);
    planPiece(ctx, zone, results([], { total: 300 }));
    expect(zone.pieces).toEqual([[0, 5000, 300, 2]]); // B1, B2
    expect(ctx.state.obs).toEqual([]); // a keyword's counts are not the store's
  });

  it('an empty piece: the next probe counts all the rest', () => {
    const zone: Task = { kind: 'zone', min: 1000, max: 5000, page: 1, pieces: [], cut: 3000 };
    const ctx = scanWith([zone]);
    planPiece(ctx, zone, noResults());
    expect(zone.pieces).toEqual([[3000, 5000, 0, 0]]);
    expect(zone.cut).toBe(1000);
  });
});

describe('a zone’s next step', () => {
  it('counts its next piece first (nothing counted yet: all of the range at once)', () => {
    const zone: Task = { kind: 'zone', min: 1000, max: 5000, page: 3, pieces: [] };
    const ctx = scanWith([zone]);
    expect(prepareZone(ctx, zone)).toBe(true);
    expect(zone).toMatchObject({ cut: 1000, page: 1 });
  });

  it('then each member of its family sweeps the zone with its own peel, expecting its share of the titles', () => {
    const zone: Task = {
      kind: 'zone',
      min: 1000,
      max: 5000,
      page: 1,
      depth: 1,
      pieces: [
        [3000, 5000, 400, 100],
        [1000, 2999, 200, 200],
      ],
      family: ['w:red', 'w:blue'],
    };
    const ctx = scanWith([zone], [...SEEN, ['R3', 1500, 'red scarf']]);
    expect(prepareZone(ctx, zone)).toBe(false);
    expect(top(ctx)).toEqual({
      kind: 'peel',
      words: ['red'],
      min: 1000,
      max: 5000,
      page: 1,
      depth: 1,
      share: 3 / 5,
    });
    expect(prepareZone(ctx, zone)).toBe(false);
    expect(top(ctx)).toEqual({
      kind: 'peel',
      words: ['blue'],
      min: 1000,
      max: 5000,
      page: 1,
      depth: 1,
      share: 2 / 5,
    });
    expect(zone.next).toBe(2);
  });

  it('with listings still missing and nothing to split by: other orders over the pieces still missing some', () => {
    const zone: Task = {
      kind: 'zone',
      min: 1000,
      max: 5000,
      page: 1,
      pieces: [
        [4000, 5000, 400, 400],
        [3000, 3999, 400, 100],
        [1000, 2999, 200, 150],
      ],
      family: ['w:red'],
      next: 1,
      residual: true,
    };
    const ctx = scanWith([zone]);
    expect(prepareZone(ctx, zone)).toBe(false);
    expect(zone.sorted).toBe(true);
    expect(zone.family).toEqual(['w:red', 's:relevance', 's:date-desc-rank', 's:review-rank']);
    expect(prepareZone(ctx, zone)).toBe(false);
    expect(top(ctx)).toEqual({ kind: 'list', min: 1000, max: 3999, page: 1 });
    prepareZone(ctx, zone);
    expect(top(ctx)).toEqual({ kind: 'list', min: 1000, max: 3999, sort: 'date-desc-rank', page: 1 });
  });

  it('ends when its pieces are served, or counts what is missing when every fallback was tried', () => {
    const served: Task = { kind: 'zone', min: 0, max: 5000, page: 1, pieces: [[0, 5000, 300, 300]], next: 0 };
    const a = scanWith([served]);
    expect(prepareZone(a, served)).toBe(false);
    expect(a.state.stack).toEqual([]);

    const tried = (): Task => ({
      kind: 'zone',
      min: 0,
      max: 5000,
      page: 1,
      pieces: [[0, 5000, 300, 280]],
      family: ['w:red', 's:relevance'],
      next: 2,
      residual: true,
      sorted: true,
      relearned: true,
    });
    const outer = tried();
    const b = scanWith([outer]);
    prepareZone(b, outer);
    expect(b.state.stack).toEqual([]);
    expect(b.state.unreached).toBe(20);

    // A zone inside another leaves the count to the outermost one's pieces.
    const parent: Task = {
      kind: 'zone',
      min: 0,
      max: 9000,
      page: 1,
      pieces: [[0, 9000, 900, 0]],
      next: 0,
      family: [],
    };
    const inner = tried();
    const c = scanWith([parent, { kind: 'peel', words: ['red'], page: 1 }, inner]);
    prepareZone(c, inner);
    expect(c.state.stack).toHaveLength(2);
    expect(c.state.unreached).toBe(0);
  });
});

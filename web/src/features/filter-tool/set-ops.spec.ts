import { describe, expect, it } from 'vitest';
import { ListCache, MAX_LISTS, parseAsinList, runSetTask, type SetOperation } from './set-ops';

// Three competitors and my own store, written as sellers paste them (mixed case, commas, repeats).
const A = 'B000000001, b000000002\nB000000003 B000000003;B000000004\n0306406152';
const B = 'B000000002\nB000000003\nB000000005\n0306406152\nTOOSHORT\nB0000000066';
const C = 'B000000003,B000000004,B000000005,B000000007';
const MINE = 'B000000003\nB000000009';

const lists = [
  { id: 'a', text: A },
  { id: 'b', text: B },
  { id: 'c', text: C },
];
const run = (operation: SetOperation, subtract?: string, csv = false) =>
  runSetTask({
    kind: 'combine',
    lists,
    operation,
    ...(subtract ? { subtract: { id: 'mine', text: subtract } } : {}),
    csv,
  });
const lines = (text: string) => (text ? text.trimEnd().split('\n') : []);

describe('set operations on ASIN lists', () => {
  it('reads a list as its distinct 10-character ASINs, uppercased, in order (ISBN-shaped books kept)', () => {
    expect(parseAsinList(A)).toEqual(['B000000001', 'B000000002', 'B000000003', 'B000000004', '0306406152']);
    expect(parseAsinList(B)).toEqual(['B000000002', 'B000000003', 'B000000005', '0306406152']);
    expect(parseAsinList('  \n,, ')).toEqual([]);
  });

  it('union, intersection, A minus B and B minus A, with the counts before and after', () => {
    const union = run({ kind: 'union' });
    expect(union.listSizes).toEqual([5, 4, 4]);
    expect(lines(union.text)).toEqual([
      'B000000001',
      'B000000002',
      'B000000003',
      'B000000004',
      '0306406152',
      'B000000005',
      'B000000007',
    ]);
    expect([union.before, union.after, union.subtractSize]).toEqual([7, 7, 0]);
    expect(lines(run({ kind: 'intersection' }).text)).toEqual(['B000000003']);
    expect(lines(run({ kind: 'difference', a: 0, b: 1 }).text)).toEqual(['B000000001', 'B000000004']);
    expect(lines(run({ kind: 'difference', a: 1, b: 0 }).text)).toEqual(['B000000005']);
    expect(lines(run({ kind: 'difference', a: 2, b: 2 }).text)).toEqual([]);
  });

  it('"in at least k of n" (k clamped to 1…n), and my store taken out of any result', () => {
    expect(lines(run({ kind: 'atLeast', k: 2 }).text)).toEqual([
      'B000000002',
      'B000000003',
      'B000000004',
      '0306406152',
      'B000000005',
    ]);
    expect(lines(run({ kind: 'atLeast', k: 3 }).text)).toEqual(['B000000003']);
    expect(run({ kind: 'atLeast', k: 0 }).after).toBe(7);
    expect(run({ kind: 'atLeast', k: 9 }).after).toBe(1);
    const minusMine = run({ kind: 'atLeast', k: 2 }, MINE, true);
    expect([minusMine.before, minusMine.after, minusMine.subtractSize]).toEqual([5, 4, 2]);
    expect(lines(minusMine.text)).toEqual(['B000000002', 'B000000004', '0306406152', 'B000000005']);
    // The CSV says how many of the lists carry each ASIN (a BOM first, for Excel).
    expect(minusMine.csv).toBe('\uFEFFASIN,lists\nB000000002,2\nB000000004,2\n0306406152,2\nB000000005,2\n');
    expect(run({ kind: 'union' }).csv).toBeUndefined();
    expect(run({ kind: 'intersection' }, MINE).after).toBe(0);
  });

  it('agrees with a plain Set computation on random overlapping lists', () => {
    let x = 7;
    const next = () => (x = (Math.imul(x, 1_103_515_245) + 12_345) >>> 0);
    const pool = Array.from({ length: 3000 }, (_, i) => `B0${String(i).padStart(8, '0')}`);
    const raw = Array.from({ length: 5 }, () =>
      Array.from({ length: 1500 }, () => pool[next() % pool.length]),
    );
    const sets = raw.map((r) => new Set(r));
    const mine = new Set(raw[4].slice(0, 200));
    const task = raw.map((r, i) => ({ id: `l${i}`, text: r.join('\n') }));
    const cache = new ListCache();
    const got = (operation: SetOperation) =>
      new Set(
        lines(
          runSetTask(
            { kind: 'combine', lists: task, operation, subtract: { id: 'm', text: [...mine].join(' ') } },
            cache,
          ).text,
        ),
      );
    const carried = (asin: string) => sets.filter((s) => s.has(asin)).length;
    const expected = (keep: (asin: string) => boolean) =>
      new Set(pool.filter((asin) => keep(asin) && !mine.has(asin)));
    expect(got({ kind: 'union' })).toEqual(expected((a) => carried(a) >= 1));
    expect(got({ kind: 'intersection' })).toEqual(expected((a) => carried(a) === 5));
    expect(got({ kind: 'atLeast', k: 3 })).toEqual(expected((a) => carried(a) >= 3));
    expect(got({ kind: 'difference', a: 1, b: 3 })).toEqual(
      expected((a) => sets[1].has(a) && !sets[3].has(a)),
    );
  });

  it('refuses more lists than a mask holds', () => {
    const many = Array.from({ length: MAX_LISTS + 1 }, (_, i) => ({ id: String(i), text: A }));
    expect(() => runSetTask({ kind: 'combine', lists: many, operation: { kind: 'union' } })).toThrow();
  });
});

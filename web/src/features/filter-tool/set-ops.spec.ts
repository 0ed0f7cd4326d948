import { describe, expect, it } from 'vitest';
import { MAX_LISTS, PREVIEW_ASINS, SetEngine, parseAsinList, type SetOperation } from './set-ops';

// Three competitors and my own store, written as sellers paste them (mixed case, commas, repeats).
const A = 'B000000001, b000000002\nB000000003 B000000003;B000000004\n0306406152';
const B = 'B000000002\nB000000003\nB000000005\n0306406152\nTOOSHORT\nB0000000066';
const C = 'B000000003,B000000004,B000000005,B000000007';
const MINE = 'B000000003\nB000000009';

const bytes = (text: string) => new TextEncoder().encode(text);
const decoded = (file: Uint8Array) => new TextDecoder().decode(file);
const engine = new SetEngine();
for (const [id, text] of [
  ['a', A],
  ['b', B],
  ['c', C],
  ['mine', MINE],
])
  engine.load(id, bytes(text));

/** An operation on a, b and c (minus "mine" when asked): the counts, and the .txt as `text`. */
const run = (operation: SetOperation, subtract = false) => {
  const r = engine.combine(['a', 'b', 'c'], operation, subtract ? 'mine' : undefined);
  return { ...r, text: decoded(engine.export(r.result, 'txt')) };
};
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
    const minusMine = run({ kind: 'atLeast', k: 2 }, true);
    expect([minusMine.before, minusMine.after, minusMine.subtractSize]).toEqual([5, 4, 2]);
    expect(lines(minusMine.text)).toEqual(['B000000002', 'B000000004', '0306406152', 'B000000005']);
    expect([minusMine.preview, minusMine.truncated]).toEqual([minusMine.text, false]);
    // The CSV says how many of the lists carry each ASIN (UTF-8's BOM first, for Excel).
    const csv = engine.export(minusMine.result, 'csv');
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(decoded(csv.subarray(3))).toBe(
      'ASIN,lists\nB000000002,2\nB000000004,2\n0306406152,2\nB000000005,2\n',
    );
    expect(run({ kind: 'intersection' }, true).after).toBe(0);
    // Only the last result is kept: an older one cannot be written any more.
    expect(() => engine.export(minusMine.result, 'txt')).toThrow();
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
    const own = new SetEngine();
    raw.forEach((r, i) => own.load(`l${i}`, bytes(r.join('\n'))));
    own.load('m', bytes([...mine].join(' ')));
    const got = (operation: SetOperation) => {
      const r = own.combine(['l0', 'l1', 'l2', 'l3', 'l4'], operation, 'm');
      return new Set(lines(decoded(own.export(r.result, 'txt'))));
    };
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

  it('a list is read from any bytes (UTF-8 around the ASINs); the preview is bounded; unknown lists refused', () => {
    const own = new SetEngine();
    expect(own.load('tr', bytes('Ürün: B00ÇÇ00001 ş B000000001\r\nİ b000000002'))).toBe(2);
    const many = Array.from({ length: PREVIEW_ASINS + 5 }, (_, i) => `B1${String(i).padStart(8, '0')}`);
    expect(own.load('big', bytes(many.join('\n')))).toBe(PREVIEW_ASINS + 5);
    const r = own.combine(['big', 'tr'], { kind: 'union' });
    expect(r.after).toBe(PREVIEW_ASINS + 7);
    expect(lines(r.preview)).toEqual(many.slice(0, PREVIEW_ASINS));
    expect(r.truncated).toBe(true);
    expect(lines(decoded(own.export(r.result, 'txt')))).toEqual([...many, 'B000000001', 'B000000002']);
    expect(() => own.combine(['nope'], { kind: 'union' })).toThrow(/unknown list/);
    own.drop('tr');
    expect(own.has('tr')).toBe(false);
  });

  it('refuses more lists than a mask holds', () => {
    const own = new SetEngine();
    const ids = Array.from({ length: MAX_LISTS + 1 }, (_, i) => String(i));
    ids.forEach((id) => own.load(id, bytes(A)));
    expect(() => own.combine(ids, { kind: 'union' })).toThrow();
  });

  it('answers requests with the export transferred (an exact buffer of the file)', () => {
    const own = new SetEngine();
    expect(own.run({ kind: 'load', list: 'x', bytes: bytes('B000000001 B000000001').buffer })).toEqual({
      value: 1,
      transfer: [],
    });
    const combined = own.run({ kind: 'combine', lists: ['x'], operation: { kind: 'union' } });
    const result = (combined.value as { result: number }).result;
    const file = own.run({ kind: 'export', result, format: 'txt' });
    expect(decoded(file.value as Uint8Array)).toBe('B000000001\n');
    expect(file.transfer).toEqual([(file.value as Uint8Array).buffer]);
    expect((file.value as Uint8Array).buffer.byteLength).toBe(11);
  });
});

/**
 * Set operations on ASIN lists (issue 19): union, intersection, A minus B and "in at least k of these
 * n lists", then "minus my own store". Pure and self-contained (no imports), so the same code runs in
 * the Web Worker (asin-filter.worker.ts), on the main thread (small lists, jsdom) and in
 * `make bench` under Node (bench/set-ops.mjs imports this file as it is).
 *
 * A list is the distinct ASINs of a text in the order they first appear: the text is uppercased and
 * split on every run of characters other than A–Z and 0–9; only 10-character entries are ASINs.
 * Results keep the order of first appearance across the chosen lists.
 *
 * Speed: an ASIN is ten base-36 digits, held as two small integers (its halves, 36^5 < 2^26) in an
 * Int32Array, and the sets are open-addressing hash tables over them: no string is made per ASIN
 * while parsing or combining, and the result's text is written as bytes and decoded once.
 */

/** What to compute from the chosen lists (indexes into them). */
export type SetOperation =
  | { kind: 'union' }
  | { kind: 'intersection' }
  | { kind: 'difference'; a: number; b: number }
  | { kind: 'atLeast'; k: number };

export interface SetCombineTask {
  kind: 'combine';
  /** The chosen lists' texts (as loaded: a scan's download, a paste, a file). */
  lists: { id: string; text: string }[];
  operation: SetOperation;
  /** "My own store": its ASINs are taken out of the result. */
  subtract?: { id: string; text: string };
  /** Also write the result as CSV (for its download). */
  csv?: boolean;
}

export interface SetCombineResult {
  /** Distinct ASINs of each chosen list, in order. */
  listSizes: number[];
  /** Distinct ASINs of "my store" (0 without it). */
  subtractSize: number;
  /** ASINs of the operation's result, before "my store" is taken out. */
  before: number;
  /** ASINs of the result (after "my store"). */
  after: number;
  /** The result, one ASIN a line (the copied and downloaded .txt). */
  text: string;
  /** When asked: the result as CSV, `ASIN,lists` (how many of the chosen lists carry it), with a BOM. */
  csv?: string;
}

const ASIN_CHARS = 10;
const HALF = 5;
const BASE = 36;

/** ASINs as pairs of halves: [hi0, lo0, hi1, lo1, …]. */
type Codes = Int32Array;

/** Each UTF-16 code unit's base-36 digit (0–9, A–Z or a–z), or -1 for a separator. */
const DIGIT = new Int8Array(65_536).fill(-1);
for (let c = 0; c < BASE; c++) {
  const ch = c.toString(BASE);
  DIGIT[ch.charCodeAt(0)] = c;
  DIGIT[ch.toUpperCase().charCodeAt(0)] = c;
}

/** At most this many lists are combined at once (each is a bit of a mask; one more for "my store"). */
export const MAX_LISTS = 30;

/**
 * ASINs and the lists that carry each (a bit per list), in open addressing with linear probing,
 * in the order they were first added.
 */
class AsinTable {
  private readonly mask: number;
  /** hi, lo of each slot side by side (one cache line per probe); hi -1: empty. */
  private readonly keys: Int32Array;
  readonly lists: Int32Array;
  /** Slots in the order their ASIN was first added. */
  readonly order: Int32Array;
  size = 0;

  constructor(expected: number) {
    // At most two thirds full: short probes, and 5 lists of 100,000 fit 2^20 slots (12 MB).
    let capacity = 16;
    while (capacity < expected * 1.5) capacity *= 2;
    this.mask = capacity - 1;
    this.keys = new Int32Array(capacity * 2).fill(-1);
    this.lists = new Int32Array(capacity);
    this.order = new Int32Array(Math.max(expected, 1));
  }

  /** Adds an ASIN of list `bit`; whether the list had not had it yet. */
  add(hi: number, lo: number, bit: number): boolean {
    let h = Math.imul(hi ^ Math.imul(lo, 0x9e3779b1), 0x85ebca6b);
    h ^= h >>> 15;
    let i = h & this.mask;
    for (;;) {
      const k = this.keys[2 * i];
      if (k === -1) {
        this.keys[2 * i] = hi;
        this.keys[2 * i + 1] = lo;
        this.lists[i] = bit;
        this.order[this.size++] = i;
        return true;
      }
      if (k === hi && this.keys[2 * i + 1] === lo) {
        if (this.lists[i] & bit) return false;
        this.lists[i] |= bit;
        return true;
      }
      i = (i + 1) & this.mask;
    }
  }

  /** An added ASIN's halves by its slot. */
  hi(slot: number): number {
    return this.keys[2 * slot];
  }
  lo(slot: number): number {
    return this.keys[2 * slot + 1];
  }
}

/** The ASINs of a text as pairs of halves, in order, repeats kept (the combining drops them). */
function parseAsinCodes(text: string): Codes {
  const out = new Int32Array(Math.floor(text.length / (ASIN_CHARS + 1) + 1) * 2);
  let n = 0;
  let hi = 0;
  let lo = 0;
  let len = 0;
  for (let i = 0; i <= text.length; i++) {
    const d = i < text.length ? DIGIT[text.charCodeAt(i)] : -1;
    if (d >= 0) {
      if (len < HALF) hi = hi * BASE + d;
      else lo = lo * BASE + d;
      len++;
    } else {
      if (len === ASIN_CHARS) {
        out[n++] = hi;
        out[n++] = lo;
      }
      hi = 0;
      lo = 0;
      len = 0;
    }
  }
  return out.slice(0, n);
}

const CHARS = Array.from('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ', (c) => c.charCodeAt(0));

/** Writes an ASIN's ten characters at `at`. */
function writeAsin(bytes: Uint8Array, at: number, hi: number, lo: number): void {
  for (let i = HALF - 1; i >= 0; i--) {
    bytes[at + i] = CHARS[hi % BASE];
    hi = Math.floor(hi / BASE);
    bytes[at + HALF + i] = CHARS[lo % BASE];
    lo = Math.floor(lo / BASE);
  }
}

const latin1 = new TextDecoder('latin1');

/** The ASINs one a line; with counts, CSV rows `ASIN,n`. */
function format(codes: Codes, carriedBy?: Uint16Array): string {
  const n = codes.length / 2;
  const bytes = new Uint8Array(n * (ASIN_CHARS + (carriedBy ? 7 : 1)));
  let at = 0;
  for (let i = 0; i < n; i++) {
    writeAsin(bytes, at, codes[2 * i], codes[2 * i + 1]);
    at += ASIN_CHARS;
    if (carriedBy) {
      bytes[at++] = 44; // ,
      let count = carriedBy[i];
      const end = at + (count >= 10_000 ? 5 : count >= 1000 ? 4 : count >= 100 ? 3 : count >= 10 ? 2 : 1);
      for (let c = end - 1; c >= at; c--) {
        bytes[c] = 48 + (count % 10);
        count = Math.floor(count / 10);
      }
      at = end;
    }
    bytes[at++] = 10; // \n
  }
  return latin1.decode(bytes.subarray(0, at));
}

/** The distinct ASINs of a text, in order of first appearance. */
export function parseAsinList(text: string): string[] {
  const lines = format(combineLists([parseAsinCodes(text)], { kind: 'union' }).codes);
  return lines ? lines.slice(0, -1).split('\n') : [];
}

/**
 * Parsed lists by id, reused while their text is the same (a list is parsed once, not at every
 * operation): the worker and the main thread each keep one.
 */
export class ListCache {
  private readonly lists = new Map<string, { text: string; codes: Codes }>();

  get(id: string, text: string): Codes {
    const hit = this.lists.get(id);
    if (hit && hit.text === text) return hit.codes;
    const codes = parseAsinCodes(text);
    this.lists.delete(id);
    this.lists.set(id, { text, codes });
    // The lists of the last operations are kept; the oldest beyond that is forgotten.
    if (this.lists.size > MAX_LISTS + 1) this.lists.delete(this.lists.keys().next().value as string);
    return codes;
  }
}

const popcount = (x: number) => {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) as number;
};

/**
 * The operation on parsed lists: the result in order of first appearance, how many of the lists
 * carry each, the distinct size of each list, and the result's size before `subtract` was taken out.
 */
function combineLists(
  lists: readonly Codes[],
  operation: SetOperation,
  subtract?: Codes,
): { before: number; codes: Codes; carriedBy: Uint16Array; sizes: number[]; subtractSize: number } {
  if (lists.length > MAX_LISTS) throw new Error(`at most ${MAX_LISTS} lists`);
  const all = [...lists, ...(subtract ? [subtract] : [])];
  const table = new AsinTable(all.reduce((n, l) => n + l.length / 2, 0));
  const sizes = all.map(() => 0);
  all.forEach((list, j) => {
    const bit = 1 << j;
    for (let i = 0; i < list.length; i += 2) if (table.add(list[i], list[i + 1], bit)) sizes[j]++;
  });
  const everyList = (1 << lists.length) - 1;
  const mine = subtract ? 1 << lists.length : 0;
  const k =
    operation.kind === 'union' || operation.kind === 'difference'
      ? 1
      : operation.kind === 'intersection'
        ? lists.length
        : Math.min(Math.max(1, Math.floor(operation.k)), lists.length);
  const a = operation.kind === 'difference' ? 1 << operation.a : 0;
  const b = operation.kind === 'difference' ? 1 << operation.b : 0;
  const codes = new Int32Array(table.size * 2);
  const carriedBy = new Uint16Array(table.size);
  let before = 0;
  let n = 0;
  for (let o = 0; o < table.size; o++) {
    const slot = table.order[o];
    const bits = table.lists[slot];
    const chosen = bits & everyList;
    const inResult =
      operation.kind === 'difference' ? (bits & a) !== 0 && (bits & b) === 0 : popcount(chosen) >= k;
    if (!inResult) continue;
    before++;
    if (bits & mine) continue;
    codes[2 * n] = table.hi(slot);
    codes[2 * n + 1] = table.lo(slot);
    carriedBy[n++] = popcount(chosen);
  }
  return {
    before,
    codes: codes.subarray(0, 2 * n),
    carriedBy: carriedBy.subarray(0, n),
    sizes: sizes.slice(0, lists.length),
    subtractSize: subtract ? sizes[lists.length] : 0,
  };
}

/** The combine task of the worker: parse (or reuse) the lists, combine, write the .txt (and .csv). */
export function runSetTask(task: SetCombineTask, cache: ListCache = new ListCache()): SetCombineResult {
  const lists = task.lists.map((l) => cache.get(l.id, l.text));
  const subtract = task.subtract ? cache.get(task.subtract.id, task.subtract.text) : undefined;
  const { before, codes, carriedBy, sizes, subtractSize } = combineLists(lists, task.operation, subtract);
  return {
    listSizes: sizes,
    subtractSize,
    before,
    after: carriedBy.length,
    text: format(codes),
    ...(task.csv ? { csv: `\uFEFFASIN,lists\n${format(codes, carriedBy)}` } : {}),
  };
}

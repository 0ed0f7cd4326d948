/**
 * Set operations on ASIN lists (issue 19): union, intersection, A minus B and "in at least k of these
 * n lists", then "minus my own store". Pure and self-contained (no imports), so the same code runs in
 * the Web Worker (asin-filter.worker.ts), on the main thread (no Worker: jsdom) and in `make bench`
 * under Node (bench/set-ops.mjs imports this file as it is).
 *
 * A list is the distinct ASINs of a text in the order they first appear: the text is uppercased and
 * split on every run of characters other than A–Z and 0–9; only 10-character entries are ASINs.
 * Results keep the order of first appearance across the chosen lists.
 *
 * The page's thread pays nothing that grows with the lists (the check: "never blocks the page for
 * more than 50 ms"): a list goes to the `SetEngine` once, as the bytes of its file (a transferred
 * ArrayBuffer, never a string the page builds or copies), and stays there by id; an operation names
 * the lists by id and gets back counts and a bounded preview (PREVIEW_ASINS); the .txt and .csv are
 * written as bytes only when asked for (copy, download) and come back transferred.
 *
 * Speed: an ASIN is ten base-36 digits, held as two small integers (its halves, 36^5 < 2^26) in an
 * Int32Array, and the sets are open-addressing hash tables over them: no string is made per ASIN
 * while parsing or combining, and the files are written as bytes.
 */

/** What to compute from the chosen lists (indexes into them). */
export type SetOperation =
  | { kind: 'union' }
  | { kind: 'intersection' }
  | { kind: 'difference'; a: number; b: number }
  | { kind: 'atLeast'; k: number };

/** What the page asks of the engine (the worker's messages). */
export type SetRequest =
  /** Keep a list (the bytes of its text, UTF-8 or any ASCII superset) under an id: its distinct size. */
  | { kind: 'load'; list: string; bytes: ArrayBuffer }
  | { kind: 'drop'; list: string }
  /** Combine kept lists (by id); "my store" (`subtract`, a kept list) is taken out of the result. */
  | { kind: 'combine'; lists: string[]; operation: SetOperation; subtract?: string }
  /** A result as a file: .txt one ASIN a line, or .csv `ASIN,lists` with a BOM. */
  | { kind: 'export'; result: number; format: 'txt' | 'csv' };

export interface SetCombineResult {
  /** The result's id in the engine (for its export). */
  result: number;
  /** Distinct ASINs of each chosen list, in order. */
  listSizes: number[];
  /** Distinct ASINs of "my store" (0 without it). */
  subtractSize: number;
  /** ASINs of the operation's result, before "my store" is taken out. */
  before: number;
  /** ASINs of the result (after "my store"). */
  after: number;
  /** The first PREVIEW_ASINS of the result, one a line. */
  preview: string;
  /** Whether the result holds more than the preview. */
  truncated: boolean;
}

/**
 * ASINs of a result the page shows (the rest is in the files): a textarea of them is laid out on the
 * page's thread, so few enough that it stays a small task.
 */
export const PREVIEW_ASINS = 200;

const ASIN_CHARS = 10;
const HALF = 5;
const BASE = 36;

/** ASINs as pairs of halves: [hi0, lo0, hi1, lo1, …]. */
type Codes = Int32Array;

/** Each byte's base-36 digit (0–9, A–Z or a–z), or -1 for a separator. */
const DIGIT = new Int8Array(256).fill(-1);
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

/**
 * The ASINs of a text's bytes as pairs of halves, in order, repeats kept (the combining drops them).
 * Bytes of other characters than ASCII letters and digits (UTF-8's are all 0x80 and above) separate.
 */
function parseAsinCodes(text: Uint8Array): Codes {
  const out = new Int32Array(Math.floor(text.length / (ASIN_CHARS + 1) + 1) * 2);
  let n = 0;
  let hi = 0;
  let lo = 0;
  let len = 0;
  for (let i = 0; i <= text.length; i++) {
    const d = i < text.length ? DIGIT[text[i]] : -1;
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
/** UTF-8's byte order mark, then the header: Excel reads the .csv as UTF-8. */
const CSV_HEAD = Uint8Array.from([0xef, 0xbb, 0xbf, ...Array.from('ASIN,lists\n', (c) => c.charCodeAt(0))]);

/** The ASINs one a line; with counts, CSV rows `ASIN,n` after `head`. */
function format(codes: Codes, carriedBy?: Uint16Array, head = new Uint8Array(0)): Uint8Array {
  const n = codes.length / 2;
  const bytes = new Uint8Array(head.length + n * (ASIN_CHARS + (carriedBy ? 7 : 1)));
  bytes.set(head);
  let at = head.length;
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
  return bytes.subarray(0, at);
}

/** The distinct ASINs of a text, in order of first appearance. */
export function parseAsinList(text: string): string[] {
  const codes = combineLists([parseAsinCodes(new TextEncoder().encode(text))], { kind: 'union' }).codes;
  const lines = latin1.decode(format(codes));
  return lines ? lines.slice(0, -1).split('\n') : [];
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

/** A kept result: its ASINs and how many of the chosen lists carry each. */
interface Kept {
  id: number;
  codes: Codes;
  carriedBy: Uint16Array;
}

/**
 * The lists (parsed once, by id) and the last result, where the work runs: one in the worker, one on
 * the main thread when there is no worker. `run` answers a SetRequest with the buffers to transfer.
 */
export class SetEngine {
  private readonly lists = new Map<string, Codes>();
  private last: Kept | null = null;
  private nextResult = 1;

  has(list: string): boolean {
    return this.lists.has(list);
  }

  /** Keeps a list's ASINs under `list` (replacing one of that id): its distinct size. */
  load(list: string, bytes: Uint8Array): number {
    const codes = parseAsinCodes(bytes);
    this.lists.set(list, codes);
    return combineLists([codes], { kind: 'union' }).sizes[0];
  }

  drop(list: string): void {
    this.lists.delete(list);
  }

  private codesOf(list: string): Codes {
    const codes = this.lists.get(list);
    if (!codes) throw new Error(`unknown list ${list}`);
    return codes;
  }

  combine(lists: readonly string[], operation: SetOperation, subtract?: string): SetCombineResult {
    const combined = combineLists(
      lists.map((l) => this.codesOf(l)),
      operation,
      subtract === undefined ? undefined : this.codesOf(subtract),
    );
    const { before, codes, carriedBy, sizes, subtractSize } = combined;
    this.last = { id: this.nextResult++, codes, carriedBy };
    return {
      result: this.last.id,
      listSizes: sizes,
      subtractSize,
      before,
      after: carriedBy.length,
      preview: latin1.decode(format(codes.subarray(0, 2 * PREVIEW_ASINS))),
      truncated: carriedBy.length > PREVIEW_ASINS,
    };
  }

  hasResult(result: number): boolean {
    return this.last?.id === result;
  }

  /** The result as a file's bytes (only the last result is kept: an older one is an error). */
  export(result: number, format_: 'txt' | 'csv'): Uint8Array {
    if (!this.last || this.last.id !== result) throw new Error(`result ${result} is gone`);
    const { codes, carriedBy } = this.last;
    return format_ === 'csv' ? format(codes, carriedBy, CSV_HEAD) : format(codes);
  }

  /** A request's answer, and the buffers to transfer with it (a file's bytes go back without a copy). */
  run(request: SetRequest): { value: unknown; transfer: ArrayBuffer[] } {
    switch (request.kind) {
      case 'load':
        return { value: this.load(request.list, new Uint8Array(request.bytes)), transfer: [] };
      case 'drop':
        this.drop(request.list);
        return { value: null, transfer: [] };
      case 'combine':
        return { value: this.combine(request.lists, request.operation, request.subtract), transfer: [] };
      case 'export': {
        const bytes = this.export(request.result, request.format);
        // A fresh buffer of exactly the file (the subarray's whole buffer may be longer).
        const file = bytes.slice();
        return { value: file, transfer: [file.buffer] };
      }
    }
  }
}

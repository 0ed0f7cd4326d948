/**
 * What a scan knows while it runs, shared by its parts (sweep, peel, zones, unpriced pass): the
 * spec, the state (the checkpoint), the ASINs kept, and what the pages taught (prices, titles,
 * departments) — plus the few facts every part reads from a page.
 */
import { marketByCode, type Market } from '@shelfscan/markets';
import type { ParsedPage, ResultTile } from '../parser/index.js';
import { DEFAULT_PAGE_CAP, DEFAULT_PAGE_SIZE, OPEN, type EngineState, type Task } from './checkpoint.js';
import { tileMatches } from './filters.js';
import type { Observation } from './price-model.js';
import { TitleIndex, titleWords } from './title-index.js';
import type { FunctionalFilters, ScanSpec } from './types.js';

/**
 * Order check of a price-sorted page: a tile may show a price above the one before it by this
 * share (rounding, a moved buy box) before it counts as a violation (the sweep's check, a peel's head).
 */
export const ORDER_TOLERANCE = 0.01;
/**
 * A price-sorted page is taken for "in price order" when at least this share of its adjacent
 * priced tiles keep the order (a peel's head); the store honours the price sort when the pages read
 * so far do (the unpriced pass). Measured: exact stores 1.00, 15 % drift 0.91, 10 % variations
 * 0.94; a store that ignores the sort (featured order) 0.54–0.58.
 */
export const IN_ORDER_SHARE = 0.7;
/** A counted window aims at this share of what one query serves (a margin for the estimate). */
export const WINDOW_FILL = 0.85;
/** Amazon's counts are exact below 1,000 ("over 1,000" above). */
export const EXACT_LIMIT = 999;
/** Titles kept in the checkpoint for learning keyword families after a resume. */
const SAMPLE_SIZE = 150;
/** Recent exact counts kept for the price model. */
export const OBS_KEEP = 8;

export class ScanContext {
  readonly seen: Set<string>;
  readonly asins: string[];
  readonly market: Market;
  readonly filters: FunctionalFilters | null;
  /** Shown prices of the listings seen in this run (estimates only: not in the checkpoint). */
  readonly priceOf = new Map<string, number>();
  /** Titles of the listings seen in this run (keyword families and tails; not in the checkpoint). */
  readonly titles = new TitleIndex();
  readonly specWords: Set<string>;
  /** Every ASIN served in this run (and the stored ones of a resumed scan): zone pieces count new ones. */
  readonly served: Set<string>;
  /** Listings served by a department's queries in this run (a department zone counts what it holds). */
  readonly inNode = new Map<string, Set<string>>();
  /** A resumed scan knows only the titles seen since: title counts are lower bounds. */
  readonly resumed: boolean;
  maxPrice = 0;

  constructor(
    readonly spec: ScanSpec,
    readonly state: EngineState,
    seenAsins: readonly string[],
  ) {
    const market = marketByCode(spec.market);
    if (!market) throw new RangeError(`unknown market: ${spec.market}`);
    if (!(spec.listLimit > 0)) throw new RangeError(`listLimit must be > 0, got ${spec.listLimit}`);
    this.market = market;
    this.seen = new Set(seenAsins);
    this.served = new Set(seenAsins);
    this.resumed = seenAsins.length > 0;
    this.asins = [...this.seen];
    this.filters = spec.type === 'functional' ? (spec.filters ?? {}) : null;
    this.specWords = new Set(spec.keyword ? titleWords(spec.keyword) : []);
    for (const [asin, title, priced] of state.sample) this.titles.add(asin, title, priced ? 1 : null);
  }

  /** Learns from every tile (prices, titles) and keeps the new matching ASINs. */
  record(tiles: ResultTile[], task: Task): string[] {
    const s = this.state;
    if (task.nodeId) {
      let members = this.inNode.get(task.nodeId);
      if (!members) this.inNode.set(task.nodeId, (members = new Set()));
      for (const t of tiles) members.add(t.asin);
    }
    const newAsins: string[] = [];
    for (const t of tiles) {
      const price = t.price?.minor ?? null;
      if (!this.titles.has(t.asin) && !this.priceOf.has(t.asin)) {
        if (price !== null) s.cents[price % 100]++;
        if (t.title) this.sampleTitle(t.asin, t.title, price !== null);
      }
      this.titles.add(t.asin, t.title, price);
      if (price !== null) {
        this.priceOf.set(t.asin, price);
        if (price > this.maxPrice) this.maxPrice = price;
      }
    }
    // Every zone on the stack counts the listings first served in its pieces.
    const zones = s.stack.filter((z) => z.kind === 'zone' && z.pieces?.length);
    for (const t of tiles) {
      if (this.served.has(t.asin)) continue;
      this.served.add(t.asin);
      const p = t.price?.minor;
      if (p === undefined) continue;
      for (const z of zones) for (const piece of z.pieces!) if (p >= piece[0] && p <= piece[1]) piece[3]++;
    }
    const kept = this.filters ? tiles.filter((t) => tileMatches(t, this.filters!)) : tiles;
    for (const t of kept) {
      if (this.full) break;
      if (this.seen.has(t.asin)) continue;
      this.seen.add(t.asin);
      this.asins.push(t.asin);
      newAsins.push(t.asin);
      if (!t.price) s.unpricedFound++;
    }
    return newAsins;
  }

  /** Whether the ASINs kept reached the spec's list limit (the scan stops there). */
  get full(): boolean {
    return this.asins.length >= this.spec.listLimit;
  }

  /** Keeps the title if its ASIN hashes among the SAMPLE_SIZE lowest seen (a sample of the store). */
  sampleTitle(asin: string, title: string, priced: boolean): void {
    const sample = this.state.sample;
    let h = 0x811c9dc5;
    for (let i = 0; i < asin.length; i++) h = Math.imul(h ^ asin.charCodeAt(i), 0x01000193) >>> 0;
    if (sample.length >= SAMPLE_SIZE && h >= sample[sample.length - 1][3]) return;
    if (sample.some((e) => e[0] === asin)) return;
    let i = sample.length;
    while (i > 0 && sample[i - 1][3] > h) i--;
    sample.splice(i, 0, [asin, title, priced ? 1 : 0, h]);
    if (sample.length > SAMPLE_SIZE) sample.pop();
  }

  /** Listings one query serves (the cap read so far, else Amazon's usual 7 pages). */
  capacity(): number {
    return (this.state.pageCap ?? DEFAULT_PAGE_CAP) * (this.state.pageSize ?? DEFAULT_PAGE_SIZE);
  }

  isStoreLevel(task: Task): boolean {
    return !task.nodeId && !task.words?.length;
  }

  observe(o: Observation): void {
    const s = this.state;
    s.obs.push(o);
    if (s.obs.length > OBS_KEEP) s.obs.splice(0, s.obs.length - OBS_KEEP);
  }

  /** A range's top for predictions: its own, or (open) the highest price seen (at least `floor`). */
  finiteTop(top: number | undefined, floor: number): number {
    if (top !== undefined && top < OPEN) return top;
    const seen = Math.max(this.maxPrice, ...this.state.obs.map((o) => o[1]));
    return Math.max(seen, floor);
  }

  /** The zone a task works inside (the nearest one below it on the stack). */
  zoneOf(task: Task): Task | undefined {
    const s = this.state;
    for (let i = s.stack.indexOf(task) - 1; i >= 0; i--) if (s.stack[i].kind === 'zone') return s.stack[i];
    return undefined;
  }

  /** The pieces of the zone a task works in, as exact counts for the price model. */
  segmentsFor(task: Task, top: number): Observation[] {
    const zone = this.zoneOf(task);
    return (zone?.pieces ?? []).map(([lo, hi, n]): Observation => [
      lo,
      hi >= OPEN ? Math.max(top, lo) : hi,
      n,
    ]);
  }
}

/** Child departments of the query's node in the left navigation. */
export function childNodes(parsed: ParsedPage): string[] {
  const cats = parsed.categories;
  const selectedIdx = cats.findIndex((c) => c.selected);
  let candidates;
  if (selectedIdx >= 0) {
    const depth = cats[selectedIdx].depth;
    candidates = cats.slice(selectedIdx + 1).filter((c) => !c.selected && c.depth === depth + 1);
  } else {
    const unselected = cats.filter((c) => !c.selected);
    const top = Math.min(...unselected.map((c) => c.depth));
    candidates = unselected.filter((c) => c.depth === top);
  }
  return [...new Set(candidates.map((c) => c.nodeId))];
}

/** What a page says its query holds: the count (the tiles when it shows none) and "over …". */
export function countOf(parsed: ParsedPage): { c: number; lb: boolean } {
  if (parsed.kind !== 'results') return { c: 0, lb: false };
  return { c: parsed.resultCount?.total ?? parsed.tiles.length, lb: !!parsed.resultCount?.isLowerBound };
}

import { SystemClock } from '@shelfscan/service';
/**
 * The scan engine: Standard, Deep and Functional scans over a page source.
 *
 * Every scan is a stack of queries ("tasks") the engine builds itself with buildSearchUrl. After
 * every page the engine reports the ASINs first seen on it and a checkpoint (the whole stack, JSON)
 * from which `run(spec, { resume })` continues with the next page.
 *
 * - Standard: one `list` task, the store (and keyword) in Amazon's default order, page by page to
 *   the last page of the pagination strip.
 * - Deep: every ASIN of the store past the pagination cap, trusting as little as it can (the
 *   scraper README, "Scan engine: the Deep strategy", says what it relies on and how it checks it):
 *   1. sweep: the store sorted by price, most expensive first, paged to the cap; the next query is
 *      the band up to the last price seen. Efficient, but only on a store that keeps the order:
 *      every page is checked, and a page out of order switches the rest to counted windows;
 *   2. peel (order-independent): counted price windows cut from the top of the range. Amazon's
 *      count is exact below 1,000; a window whose count fits one query is paged through and checked
 *      (served = counted); the cut comes from a model of the store's prices (cent endings, density,
 *      calibrated by every count seen), so few probes are wasted;
 *   3. zones: where one price holds more listings than a query serves, a range around it is
 *      counted in pieces (exact counts), then each member of an exclusive keyword family learned
 *      from the titles (or of the departments) sweeps it with its own counted windows; the pieces
 *      say whether the members served every listing (what they missed goes to fallbacks);
 *   4. unpriced pass: listings without a price are never served by a price filter and come last in
 *      price orders. Keyword queries matching at most a query's worth of priced titles put them
 *      within reach, at the position the titles predict: about one page each, read while one is
 *      expected to find at least MIN_YIELD new listings.
 * - Functional: the Deep sweep over the refined query (price range → `p_36`, minimum stars → the
 *   market's `p_72` id read from the first page's left navigation), keeping only the tiles that
 *   match every filter (badges, exact star and price range).
 */
import { buildSearchUrl, marketByCode, type Market, type SearchSort } from '@shelfscan/markets';
import { parseResultsPage, type ParsedPage, type ResultTile } from '../parser/index.js';
import { ScanBlockedError, ScanCheckpointError } from './errors.js';
import { PriceModel, centShares, type Observation } from './price-model.js';
import { coverageLine, scanOutcome, type Coverage } from './progress.js';
import { TitleIndex, titleWords, type CoverChunk } from './title-index.js';
import type {
  FunctionalFilters,
  PageReport,
  RunOptions,
  ScanCheckpoint,
  ScanEngine,
  ScanEngineDeps,
  ScanProgress,
  ScanResult,
  ScanSpec,
} from './types.js';

/**
 * The checkpoint format. 3: model-cut counted windows (`peel` with brackets), keyword zones,
 * keyword tails for unpriced listings, a title sample. A checkpoint of another version restarts the scan's planning
 * (the ASINs already stored are kept, so nothing is reported twice).
 */
export const CHECKPOINT_VERSION = 3;

/** Share of the count Amazon reports a scan must find to be `complete` (default of `coverageThreshold`). */
export const DEFAULT_COVERAGE_THRESHOLD = 0.99;
/**
 * Order check of a price-sorted page: a tile may show a price above the one before it by this
 * share (rounding, a moved buy box) before it counts as a violation ...
 */
const ORDER_TOLERANCE = 0.01;
/** ... and this many violations on one page are tolerated (a sponsored or variation tile). */
const ORDER_VIOLATIONS_ALLOWED = 1;
/** A counted window aims at this share of what one query serves (a margin for the estimate). */
const WINDOW_FILL = 0.85;
/** Amazon's counts are exact below 1,000 ("over 1,000" above). */
const EXACT_LIMIT = 999;
/** A zone is verified piece by piece: each piece aims at this many listings (its count must stay exact). */
const PIECE_TARGET = 850;
/** A zone holds at most about this many listings (more zones follow when prices stay crowded). */
const ZONE_TARGET = 8000;
/** The open top of a price range (no upper `p_36` bound), JSON-safe. */
const OPEN = Number.MAX_SAFE_INTEGER;
/** A price is taken for crowded (more listings than a query serves) when predicted above this share of it. */
const CROWDED_MARGIN = 1.15;
/** A first page is kept as a narrower window's first page only when this share of it is in price order. */
const HEAD_ORDER = 0.7;
/** A keyword part's share of the store from its titles counts as this many predicted listings. */
const SHARE_PRIOR = 150;
/** A cent ending holding at most this share of listings is sparse: a window may overlap there. */
const SPARSE_SHARE = 0.02;
/**
 * Orders tried on a zone that nothing splits any further (one price, titles alike, no department):
 * each serves its own first listings (relevance is Amazon's default, no `s=`).
 */
const FALLBACK_SORTS = ['relevance', 'date-desc-rank', 'review-rank'] as const;
/** Orders tried, one after the other, on a window that served fewer listings than it counted. */
const WINDOW_RETRY_SORTS: SearchSort[] = ['price-asc-rank', 'date-desc-rank'];
/** Zones inside zones (a crowded price inside one keyword's part) at most this deep. */
const MAX_ZONE_DEPTH = 3;
/** Unpriced pass: a keyword query expected to find fewer new listings than this is not read. */
const MIN_YIELD = 0.75;
/** Unpriced pass on a store whose count Amazon gives only as "over 1,000": queries read before the rate is trusted. */
const TAIL_SAMPLE = 5;
/** Titles kept in the checkpoint for learning keyword families after a resume. */
const SAMPLE_SIZE = 150;
/** Recent exact counts kept for the price model. */
const OBS_KEEP = 8;

/** Organic results per page when no page has told us yet (estimates only). */
const DEFAULT_PAGE_SIZE = 16;
/** Pages one query serves when no query has hit the cap yet (Amazon's usual 7). */
const DEFAULT_PAGE_CAP = 7;
/** Expected share of pages re-served at the price boundary of a sweep (ETA estimate only). */
const SWEEP_OVERLAP = 1.03;
/**
 * Deep sweeps run from the most expensive listing down: price distributions are skewed to the
 * cheap end, where many listings share a price (.99 endings); the expensive end is sparse, so
 * bands there rarely hold more listings at one price than a query serves, and a list-limited scan
 * fills its list from there.
 */
const SWEEP_SORT: SearchSort = 'price-desc-rank';

/**
 * - list: one query paged to its end; sweep: the price sweep (order checked);
 * - peel: counted windows over [min, max] of its base query (keywords, department), cut from the top;
 * - window: a counted window paged to its end and checked (ASINs served = count);
 * - zone: a price range around crowded prices: counted in pieces, then each member of a keyword
 *   (or department) family swept by its own `peel`; the pieces' counts check the result;
 * - tail: the unpriced listings of one keyword query, read at the end of its price order.
 */
type TaskKind = 'list' | 'sweep' | 'peel' | 'window' | 'zone' | 'tail';

/** One query of the scan (JSON in the checkpoint). */
export interface Task {
  kind: TaskKind;
  nodeId?: string;
  /** Keywords the query adds to the scan's own (zone members and tails). */
  words?: string[];
  /** Price band, inclusive, minor units. */
  min?: number;
  max?: number;
  sort?: SearchSort;
  /** The next page to fetch (1-based). */
  page: number;
  /** Read from the query's first page. */
  total?: number | null;
  lowerBound?: boolean;
  lastPage?: number | null;
  /** Organic tiles served by this query so far. */
  served?: number;
  /** Sweeps: highest price on the first page and lowest on the latest page. */
  firstPrice?: number | null;
  lastPrice?: number | null;
  /** The scan's first query: its count is the store's reported total. */
  root?: boolean;
  /** peel, zone: the low end of the range being probed. */
  cut?: number;
  /** peel: Amazon's count of [lo, max] (lowerBound: "over"), the tightest range counted so far. */
  bracket?: [lo: number, count: number, lowerBound: 0 | 1];
  /** peel: `max` is the lowest cent of the window above (its listings are found already). */
  overlap?: boolean;
  /** peel: a price known to hold more listings than a query serves. */
  crowded?: number;
  /**
   * peel: the first page of the last query counted at this `max` (a failed probe, or the store's
   * first page): the 16 listings first in its order, and the lowest price among them. A window
   * [cut, max] with cut at or below that price has the same first page (its first listings are
   * those of the wider query): it is not fetched again.
   */
  head?: { lo: number; asins: string[] };
  /** peel: exact counts of its recent windows (the price model of a keyword part). */
  obs?: Observation[];
  /** peel, zone: nesting of zones. */
  depth?: number;
  /** peel: a keyword part's expected share of the zone's listings (before its own counts). */
  share?: number;
  /** window: the distinct ASINs its own pages served (checked against `total`); retries done. */
  got?: string[];
  retry?: number;
  /** zone: its pieces (counted exactly), then its family (`w:<word>` keyword, `n:<node>` department)
   *  and the next member to sweep; `residual` once a second family was added for what it missed. */
  pieces?: Piece[];
  /** zone: the departments below its own, read from its first page's left navigation. */
  nodes?: string[];
  family?: string[];
  next?: number;
  residual?: boolean;
  /** zone: other sort orders were added to its family (nothing left to split by); the residual
   *  family was learned again after them. */
  sorted?: boolean;
  relearned?: boolean;
  /** tail: the position where its unpriced listings are expected; pages read; where they started. */
  start?: number;
  pages?: number[];
  tailAt?: number | null;
  /** tail: the order is not kept, so every page of the query is read. */
  full?: boolean;
}

/** A zone's piece: [lo, hi] counted by Amazon (`count`), and the listings found in it so far. */
type Piece = [lo: number, hi: number, count: number, found: number];

/**
 * A query of the unpriced pass: title keywords (`gain`: priced titles it matches that no earlier
 * one did), or a department when the titles cannot split the store.
 */
type TailChunk = Pick<CoverChunk, 'words' | 'gain'> & { priced?: number; nodeId?: string };

/** The unpriced pass: keyword queries planned from the titles, and what the ones read found. */
interface TailState {
  chunks: TailChunk[];
  /** Queries read; unpriced listings they counted and the priced positions before them. */
  read: number;
  unpriced: number;
  priced: number;
  /** Priced titles no query matches, and the gain of the queries not read (the yield rule). */
  uncovered: number;
  skipped: number;
  /** Unpriced listings counted beyond the positions a query serves. */
  beyondCap: number;
  /**
   * Share of the priced listings found whose titles the plan saw (1, or less after a resume: the
   * titles seen before it are gone); title counts are divided by it.
   */
  known: number;
}

export interface EngineState {
  version: number;
  type: ScanSpec['type'];
  market: string;
  sellerId: string;
  /** Functional: the `p_72` id used (null: none fits, filter tiles only); undefined until read. */
  starsId?: string | null;
  stack: Task[];
  pagesFetched: number;
  /** Milliseconds spent fetching and parsing pages, over every run of this scan. */
  elapsedMs: number;
  /** Organic results per full page, once seen. */
  pageSize: number | null;
  /** The most pages a query served (the pagination cap), once a query hit it. */
  pageCap: number | null;
  reportedTotal: number | null;
  reportedTotalIsLowerBound: boolean;
  /** Deep: a price sort failed its order check; partitions switched to counted windows. */
  orderViolations: number;
  /** Listings counted by a window or range that its pages did not serve, after the retries. */
  unreached: number;
  /** Listings found that show no price. */
  unpricedFound: number;
  /** How the shown prices seen end (cents 0..99): the price model's cent shares. */
  cents: number[];
  /** Recent exact counts of store-level ranges: the price model's density. */
  obs: Observation[];
  /** Top-level department ids from the root query's left navigation. */
  rootNodes: string[];
  /** The unpriced pass, once planned. */
  tail: TailState | null;
  /**
   * A sample of the titles seen (the SAMPLE_SIZE listings with the lowest ASIN hash: the same
   * whichever pages saw them): after a resume, keyword families are learned from it and the
   * titles seen since (the full title index is not in the checkpoint: it would be large).
   */
  sample: [asin: string, title: string, priced: 0 | 1, hash: number][];
}

function toMinor(major: number | undefined): number | undefined {
  return major === undefined || !Number.isFinite(major) ? undefined : Math.max(0, Math.round(major * 100));
}

function hasStarFilter(f: FunctionalFilters): boolean {
  return (f.minStars !== undefined && f.minStars > 0) || (f.maxStars !== undefined && f.maxStars < 5);
}

/** Whether a tile passes every functional filter (an unrated or unpriced tile fails a star or price filter). */
export function tileMatches(tile: ResultTile, f: FunctionalFilters): boolean {
  if (f.amazonsChoice && !tile.amazonsChoice) return false;
  if (f.bestSeller && !tile.bestSeller) return false;
  if (hasStarFilter(f)) {
    if (tile.stars === null) return false;
    if (f.minStars !== undefined && tile.stars < f.minStars) return false;
    if (f.maxStars !== undefined && tile.stars > f.maxStars) return false;
  }
  const min = toMinor(f.minPrice);
  const max = toMinor(f.maxPrice);
  if (min !== undefined || max !== undefined) {
    if (!tile.price) return false;
    if (min !== undefined && tile.price.minor < min) return false;
    if (max !== undefined && tile.price.minor > max) return false;
  }
  return true;
}

function initialState(spec: ScanSpec): EngineState {
  const f = spec.filters ?? {};
  const root: Task =
    spec.type === 'standard'
      ? { kind: 'list', page: 1, root: true }
      : spec.type === 'deep'
        ? { kind: 'sweep', sort: SWEEP_SORT, page: 1, root: true }
        : {
            kind: 'sweep',
            sort: SWEEP_SORT,
            page: 1,
            root: true,
            min: toMinor(f.minPrice),
            max: toMinor(f.maxPrice),
          };
  if (root.min !== undefined && root.max !== undefined && root.min > root.max) root.max = root.min;
  return {
    version: CHECKPOINT_VERSION,
    type: spec.type,
    market: spec.market,
    sellerId: spec.sellerId,
    starsId: spec.type === 'functional' && f.minStars !== undefined && f.minStars >= 1 ? undefined : null,
    stack: [root],
    pagesFetched: 0,
    elapsedMs: 0,
    pageSize: null,
    pageCap: null,
    reportedTotal: null,
    reportedTotalIsLowerBound: false,
    orderViolations: 0,
    unreached: 0,
    unpricedFound: 0,
    cents: new Array<number>(100).fill(0),
    obs: [],
    rootNodes: [],
    tail: null,
    sample: [],
  };
}

/**
 * The state to continue from. A checkpoint of another format version (an older engine before a
 * deploy, or a newer one after a rollback) or one that does not parse restarts the planning: the
 * scan starts over from its first query, and the ASINs already stored (`seenAsins`) are kept, so
 * none is reported twice. Only a checkpoint of another scan (type, seller, market) is refused.
 */
function restoreState(
  spec: ScanSpec,
  checkpoint: ScanCheckpoint,
): { state: EngineState; replanned: boolean } {
  const s = checkpoint as unknown as Partial<EngineState> | null;
  if (!s || typeof s !== 'object' || s.version !== CHECKPOINT_VERSION || !Array.isArray(s.stack)) {
    return { state: initialState(spec), replanned: true };
  }
  if (s.type !== spec.type || s.sellerId !== spec.sellerId || s.market !== spec.market) {
    throw new ScanCheckpointError('the checkpoint belongs to another scan');
  }
  return { state: { ...initialState(spec), ...structuredClone(s) } as EngineState, replanned: false };
}

function minPrice(tiles: ResultTile[]): number | null {
  let m: number | null = null;
  for (const t of tiles) if (t.price && (m === null || t.price.minor < m)) m = t.price.minor;
  return m;
}

function maxPrice(tiles: ResultTile[]): number | null {
  let m: number | null = null;
  for (const t of tiles) if (t.price && (m === null || t.price.minor > m)) m = t.price.minor;
  return m;
}

/** Child departments of the query's node in the left navigation. */
function childNodes(parsed: ParsedPage): string[] {
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

/** The part of a task that makes its query (besides price, sort and page). */
function baseOf(t: Task): Pick<Task, 'nodeId' | 'words'> {
  return { ...(t.nodeId ? { nodeId: t.nodeId } : {}), ...(t.words?.length ? { words: t.words } : {}) };
}

/** A member of a zone's family applied to a base query. */
function refine(base: Pick<Task, 'nodeId' | 'words'>, member: string): Pick<Task, 'nodeId' | 'words'> {
  if (member.startsWith('n:')) return { ...base, nodeId: member.slice(2) };
  return { ...base, words: [...(base.words ?? []), member.slice(2)] };
}

class Scan {
  private readonly seen: Set<string>;
  private readonly asins: string[];
  private readonly market: Market;
  private readonly filters: FunctionalFilters | null;
  private stopReason: ScanResult['stopReason'] = 'exhausted';
  /** Shown prices of the listings seen in this run (estimates only: not in the checkpoint). */
  private readonly priceOf = new Map<string, number>();
  /** Titles of the listings seen in this run (keyword families and tails; not in the checkpoint). */
  private readonly titles = new TitleIndex();
  private readonly specWords: Set<string>;
  /** Every ASIN served in this run (and the stored ones of a resumed scan): zone pieces count new ones. */
  private readonly served: Set<string>;
  /** Listings served by a department's queries in this run (a department zone counts what it holds). */
  private readonly inNode = new Map<string, Set<string>>();
  /** A resumed scan knows only the titles seen since: title counts are lower bounds. */
  private readonly resumed: boolean;
  private maxPrice = 0;

  constructor(
    private readonly deps: Required<ScanEngineDeps>,
    private readonly spec: ScanSpec,
    private readonly state: EngineState,
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

  async run(options: RunOptions): Promise<ScanResult> {
    const { signal, onPage } = options;
    const s = this.state;
    while (s.stack.length || this.nextUnpriced()) {
      if (this.asins.length >= this.spec.listLimit) {
        this.stopReason = 'list-limit';
        break;
      }
      const task = s.stack[s.stack.length - 1];
      if (!this.ready(task)) continue;
      signal?.throwIfAborted();
      const url = this.urlOf(task);
      const started = this.deps.clock.nowMs();
      const res = await this.deps.pages.fetchSearchPage(url, signal);
      const parsed = parseResultsPage(res.html, { domain: this.market.domain });
      const kind = parsed.kind;
      if (kind !== 'results' && kind !== 'no-results') {
        throw new ScanBlockedError(this.market.domain, kind, url, res.status);
      }
      if (res.status >= 400 && kind !== 'results') {
        throw new ScanBlockedError(this.market.domain, 'http-error', url, res.status);
      }
      s.pagesFetched++;
      const newAsins = this.record(parsed.tiles, task);
      this.plan(task, parsed);
      s.elapsedMs += Math.max(0, this.deps.clock.nowMs() - started);
      if (this.asins.length >= this.spec.listLimit) this.stopReason = 'list-limit';

      if (onPage) {
        const report: PageReport = {
          newAsins,
          checkpoint: structuredClone(s) as unknown as ScanCheckpoint,
          progress: this.progress(),
        };
        await onPage(report);
      }
    }
    if (this.asins.length >= this.spec.listLimit) this.stopReason = 'list-limit';
    const progress = this.progress();
    const coverage = this.coverage();
    const outcome = scanOutcome(coverage, this.spec.type);
    return {
      asins: [...this.asins],
      progress,
      coverageLine: coverageLine(coverage, outcome),
      coverage,
      stopReason: this.stopReason,
      outcome,
    };
  }

  /** Learns from every tile (prices, titles) and keeps the new matching ASINs. */
  private record(tiles: ResultTile[], task: Task): string[] {
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
      if (this.asins.length >= this.spec.listLimit) break;
      if (this.seen.has(t.asin)) continue;
      this.seen.add(t.asin);
      this.asins.push(t.asin);
      newAsins.push(t.asin);
      if (!t.price) s.unpricedFound++;
    }
    return newAsins;
  }

  /** Keeps the title if its ASIN hashes among the SAMPLE_SIZE lowest seen (a sample of the store). */
  private sampleTitle(asin: string, title: string, priced: boolean): void {
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

  /** Whether the top task fetches a page now (false: it was popped, or pushed others first). */
  private ready(task: Task): boolean {
    switch (task.kind) {
      case 'peel':
        return this.preparePeel(task);
      case 'zone':
        return this.prepareZone(task);
      case 'window':
        if (task.page <= (task.lastPage ?? 1)) return true;
        this.windowDone(task);
        return false;
      default:
        return true;
    }
  }

  private urlOf(task: Task): string {
    const probe = task.kind === 'peel' || task.kind === 'zone';
    const min = probe ? task.cut : task.min;
    let max = task.kind === 'zone' ? this.pieceTop(task) : task.max;
    if (max !== undefined && max >= OPEN) max = undefined;
    const priceMinor = min !== undefined || max !== undefined ? { min, max } : undefined;
    const keyword = [this.spec.keyword?.trim(), ...(task.words ?? [])].filter(Boolean).join(' ');
    return buildSearchUrl(this.market, {
      sellerId: this.spec.sellerId,
      keyword: keyword || undefined,
      categoryNodeId: this.spec.categoryNodeId,
      nodeId: task.nodeId,
      priceMinor,
      starsRefinementId: this.state.starsId ?? undefined,
      page: task.page,
      sort: probe || task.kind === 'tail' ? SWEEP_SORT : task.sort,
    });
  }

  /** Decides what comes after the page just fetched for `task` (the top of the stack). */
  private plan(task: Task, parsed: ParsedPage): void {
    const s = this.state;
    const first = task.page === 1;
    const count = parsed.resultCount;
    if (count?.from != null && count.to != null && count.total != null && count.to < count.total) {
      const size = count.to - count.from + 1;
      if (size > 0) s.pageSize = Math.max(s.pageSize ?? 0, size);
    }
    // The strip stops at the cap: a query counting more pages than its strip shows tells the cap.
    if (parsed.kind === 'results' && count?.total != null && parsed.lastPage) {
      const size = s.pageSize ?? DEFAULT_PAGE_SIZE;
      if (count.isLowerBound || count.total > parsed.lastPage * size)
        s.pageCap = Math.max(s.pageCap ?? 0, parsed.lastPage);
    }
    if (task.kind === 'peel') return this.planPeel(task, parsed);
    if (task.kind === 'zone') return this.planPiece(task, parsed);
    if (task.kind === 'window') return this.planWindow(task, parsed);
    if (task.kind === 'tail') return this.planTail(task, parsed);

    if (first) this.readFirstPage(task, parsed);
    // Verify, don't trust: a Deep sweep relies on the price order; a page out of order switches
    // the rest of its range to counted windows (the listings already seen are kept). A query
    // that fits in what one query serves is paged to its end whatever its order.
    if (task.kind === 'sweep' && !this.fits(task) && this.outOfOrder(task, parsed)) {
      s.orderViolations++;
      s.stack.pop();
      const head = first ? this.headOf(parsed) : undefined;
      s.stack.push({
        kind: 'peel',
        ...baseOf(task),
        min: task.min ?? 0,
        max: task.max,
        page: 1,
        depth: 0,
        ...(head ? { head } : {}),
      });
      return;
    }
    task.served = (task.served ?? 0) + parsed.tiles.length;
    task.lastPrice = minPrice(parsed.tiles) ?? task.lastPrice ?? null;

    // Functional: switch to the market's p_72 id once the first page's navigation shows it.
    if (this.state.starsId === undefined && this.filters) {
      const wanted = this.filters.minStars ?? 0;
      const bucket = parsed.starRefinements
        .filter((r) => r.minStars !== null && r.minStars <= wanted)
        .sort((a, b) => (b.minStars ?? 0) - (a.minStars ?? 0))[0];
      this.state.starsId = bucket?.id ?? null;
      if (bucket) {
        // Restart the root query with the refinement (this page's matches are already kept).
        s.stack[s.stack.length - 1] = {
          kind: task.kind,
          sort: task.sort,
          min: task.min,
          max: task.max,
          page: 1,
          root: task.root,
        };
        return;
      }
    }

    const lastPage = Math.max(task.lastPage ?? 1, parsed.lastPage ?? 1);
    const hasNext = parsed.kind === 'results' && parsed.nextPageHref !== null && task.page < lastPage;
    if (hasNext) {
      task.page++;
      return;
    }
    s.stack.pop();
    const truncated =
      parsed.kind === 'results' &&
      (!!task.lowerBound || (task.total != null && (task.served ?? 0) < task.total));
    if (!truncated) return;
    if (task.page > 1 || task.lastPage) s.pageCap = Math.max(s.pageCap ?? 0, task.page);
    if (task.kind === 'sweep') this.continueSweep(task);
    // A `list` (Standard, or a sort-order pass) ends at the cap: nothing more to do.
  }

  /** What the first page of a query tells: its count, last page, first price; the store's count. */
  private readFirstPage(task: Task, parsed: ParsedPage): void {
    const s = this.state;
    const count = parsed.resultCount;
    task.total = parsed.kind === 'no-results' ? 0 : (count?.total ?? parsed.tiles.length);
    task.lowerBound = parsed.kind === 'results' && !!count?.isLowerBound;
    task.lastPage = parsed.lastPage;
    task.served = 0;
    task.firstPrice = maxPrice(parsed.tiles);
    if (task.root) {
      s.reportedTotal = task.total;
      s.reportedTotalIsLowerBound = task.lowerBound;
      if (this.spec.type === 'deep') s.rootNodes = childNodes(parsed);
    }
  }

  /** Whether a query's reported count fits in what one query serves. */
  private fits(task: Task): boolean {
    if (task.lowerBound || task.total == null) return false;
    const size = this.state.pageSize ?? DEFAULT_PAGE_SIZE;
    return task.total <= Math.max(1, task.lastPage ?? 1) * size;
  }

  /** Listings one query serves (the cap read so far, else Amazon's usual 7 pages). */
  private capacity(): number {
    return (this.state.pageCap ?? DEFAULT_PAGE_CAP) * (this.state.pageSize ?? DEFAULT_PAGE_SIZE);
  }

  /**
   * After a sweep query ran out of pages with more results reported: the next band starts at the
   * last price seen (inclusive: listings sharing it may remain). When the whole query was one
   * price, that price holds more listings than a query serves: the rest of the range goes to
   * counted windows, which split such a price by keywords.
   */
  private continueSweep(task: Task): void {
    const s = this.state;
    const edge = task.lastPrice;
    const top = task.max ?? task.firstPrice ?? undefined;
    if (edge == null) {
      s.stack.push({ kind: 'peel', ...baseOf(task), min: task.min ?? 0, max: task.max, page: 1, depth: 0 });
      return;
    }
    // Everything above the last price was served: an exact count for the price model.
    const served = [...this.priceOf.values()].filter((p) => p > edge && p <= (top ?? Infinity)).length;
    if (top !== undefined && top > edge && served > 0 && !this.filters && !task.nodeId && !task.words)
      this.observe([edge + 1, top, served]);
    const start = task.firstPrice ?? edge;
    if (edge < start) {
      s.stack.push({ kind: 'sweep', ...baseOf(task), sort: task.sort, min: task.min, max: edge, page: 1 });
      return;
    }
    // The whole query was one price.
    s.stack.push({
      kind: 'peel',
      ...baseOf(task),
      min: task.min ?? 0,
      max: edge,
      page: 1,
      depth: 0,
      crowded: edge,
    });
  }

  // ------------------------------------------------------------------------------------------------
  // Verify, don't trust: the order check

  /** Whether a price-sorted page breaks the order the sweep relies on (beyond the tolerance). */
  private outOfOrder(task: Task, parsed: ParsedPage): boolean {
    let prev = task.page > 1 ? (task.lastPrice ?? null) : null;
    let violations = 0;
    for (const t of parsed.tiles) {
      if (!t.price) continue; // unpriced tiles come last in both price orders
      const p = t.price.minor;
      if (prev !== null && p > prev * (1 + ORDER_TOLERANCE)) violations++;
      prev = p;
    }
    return violations > ORDER_VIOLATIONS_ALLOWED;
  }

  // ------------------------------------------------------------------------------------------------
  // Order-independent partitioning: counted price windows (`peel`)

  private isStoreLevel(task: Task): boolean {
    return !task.nodeId && !task.words?.length;
  }

  private observe(o: Observation): void {
    const s = this.state;
    s.obs.push(o);
    if (s.obs.length > OBS_KEEP) s.obs.splice(0, s.obs.length - OBS_KEEP);
  }

  /** A range's top for predictions: its own, or (open) the highest price seen (at least `floor`). */
  private finiteTop(top: number | undefined, floor: number): number {
    if (top !== undefined && top < OPEN) return top;
    const seen = Math.max(this.maxPrice, ...this.state.obs.map((o) => o[1]));
    return Math.max(seen, floor);
  }

  /** The zone a task works inside (the nearest one below it on the stack). */
  private zoneOf(task: Task): Task | undefined {
    const s = this.state;
    for (let i = s.stack.indexOf(task) - 1; i >= 0; i--) if (s.stack[i].kind === 'zone') return s.stack[i];
    return undefined;
  }

  /** The pieces of the zone a task works in, as exact counts for the price model. */
  private segmentsFor(task: Task, top: number): Observation[] {
    const zone = this.zoneOf(task);
    return (zone?.pieces ?? []).map(([lo, hi, n]): Observation => [
      lo,
      hi >= OPEN ? Math.max(top, lo) : hi,
      n,
    ]);
  }

  /**
   * The price model of a peel: the store's shape (its recent exact counts, and the pieces of the
   * zone it works in), scaled by the peel's own counts (a keyword part holds a share of the store).
   */
  private modelFor(task: Task, top: number): PriceModel {
    const s = this.state;
    let obs = s.obs;
    if (!obs.length) {
      // Nothing counted yet: the highest prices seen stand in for the top of the store.
      const seen = [...this.priceOf.values()].filter((p) => p <= top).sort((a, b) => b - a);
      const k = Math.min(seen.length, 12);
      if (k > 0) obs = [[seen[k - 1], Math.max(top, seen[0]), k]];
    }
    const pieces = this.segmentsFor(task, top);
    const model = new PriceModel(s.cents, obs, pieces);
    if (task.bracket && task.bracket[1] > 0) {
      model.calibrate(task.bracket[0], top, task.bracket[1]);
    } else if (!this.isStoreLevel(task)) {
      // A keyword part: its share of the store from the titles, corrected by its own counts
      // (a ratio estimate with the titles' share worth SHARE_PRIOR predicted listings).
      const own = task.obs ?? [];
      const counted = own.reduce((a, o) => a + o[2], 0);
      const predicted = own.reduce((a, o) => a + model.predict(o[0], o[1]), 0);
      const prior = task.share ?? 1;
      model.scaleBy((counted + SHARE_PRIOR * prior) / (predicted + SHARE_PRIOR));
    }
    return model;
  }

  /**
   * Before a peel's probe: the low end of the next window (`cut`, so that the window holds about
   * WINDOW_FILL of what a query serves), or — where a price ahead is predicted to hold more
   * listings than a query serves — a zone. Returns false when it pushed a zone or is done (popped).
   */
  private preparePeel(task: Task): boolean {
    const s = this.state;
    const floor = task.min ?? 0;
    const top = task.max;
    if (top !== undefined && (top < floor || (task.overlap && top <= floor))) {
      s.stack.pop();
      return false;
    }
    if (task.cut !== undefined) return true;
    const capacity = this.capacity();
    const topP = this.finiteTop(top, floor);
    const hi = task.overlap && top !== undefined ? top - 1 : topP;
    const bracket = task.bracket;
    task.page = 1;
    // The rest of the range is counted and fits: one window.
    if (bracket && !bracket[2] && bracket[0] <= floor) {
      if (bracket[1] <= 0) {
        s.stack.pop();
        return false;
      }
      if (bracket[1] <= capacity) {
        task.cut = floor;
        return true;
      }
    }
    const model = this.modelFor(task, topP);
    const windowTarget = Math.floor(capacity * WINDOW_FILL);
    const failed = bracket && (bracket[2] || bracket[1] > capacity) ? bracket[0] : undefined;
    const lowest = failed !== undefined ? Math.min(failed + 1, hi) : floor;
    if ((task.depth ?? 0) < MAX_ZONE_DEPTH && model.known) {
      // Crowded prices are predicted for the store; inside a zone, only a count proves one.
      const crowded =
        task.crowded !== undefined && task.crowded <= hi
          ? task.crowded
          : this.isStoreLevel(task) && !task.depth
            ? model.firstCrowded(hi, floor, capacity * CROWDED_MARGIN, windowTarget * 2)
            : null;
      if (crowded !== null && crowded >= floor) {
        this.pushZone(task, Math.max(floor, model.cutFor(topP, floor, ZONE_TARGET)), model);
        return false;
      }
    }
    const cut = model.known ? model.cutFor(topP, floor, windowTarget) : floor;
    task.cut = Math.min(Math.max(cut, lowest), hi);
    // The window's first page is the head of the wider query counted at this top: start at page 2.
    if (task.head && task.cut <= task.head.lo) task.page = 2;
    return true;
  }

  /** A peel's probe came back: page the window when its count fits a query, else narrow. */
  private planPeel(task: Task, parsed: ParsedPage): void {
    const s = this.state;
    const floor = task.min ?? 0;
    const cut = task.cut ?? floor;
    const top = task.max;
    const { c, lb } = countOf(parsed);
    task.cut = undefined;
    // A probe from page 2 (the head stands for its first page): no page 2 means the head alone.
    const head = task.page === 2 ? (task.head?.asins ?? []) : [];
    if (task.page === 2 && parsed.kind !== 'results') {
      this.takeWindow(task, parsed, cut, head.length, head);
      return;
    }
    if (c === 0) {
      // Nothing in [cut, top]: the rest lies below; the next probe counts all of it at once (the
      // price model was wrong here, and a store's price range can have long empty stretches).
      task.max = cut - 1;
      task.overlap = false;
      task.head = undefined;
      if (task.bracket && task.bracket[0] >= cut) task.bracket = undefined;
      if (task.crowded !== undefined && task.crowded >= cut) task.crowded = undefined;
      if (cut <= floor) s.stack.pop();
      else if (!task.bracket) task.cut = floor;
      return;
    }
    const topP = this.finiteTop(top, cut);
    const single = top !== undefined && cut >= (task.overlap ? top - 1 : topP);
    if ((!lb && c <= this.capacity()) || (single && (task.depth ?? 0) >= MAX_ZONE_DEPTH)) {
      // A window (or one price too crowded to split further: what a query serves of it, the rest
      // counted as missing).
      this.takeWindow(task, parsed, cut, c, head);
      return;
    }
    // Too many: remember the count and narrow (a single price: a zone splits it). A full page of
    // one price says that price is crowded too (it holds at least the page): a zone takes it.
    task.bracket = [cut, c, lb ? 1 : 0];
    const prices = new Set(parsed.tiles.map((t) => t.price?.minor));
    const onePrice = parsed.tiles.length >= (this.state.pageSize ?? DEFAULT_PAGE_SIZE) && prices.size === 1;
    const price = parsed.tiles[0]?.price?.minor;
    if (single) task.crowded = cut;
    else if (onePrice && price !== undefined && price >= cut) task.crowded = price;
    if (task.page === 1) task.head = this.headOf(parsed);
  }

  /**
   * The first page of a price-sorted query, kept to stand for the first page of a narrower window
   * at the same top — only when it is a full page in price order (in another order, or one that
   * changes between loads, the narrower window's first page could differ).
   */
  private headOf(parsed: ParsedPage): Task['head'] {
    const size = this.state.pageSize ?? DEFAULT_PAGE_SIZE;
    const prices = parsed.tiles.map((t) => t.price?.minor);
    if (parsed.tiles.length < size || prices.some((p) => p === undefined)) return undefined;
    let ordered = 0;
    for (let i = 1; i < prices.length; i++)
      if (prices[i]! <= prices[i - 1]! * (1 + ORDER_TOLERANCE)) ordered++;
    if (ordered < HEAD_ORDER * (prices.length - 1)) return undefined;
    return { lo: Math.min(...(prices as number[])), asins: parsed.tiles.map((t) => t.asin) };
  }

  /** The probe of [cut, max] fits a query: it is the window's first page; the peel continues below. */
  private takeWindow(task: Task, parsed: ParsedPage, cut: number, c: number, head: string[] = []): void {
    const s = this.state;
    const floor = task.min ?? 0;
    const max = task.max !== undefined && task.max < OPEN ? task.max : undefined;
    const got = [...new Set([...head, ...parsed.tiles.map((t) => t.asin)])];
    const page = task.page;
    const lastPage = parsed.nextPageHref ? Math.max(parsed.lastPage ?? page, page) : page;
    task.head = undefined;
    const o: Observation = [cut, max ?? Math.max(this.maxPrice, cut), c];
    if (this.isStoreLevel(task) && !this.filters) this.observe(o);
    else task.obs = [...(task.obs ?? []).slice(-(OBS_KEEP - 1)), o];
    // The peel continues below the window, overlapping it by its lowest cent when few listings
    // sit there (they are served twice; dropped by the seen set).
    if (task.bracket && task.bracket[0] < cut) {
      task.bracket = [task.bracket[0], Math.max(0, task.bracket[1] - c), task.bracket[2]];
    } else task.bracket = undefined;
    if (task.crowded !== undefined && task.crowded >= cut) task.crowded = undefined;
    const sparse = centShares(s.cents)[cut % 100] <= SPARSE_SHARE;
    if (cut <= floor) s.stack.splice(s.stack.lastIndexOf(task), 1);
    else if (sparse) {
      task.max = cut;
      task.overlap = true;
    } else {
      task.max = cut - 1;
      task.overlap = false;
    }
    if (got.length >= c) return;
    s.stack.push({
      kind: 'window',
      ...baseOf(task),
      min: cut,
      ...(max !== undefined ? { max } : {}),
      sort: SWEEP_SORT,
      page: page + 1,
      total: c,
      lastPage,
      got,
    });
  }

  // ------------------------------------------------------------------------------------------------
  // Zones: where one price holds more listings than a query serves

  /**
   * A zone [zlo, max] below a peel's top: its pieces are counted first (exact counts, ≈ PIECE_TARGET
   * each), then each member of a keyword family (or of the departments) sweeps the zone with its
   * own counted windows — a crowded price holds only a share of its listings in each member. The
   * peel continues below the zone.
   */
  private pushZone(task: Task, zlo: number, model: PriceModel): void {
    const s = this.state;
    const floor = task.min ?? 0;
    const zone: Task = {
      kind: 'zone',
      ...baseOf(task),
      min: zlo,
      max: task.max ?? OPEN,
      page: 1,
      pieces: [],
      depth: (task.depth ?? 0) + 1,
      ...(this.isStoreLevel(task) ? {} : { share: model.scaleFactor }),
    };
    // Its keyword family is chosen now, from every title seen (a resume would know fewer).
    const densest = model.densest(zlo, this.finiteTop(task.max, zlo));
    const fam = this.keywordFamily(
      zone,
      Math.min(0.5, (this.capacity() * WINDOW_FILL) / Math.max(1, densest)),
    );
    if (fam) zone.family = fam;
    if (zlo <= floor) s.stack.splice(s.stack.lastIndexOf(task), 1);
    else {
      // After the zone, the first probe counts all that is left below it (the model extrapolated
      // past a crowded stretch; Amazon's count of the rest puts it right).
      task.max = zlo - 1;
      task.overlap = false;
      task.bracket = undefined;
      task.crowded = undefined;
      task.head = undefined;
      task.cut = floor;
      task.page = 1;
    }
    s.stack.push(zone);
  }

  /** The top of the next piece to count: below the last piece, or the zone's top. */
  private pieceTop(zone: Task): number {
    const pieces = zone.pieces ?? [];
    return pieces.length ? pieces[pieces.length - 1][0] - 1 : (zone.max ?? OPEN);
  }

  /** A zone's next step: count the next piece (a page), sweep the next member, or finish. */
  private prepareZone(task: Task): boolean {
    const s = this.state;
    const floor = task.min ?? 0;
    const pieceTop = this.pieceTop(task);
    if (task.next === undefined) {
      if (pieceTop >= floor) {
        if (task.cut === undefined) {
          const topP = this.finiteTop(pieceTop, floor);
          const model = new PriceModel(s.cents, s.obs, this.segmentsFor(task, topP));
          if (task.bracket) model.calibrate(task.bracket[0], topP, task.bracket[1]);
          else if (task.share !== undefined) model.scaleBy(task.share);
          let cut = model.known ? model.cutFor(topP, floor, PIECE_TARGET) : floor;
          if (task.bracket) cut = Math.max(cut, Math.min(task.bracket[0] + 1, pieceTop));
          task.cut = Math.min(cut, pieceTop);
          task.page = 1;
        }
        return true;
      }
      task.family ??= this.familyFor(task);
      task.next = 0;
    }
    const pieces = task.pieces ?? [];
    const missing = pieces.reduce((a, p) => a + Math.max(0, p[2] - p[3]), 0);
    const family = task.family ?? [];
    const next = task.next ?? 0;
    if (missing > 0 && next < family.length) {
      task.next = next + 1;
      const member = family[next];
      if (member.startsWith('s:')) {
        // Another order over the pieces still missing listings (a query serves its first ones).
        const open = pieces.filter((p) => p[3] < p[2]);
        const sort = member.slice(2);
        s.stack.push({
          kind: 'list',
          ...baseOf(task),
          min: Math.min(...open.map((p) => p[0])),
          max: Math.max(...open.map((p) => p[1])),
          ...(sort === 'relevance' ? {} : { sort: sort as SearchSort }),
          page: 1,
        });
        return false;
      }
      s.stack.push({
        kind: 'peel',
        ...refine(baseOf(task), member),
        min: task.min,
        max: task.max,
        page: 1,
        depth: task.depth,
        share: this.shareOf(task, member),
      });
      return false;
    }
    const rounds = (task.residual ? 1 : 0) + (task.sorted ? 1 : 0);
    if (missing > 0 && (rounds === 0 || (rounds === 2 && !task.relearned))) {
      // Listings in none of the family's members: a family learned on the titles it missed (again
      // after the other orders, which serve some of them: their titles teach the words).
      if (task.residual) task.relearned = true;
      task.residual = true;
      const used = family.filter((m) => m.startsWith('w:')).map((m) => m.slice(2));
      const extra = this.titles.family(task.words ?? [], {
        maxShare: this.maxShare(task),
        exclude: this.specWords,
        avoid: used,
      });
      if (extra.words.length) {
        task.family = [...family, ...extra.words.map((w) => `w:${w}`)];
        return false;
      }
    }
    if (missing > 0 && !task.sorted) {
      // Nothing left to split by: the same listings in other orders, each serving its first ones.
      task.sorted = true;
      task.family = [...family, ...FALLBACK_SORTS.map((o) => `s:${o}`)];
      return false;
    }
    const outermost = this.zoneOf(task) === undefined;
    s.stack.pop();
    if (outermost) s.unreached += missing;
    return false;
  }

  /** A piece's count came back: keep it (exact), or narrow when Amazon says only "over 1,000". */
  private planPiece(task: Task, parsed: ParsedPage): void {
    const cut = task.cut ?? task.min ?? 0;
    const top = this.pieceTop(task);
    const { c, lb } = countOf(parsed);
    task.cut = undefined;
    if ((lb || c > EXACT_LIMIT) && cut < top) {
      task.bracket = [cut, c, lb ? 1 : 0];
      return;
    }
    task.bracket = undefined;
    // An empty piece: the price model was wrong here; the next piece counts all the rest at once.
    if (c === 0 && cut > (task.min ?? 0)) task.cut = task.min ?? 0;
    if (!task.nodes && parsed.kind === 'results') task.nodes = childNodes(parsed);
    // Found so far in the piece: what this run saw there with the zone's keywords (a lower bound
    // after a resume); from now on, every listing first served there is counted (record()).
    let found = 0;
    const words = task.words ?? [];
    for (const asin of this.served) {
      const p = this.priceOf.get(asin);
      if (p === undefined || p < cut || p > top || !this.titles.hasWords(asin, words)) continue;
      if (!task.nodeId || this.inNode.get(task.nodeId)?.has(asin)) found++;
    }
    // "Over 1,000" at one price: the count is a lower bound; the piece is checked against it.
    task.pieces = [...(task.pieces ?? []), [cut, top, c, found]];
    if (this.isStoreLevel(task) && !this.filters) this.observe([cut, Math.min(top, this.maxPrice), c]);
  }

  /** The share of listings a member query holds at most (so a crowded price fits one query). */
  private maxShare(zone: Task): number {
    const capacity = this.capacity();
    const pieces = zone.pieces ?? [];
    const model = new PriceModel(
      this.state.cents,
      this.state.obs,
      pieces.map(([lo, hi, n]): Observation => [lo, hi, n]),
    );
    const densest = Math.max(1, ...pieces.map(([lo, hi]) => model.densest(lo, Math.min(hi, this.maxPrice))));
    return Math.min(0.5, (capacity * WINDOW_FILL) / densest);
  }

  /** Exclusive title keywords covering (nearly) every title of the zone's base, or undefined. */
  private keywordFamily(zone: Task, maxShare: number): string[] | undefined {
    const fam = this.titles.family(zone.words ?? [], { maxShare, exclude: this.specWords });
    return coversTitles(fam) ? fam.words.map((w) => `w:${w}`) : undefined;
  }

  /** The zone's family: exclusive title keywords when they cover the titles, else departments. */
  private familyFor(zone: Task): string[] {
    const fam = this.titles.family(zone.words ?? [], {
      maxShare: this.maxShare(zone),
      exclude: this.specWords,
    });
    const keywords = fam.words.map((w) => `w:${w}`);
    if (coversTitles(fam)) return keywords;
    const nodes = zone.nodes?.length ? zone.nodes : zone.nodeId ? [] : this.state.rootNodes;
    return nodes.length >= 2 ? nodes.map((n) => `n:${n}`) : keywords;
  }

  /** A member's expected share of the zone's listings (from the titles; departments: even shares). */
  private shareOf(zone: Task, member: string): number {
    const family = zone.family ?? [];
    if (!member.startsWith('w:')) return 1 / Math.max(1, family.length);
    const base = zone.words ?? [];
    const all = Math.max(1, this.titles.countMatching(base));
    return Math.max(0.01, this.titles.countMatching([...base, member.slice(2)]) / all);
  }

  /** A counted window's page: collect what it served; done when it served its count. */
  private planWindow(task: Task, parsed: ParsedPage): void {
    const got = new Set(task.got ?? []);
    for (const t of parsed.tiles) got.add(t.asin);
    task.got = [...got];
    if (task.page === 1) task.lastPage = parsed.nextPageHref ? Math.max(parsed.lastPage ?? 1, 1) : 1;
    if (got.size >= (task.total ?? 0) || parsed.kind !== 'results' || !parsed.nextPageHref) {
      task.lastPage = Math.min(task.lastPage ?? task.page, task.page);
    }
    if (got.size >= (task.total ?? 0)) {
      this.state.stack.pop();
      return;
    }
    task.page++;
  }

  /** A window paged to its end served fewer listings than it counted: another order, or unreached. */
  private windowDone(task: Task): void {
    const s = this.state;
    const inZone = this.zoneOf(task) !== undefined;
    s.stack.pop();
    const missing = (task.total ?? 0) - (task.got?.length ?? 0);
    if (missing <= 0) return;
    const retry = task.retry ?? 0;
    if (retry < WINDOW_RETRY_SORTS.length) {
      s.stack.push({ ...task, sort: WINDOW_RETRY_SORTS[retry], page: 1, lastPage: null, retry: retry + 1 });
      return;
    }
    // Inside a zone its pieces count what is missing (once, for the outermost zone).
    if (!inZone) s.unreached += missing;
  }

  // ------------------------------------------------------------------------------------------------
  // Unpriced listings: keyword queries, read at the end of their price order

  private allReportedFound(): boolean {
    const s = this.state;
    return !s.reportedTotalIsLowerBound && s.reportedTotal !== null && this.asins.length >= s.reportedTotal;
  }

  /** Unpriced listings still missing when Amazon's count of the store is exact (null: it is not). */
  private exactMissing(): number | null {
    const s = this.state;
    if (s.reportedTotalIsLowerBound || s.reportedTotal === null) return null;
    return Math.max(0, s.reportedTotal - this.asins.length - s.unreached);
  }

  /**
   * When a Deep scan's queries are done and the store is bigger than one query: plans the
   * unpriced pass (once) and pushes its next keyword query while one is expected to find at least
   * MIN_YIELD new listings. Returns whether it pushed one.
   */
  private nextUnpriced(): boolean {
    const s = this.state;
    if (this.spec.type !== 'deep' || this.asins.length >= this.spec.listLimit) return false;
    if (!s.tail) {
      const root = s.reportedTotal;
      const rootFit = root !== null && !s.reportedTotalIsLowerBound && root <= this.capacity();
      if (root === null || rootFit || this.allReportedFound()) return false;
      s.tail = this.planTails();
    }
    const tail = s.tail;
    while (tail.chunks.length) {
      const missing = this.exactMissing();
      if (missing === 0) {
        tail.chunks = [];
        return false;
      }
      // Unpriced listings expected per priced title a query adds (exact when Amazon's count of the
      // store is, else the share the queries read so far counted).
      let perTitle: number;
      if (missing !== null) {
        const left = tail.chunks.reduce((a, c) => a + c.gain, 0) + tail.uncovered;
        perTitle = missing / Math.max(1, left);
      } else if (tail.read < TAIL_SAMPLE) perTitle = Infinity;
      else if (this.unpricedUndecided()) perTitle = Infinity;
      else perTitle = tail.unpriced / Math.max(1, tail.priced * tail.known);
      // The queries come most-gaining first: the first below the yield ends the pass. Those that
      // would need three times the rate seen are dropped from the plan (a small checkpoint). While
      // the queries read cannot yet tell complete from partial, the pass reads on (above).
      const far = tail.chunks.findIndex((c) => c.gain * perTitle * 3 < MIN_YIELD);
      if (far >= 0) {
        tail.skipped += tail.chunks.slice(far).reduce((a, c) => a + c.gain, 0);
        tail.chunks = tail.chunks.slice(0, far);
      }
      if (!tail.chunks.length || tail.chunks[0].gain * perTitle < MIN_YIELD) {
        tail.skipped += tail.chunks.reduce((a, c) => a + c.gain, 0);
        tail.chunks = [];
        return false;
      }
      const chunk = tail.chunks.shift()!;
      if (chunk.nodeId) {
        // A department: its count first (page 1), then its last pages.
        s.stack.push({ kind: 'tail', nodeId: chunk.nodeId, page: 1, pages: [], tailAt: null });
        return true;
      }
      // Where its unpriced listings start: its priced listings, as the titles counted them.
      const start = Math.floor((chunk.priced ?? 0) / tail.known);
      const size = s.pageSize ?? DEFAULT_PAGE_SIZE;
      s.stack.push({
        kind: 'tail',
        words: chunk.words,
        start,
        page: Math.floor(start / size) + 1,
        pages: [],
        tailAt: null,
      });
      return true;
    }
    return false;
  }

  /** The keyword queries of the unpriced pass, from the titles of the priced listings seen. */
  private planTails(): TailState {
    const capacity = this.capacity();
    const missing = this.exactMissing();
    const priced = Math.max(1, this.asins.length - this.state.unpricedFound);
    // After a resume the titles seen before it are gone: counts of the titles seen stand for a share.
    const known = Math.min(1, Math.max(0.05, this.titles.pricedCount() / priced));
    // Leave room for the query's own unpriced listings after its priced ones.
    const rate = missing !== null ? missing / priced : 0.05;
    const limit = Math.max(4, Math.floor((capacity * known) / (1 + 2 * Math.min(rate, 1))));
    const minGain = Math.max(2, Math.floor((known * Math.ceil(MIN_YIELD / Math.max(rate, 0.01))) / 2));
    const plan = this.titles.cover({ limit, minGain, exclude: this.specWords });
    const chunks: TailChunk[] = plan.chunks;
    // Titles too alike to split the store: the departments of the left navigation instead.
    const nodes = this.state.rootNodes;
    if (plan.uncovered > plan.pricedTitles / 2 && nodes.length) {
      const gain = Math.max(1, Math.floor(plan.uncovered / nodes.length));
      chunks.push(...nodes.map((nodeId) => ({ words: [], nodeId, gain })));
      plan.uncovered = 0;
    }
    return {
      chunks,
      read: 0,
      unpriced: 0,
      priced: 0,
      uncovered: plan.uncovered,
      skipped: 0,
      beyondCap: 0,
      known,
    };
  }

  /**
   * A tail page: the query lists its priced listings first, its unpriced ones after them. Reads
   * on until the first unpriced position and the last one are both seen (or out of reach).
   */
  private planTail(task: Task, parsed: ParsedPage): void {
    const s = this.state;
    const tail = s.tail!;
    const size = s.pageSize ?? DEFAULT_PAGE_SIZE;
    const pages = (task.pages = [...(task.pages ?? []), task.page]);
    const done = (): void => {
      s.stack.pop();
      tail.read++;
      const total = task.total ?? 0;
      const reach = Math.min(total, (task.lastPage ?? DEFAULT_PAGE_CAP) * size);
      // Where the unpriced listings start: seen; or, none within reach, where the titles put them
      // (after a resume the titles known are a share: then an estimate, which errs towards
      // counting more missing — a scan may say partial that is not, never complete that is not).
      let at = task.tailAt ?? total;
      if (task.tailAt == null && total > reach) at = Math.max(task.start ?? 0, reach);
      tail.priced += Math.min(at, reach);
      tail.unpriced += Math.max(0, total - at);
      if (total > reach) tail.beyondCap += Math.max(0, total - Math.max(at, reach));
    };
    if (parsed.kind !== 'results') {
      // Past the end of the query, where the titles put its unpriced listings: they counted more
      // priced listings than the query has (after a resume the titles stand for a share, so the
      // guess can overshoot). Its first page's count says where it really ends — read it, never
      // conclude "nothing unpriced" from a page past the end.
      if (task.total == null && task.page > 1 && !pages.includes(1)) {
        task.page = 1;
        return;
      }
      if (task.total == null) task.total = Math.min(task.start ?? 0, (task.page - 1) * size);
      done();
      return;
    }
    const count = parsed.resultCount;
    const total = count?.total ?? (task.page - 1) * size + parsed.tiles.length;
    task.total = count?.isLowerBound ? Math.max(total, EXACT_LIMIT + 1) : total;
    const strip = parsed.lastPage ?? task.page;
    task.lastPage = Math.max(task.lastPage ?? 0, strip);
    if (task.nodeId && task.start === undefined && task.total > this.capacity()) {
      // A department bigger than a query: its sub-departments (listings in none stay out of reach).
      s.stack.pop();
      const children = childNodes(parsed).filter((n) => n !== task.nodeId);
      const gain = Math.max(1, Math.floor(tail.chunks.length ? tail.chunks[0].gain / 2 : 1));
      tail.chunks.unshift(...children.map((nodeId) => ({ words: [], nodeId, gain })));
      return;
    }
    const from = count?.from != null ? count.from - 1 : (task.page - 1) * size;
    const tiles = parsed.tiles;
    const firstUnpriced = tiles.findIndex((t) => !t.price);
    if (task.full) {
      if (firstUnpriced >= 0) task.tailAt = Math.min(task.tailAt ?? Infinity, from + firstUnpriced);
      const next = task.page + 1;
      if (next <= (task.lastPage ?? 1) && parsed.nextPageHref) task.page = next;
      else done();
      return;
    }
    // The order kept? An unpriced tile followed by a priced one says the query is not price-sorted.
    if (firstUnpriced >= 0 && tiles.slice(firstUnpriced).some((t) => t.price)) {
      task.full = true;
      task.tailAt = null;
      task.page = pages.includes(1) ? 2 : 1;
      if (task.page > (task.lastPage ?? 1)) done();
      return;
    }
    const to = from + tiles.length;
    const last = Math.min(Math.ceil(task.total / size), task.lastPage);
    if (firstUnpriced < 0) {
      // Only priced listings here: the unpriced ones (if any) come on a later page.
      const target = last;
      if (to < task.total && target > task.page && !pages.includes(target)) {
        task.page = target;
        return;
      }
      if (to < task.total && task.page + 1 <= last && !pages.includes(task.page + 1)) {
        task.page++;
        return;
      }
      done();
      return;
    }
    task.tailAt = Math.min(task.tailAt ?? Infinity, from + firstUnpriced);
    // The unpriced listings may start on the page before — unless the titles said they start here
    // (they count every priced listing of the query: after a resume, only a lower bound).
    const known = this.resumed ? 0 : (task.start ?? 0);
    if (firstUnpriced === 0 && task.page > 1 && !pages.includes(task.page - 1) && from > known) {
      task.page--;
      return;
    }
    const after = Math.max(...pages) + 1;
    if (to < task.total && after <= last && !pages.includes(after) && !tiles[tiles.length - 1].price) {
      task.page = after;
      return;
    }
    done();
  }

  // ------------------------------------------------------------------------------------------------
  // Progress and the honest end

  private remainingPages(): number | null {
    const s = this.state;
    const size = s.pageSize ?? DEFAULT_PAGE_SIZE;
    const perPage = this.capacity() / Math.ceil(this.capacity() / size);
    let pages = 0;
    let unknown = false;
    let peel = false;
    for (const t of s.stack) {
      if (t.kind === 'peel') {
        // The count left covers every range still to peel (once).
        if (!peel) {
          const left = Math.max(0, (s.reportedTotal ?? 0) - this.asins.length);
          pages += Math.ceil(left / (perPage * WINDOW_FILL));
          unknown = unknown || s.reportedTotalIsLowerBound || s.reportedTotal === null;
        }
        peel = true;
        continue;
      }
      if (t.kind === 'window') {
        pages += Math.max(0, (t.lastPage ?? 1) - t.page + 1);
        continue;
      }
      if (t.kind === 'zone') {
        const left = (t.pieces ?? []).reduce((a, p) => a + Math.max(0, p[2] - p[3]), 0);
        pages += Math.ceil(left / (size * WINDOW_FILL));
        continue;
      }
      if (t.kind === 'tail') {
        pages += 1;
        continue;
      }
      if (t.total == null) {
        pages += 1;
        unknown = unknown || t.kind !== 'list';
        continue;
      }
      const left = Math.max(0, t.total - (t.served ?? 0));
      if (t.kind === 'sweep') pages += Math.ceil((left / size) * SWEEP_OVERLAP);
      else pages += Math.min(Math.max(0, (t.lastPage ?? 1) - t.page + 1), Math.ceil(left / size));
    }
    pages += s.tail?.chunks.length ?? 0;
    if (!this.filters) {
      const cap = Math.ceil(Math.max(0, this.spec.listLimit - this.asins.length) / size);
      pages = Math.min(pages, cap);
    }
    if (s.stack.length === 0) return 0;
    return unknown && pages === 0 ? null : pages;
  }

  private progress(): ScanProgress {
    const s = this.state;
    const remaining = this.remainingPages();
    const perPage = s.pagesFetched ? s.elapsedMs / s.pagesFetched : null;
    const capacity = (s.pageCap ?? 0) * (s.pageSize ?? DEFAULT_PAGE_SIZE);
    const done = this.asins.length >= this.spec.listLimit;
    let partitions = done ? 0 : s.stack.length + (s.tail?.chunks.length ?? 0);
    const top = s.stack[s.stack.length - 1];
    if (!done && top?.kind === 'sweep' && top.total != null && capacity > 0) {
      const left = Math.max(0, top.total - capacity);
      partitions += Math.ceil(left / capacity);
    }
    return {
      pagesFetched: s.pagesFetched,
      asinsFound: this.asins.length,
      partitionsLeft: partitions,
      reportedTotal: s.reportedTotal,
      reportedTotalIsLowerBound: s.reportedTotalIsLowerBound,
      etaSeconds: remaining === null || perPage === null ? null : Math.round((remaining * perPage) / 1000),
    };
  }

  /**
   * When Amazon gives only a lower bound for the store: the unpriced listings not found, estimated
   * from the unpriced share the keyword queries read (their counts are exact) applied to the priced
   * titles no query read covered, plus those counted beyond a query's reach. Undefined otherwise.
   * The share is the upper end of its 95 % (one-sided) Wilson interval, not the share read: a few
   * queries that happened to hold no unpriced listing (5 queries, 93 priced listings, none unpriced,
   * in a store with 3 %) must not make the estimate 0 and the scan "complete" (a scan may say
   * partial that is not, never complete that is not); over many queries the two come close.
   */
  private estimatedUnpricedMissing(rate = unpricedRate): number | undefined {
    const s = this.state;
    const tail = s.tail;
    if (this.spec.type !== 'deep' || !s.reportedTotalIsLowerBound || !tail || !tail.read) return undefined;
    const notRead = tail.skipped + tail.uncovered + tail.chunks.reduce((a, c) => a + c.gain, 0);
    return Math.round((rate(tail) * notRead) / tail.known + tail.beyondCap);
  }

  /**
   * The unpriced pass cannot stop yet: the share its queries read says the scan is complete, the
   * upper end of that share says it may not be. Each query read narrows the interval.
   */
  private unpricedUndecided(): boolean {
    const c = this.coverage();
    const seen = this.estimatedUnpricedMissing((t) => t.unpriced / Math.max(1, t.priced));
    return (
      scanOutcome({ ...c, estimatedUnpricedMissing: seen }, 'deep') === 'complete' &&
      scanOutcome(c, 'deep') === 'partial'
    );
  }

  private coverage(): Coverage {
    const s = this.state;
    return {
      found: this.asins.length,
      reported: s.reportedTotal,
      reportedIsLowerBound: s.reportedTotalIsLowerBound,
      listLimit: this.spec.listLimit,
      stoppedAtListLimit: this.asins.length >= this.spec.listLimit,
      filtered: this.filters !== null,
      threshold: this.deps.coverageThreshold,
      unreached: s.unreached,
      unpricedFound: s.unpricedFound,
      estimatedUnpricedMissing: this.estimatedUnpricedMissing(),
      orderChecked: this.spec.type !== 'deep' ? undefined : s.orderViolations ? 'violated' : 'trusted',
    };
  }
}

/** A keyword family worth sweeping by: two words or more that together cover 80 % of the titles. */
function coversTitles(fam: { words: string[]; coverage: number }): boolean {
  return fam.words.length >= 2 && fam.coverage >= 0.8;
}

/** What a page says its query holds: the count (the tiles when it shows none) and "over …". */
function countOf(parsed: ParsedPage): { c: number; lb: boolean } {
  if (parsed.kind !== 'results') return { c: 0, lb: false };
  return { c: parsed.resultCount?.total ?? parsed.tiles.length, lb: !!parsed.resultCount?.isLowerBound };
}

/** z of a one-sided 95 % bound. */
const Z95 = 1.645;

/** The upper end of the Wilson score interval of `hits` in `n` (one-sided 95 %); 1 when n is 0. */
export function wilsonUpper(hits: number, n: number): number {
  if (n <= 0) return 1;
  const p = hits / n;
  const z2 = Z95 * Z95;
  const centre = p + z2 / (2 * n);
  const spread = Z95 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return Math.min(1, (centre + spread) / (1 + z2 / n));
}

/**
 * Unpriced listings per priced one in the store, from the keyword queries read: the upper end of
 * the share's interval, so that a few queries without one do not read as "none left" (the pass
 * reads on until the bound is low enough, and the estimate of what is missing never errs low).
 */
function unpricedRate(tail: TailState): number {
  const share = wilsonUpper(tail.unpriced, tail.unpriced + tail.priced);
  return share / Math.max(1e-9, 1 - share);
}

/** The scan engine over a page source. */
export function createScanEngine(deps: ScanEngineDeps): ScanEngine {
  const threshold = deps.coverageThreshold ?? DEFAULT_COVERAGE_THRESHOLD;
  if (!(threshold > 0 && threshold <= 1))
    throw new RangeError(`coverageThreshold must be in (0, 1], got ${threshold}`);
  const full: Required<ScanEngineDeps> = {
    pages: deps.pages,
    clock: deps.clock ?? new SystemClock(),
    coverageThreshold: threshold,
  };
  return {
    async run(spec: ScanSpec, options: RunOptions = {}): Promise<ScanResult> {
      const restored = options.resume ? restoreState(spec, options.resume.checkpoint) : undefined;
      const state = restored?.state ?? initialState(spec);
      const scan = new Scan(full, spec, state, options.resume?.seenAsins ?? []);
      const result = await scan.run(options);
      return restored?.replanned ? { ...result, replanned: true } : result;
    },
  };
}

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
 * - Deep: a price sweep. The store sorted by price, most expensive first (`s=price-desc-rank`), is
 *   paged to the end of what the query serves (the pagination cap, read from the strip). The first
 *   page of every query is a full page of results and tells the query's count; if the query reported
 *   more results than it served, the next query is the price band up to the last price seen
 *   (`p_36:-<last>`), in the same order: it starts exactly where the previous one stopped (only the
 *   listings sharing the boundary price are served twice). No page is spent on probing, and
 *   partitions never double count (a seen set). Prices cluster at the cheap end (.99 endings), so
 *   the sweep starts at the sparse expensive end; a list-limited scan fills its list from there.
 *   When one exact price holds more listings than a query serves, that price is split by the
 *   seller's category nodes from the left navigation (recursing into sub-departments while a node
 *   is still too big), and where the departments do not add up to the price's count (listings in
 *   no sub-category), by the other sort orders (relevance beyond page 1, newest, reviews).
 * - Functional: the Deep sweep over the refined query (price range → `p_36`, minimum stars → the
 *   market's `p_72` id read from the first page's left navigation), keeping only the tiles that
 *   match every filter (badges, exact star and price range). The sweep goes past the cap, so the
 *   result is complete, not only the first capped pages.
 */
import { buildSearchUrl, marketByCode, type Market, type SearchSort } from '../markets/index.js';
import { parseResultsPage, type ParsedPage, type ResultTile } from '../parser/index.js';
import { ScanBlockedError, ScanCheckpointError } from './errors.js';
import { coverageLine, scanOutcome, type Coverage } from './progress.js';
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
 * The checkpoint format. 2: order-checked Deep sweeps, counted price windows (`peel`, `window`),
 * unpriced passes. A checkpoint of another version restarts the scan's planning (the ASINs already
 * stored are kept, so nothing is reported twice).
 */
export const CHECKPOINT_VERSION = 2;

/** Share of the count Amazon reports a scan must find to be `complete` (default of `coverageThreshold`). */
export const DEFAULT_COVERAGE_THRESHOLD = 0.99;
/**
 * Order check of a price-sorted page: a tile may show a price above the one before it by this
 * share (rounding, a moved buy box) before it counts as a violation ...
 */
const ORDER_TOLERANCE = 0.01;
/** ... and this many violations on one page are tolerated (a sponsored or variation tile). */
const ORDER_VIOLATIONS_ALLOWED = 1;
/** Counted windows aim at this share of what one query serves (a margin for the estimate). */
const WINDOW_FILL = 0.8;
/** Orders tried, one after the other, on a window that served fewer listings than it counted. */
const WINDOW_RETRY_SORTS: SearchSort[] = ['price-asc-rank', 'date-desc-rank'];
/** Cent endings sellers use (.99, .95, .00, .49): a window is never cut there, so few listings sit on a cut. */
const CROWDED_ENDINGS = new Set([99, 95, 0, 49]);

/** Organic results per page when no page has told us yet (estimates only). */
const DEFAULT_PAGE_SIZE = 16;
/** Expected share of pages re-served at the price boundary of a sweep (ETA estimate only). */
const SWEEP_OVERLAP = 1.03;
/**
 * Orders tried on a partition that cannot be split any further (one price: the price orders are
 * the relevance order there).
 */
const FALLBACK_SORTS: SearchSort[] = ['date-desc-rank', 'review-rank'];
/**
 * Deep sweeps run from the most expensive listing down: price distributions are skewed to the
 * cheap end, where many listings share a price (.99 endings); the expensive end is sparse, so
 * bands there rarely hold more listings at one price than a query serves, and a list-limited scan
 * fills its list from there.
 */
const SWEEP_SORT: SearchSort = 'price-desc-rank';

/**
 * - list: one query paged to its end; sweep: the price sweep (order checked); split/rest: one price
 *   split by departments and sort orders;
 * - peel: the order-independent method over a price range [min, max]: counted windows cut from the
 *   top (`cut`..max), each paged through (`window`) when its count fits a query, narrowed otherwise;
 * - window: a counted price window paged to its end and checked (ASINs served = count);
 * - tail: the unpriced pass: a department in price order, whose unpriced listings come last.
 */
type TaskKind = 'list' | 'sweep' | 'split' | 'rest' | 'peel' | 'window' | 'tail';

/** One query of the scan (JSON in the checkpoint). */
export interface Task {
  kind: TaskKind;
  nodeId?: string;
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
  /** Lowest price on the first page and highest on the latest page (sweeps). */
  firstPrice?: number | null;
  lastPrice?: number | null;
  /** `rest`: the reported total of the split query and its child nodes. */
  children?: string[];
  /** Node ids above this task's node (to never recurse into a node twice). */
  path?: string[];
  /** The scan's first query: its count is the store's reported total. */
  root?: boolean;
  /** Sort-order passes: their group, and how many listings the group still has to find. */
  group?: string;
  need?: number;
  /** peel: the low end of the window being probed; its width in cents for the next probe. */
  cut?: number;
  step?: number;
  /** peel: listings per cent in the last window paged; `max` is that window's lowest cent. */
  density?: number;
  overlap?: boolean;
  /** window: the distinct ASINs its own pages served (checked against `total`); retries done. */
  got?: string[];
  retry?: number;
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
  /** Reported totals of split partitions, by task key (for the `rest` check). */
  totals: Record<string, number>;
  /** ASINs first seen by each group of sort-order passes (they stop once the group's need is met). */
  groupFound: Record<string, number>;
  /** Deep: a price sort failed its order check; partitions switched to counted windows. */
  orderViolations: number;
  /** Listings counted by a window or partition that its pages did not serve, after the retries. */
  unreached: number;
  /** The unpriced pass ran (or was planned). */
  unpricedPass: boolean;
  /** Top-level department ids from the root query's left navigation (for the unpriced pass). */
  rootNodes: string[];
  /** Listings found that show no price. */
  unpricedFound: number;
  /** Unpriced pass: listings in the departments read in full, and how many of them show no price. */
  tailCount: number;
  tailUnpriced: number;
}

function taskKey(t: Pick<Task, 'nodeId' | 'min' | 'max'>): string {
  return `${t.nodeId ?? '*'}|${t.min ?? ''}-${t.max ?? ''}`;
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
    totals: {},
    groupFound: {},
    orderViolations: 0,
    unreached: 0,
    unpricedPass: false,
    rootNodes: [],
    unpricedFound: 0,
    tailCount: 0,
    tailUnpriced: 0,
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
function childNodes(parsed: ParsedPage, task: Task): string[] {
  const cats = parsed.categories;
  const path = new Set([...(task.path ?? []), ...(task.nodeId ? [task.nodeId] : [])]);
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
  return [...new Set(candidates.map((c) => c.nodeId))].filter((id) => !path.has(id));
}

class Scan {
  private readonly seen: Set<string>;
  private readonly asins: string[];
  private readonly market: Market;
  private readonly filters: FunctionalFilters | null;
  private stopReason: ScanResult['stopReason'] = 'exhausted';
  /** Shown prices of the listings seen in this run (estimates only: not in the checkpoint). */
  private readonly priceOf = new Map<string, number>();
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
    this.asins = [...this.seen];
    this.filters = spec.type === 'functional' ? (spec.filters ?? {}) : null;
  }

  async run(options: RunOptions): Promise<ScanResult> {
    const { signal, onPage } = options;
    const s = this.state;
    while (s.stack.length || this.planUnpricedPass()) {
      if (this.asins.length >= this.spec.listLimit) {
        this.stopReason = 'list-limit';
        break;
      }
      const task = s.stack[s.stack.length - 1];
      if (task.kind === 'rest') {
        this.settleRest(task);
        continue;
      }
      if (task.group && (s.groupFound[task.group] ?? 0) >= (task.need ?? Infinity)) {
        s.stack.pop(); // the passes found every listing the partition was missing
        continue;
      }
      if (task.kind === 'peel' && !this.preparePeel(task)) continue;
      if (task.kind === 'window' && task.page > (task.lastPage ?? 1)) {
        this.windowDone(task);
        continue;
      }
      if (task.kind === 'tail' && this.allReportedFound()) {
        s.stack.pop(); // the store's count is reached: no unpriced listing is missing
        continue;
      }
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

      const tiles = this.filters ? parsed.tiles.filter((t) => tileMatches(t, this.filters!)) : parsed.tiles;
      const newAsins: string[] = [];
      for (const t of tiles) {
        if (t.price) {
          this.priceOf.set(t.asin, t.price.minor);
          if (t.price.minor > this.maxPrice) this.maxPrice = t.price.minor;
        }
        if (this.asins.length >= this.spec.listLimit) break;
        if (this.seen.has(t.asin)) continue;
        this.seen.add(t.asin);
        this.asins.push(t.asin);
        newAsins.push(t.asin);
        if (!t.price) s.unpricedFound++;
      }
      if (task.group) s.groupFound[task.group] = (s.groupFound[task.group] ?? 0) + newAsins.length;
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

  private urlOf(task: Task): string {
    const min = task.kind === 'peel' ? task.cut : task.min;
    const priceMinor = min !== undefined || task.max !== undefined ? { min, max: task.max } : undefined;
    return buildSearchUrl(this.market, {
      sellerId: this.spec.sellerId,
      keyword: this.spec.keyword,
      categoryNodeId: this.spec.categoryNodeId,
      nodeId: task.nodeId,
      priceMinor,
      starsRefinementId: this.state.starsId ?? undefined,
      page: task.page,
      sort: task.sort,
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
    if (first && (task.kind === 'peel' || task.kind === 'window' || task.kind === 'tail')) {
      task.lastPage = parsed.lastPage;
      if (task.kind !== 'window' || task.total == null) {
        task.total = parsed.kind === 'no-results' ? 0 : (count?.total ?? parsed.tiles.length);
        task.lowerBound = parsed.kind === 'results' && !!count?.isLowerBound;
      }
    }
    if (task.kind === 'peel') return this.planPeel(task, parsed);
    if (task.kind === 'window') return this.planWindow(task, parsed);
    if (task.kind === 'tail') return this.planTail(task, parsed);

    if (first) this.readFirstPage(task, parsed);
    // Verify, don't trust: a Deep sweep relies on the price order; a page out of order switches
    // the rest of its range to counted windows (the listings already seen are kept). A query
    // that fits in what one query serves is paged to its end whatever its order.
    if (
      task.kind === 'sweep' &&
      this.spec.type === 'deep' &&
      !this.fits(task) &&
      this.outOfOrder(task, parsed)
    ) {
      s.orderViolations++;
      s.stack.pop();
      s.stack.push({
        kind: 'peel',
        nodeId: task.nodeId,
        sort: SWEEP_SORT,
        min: task.min ?? 0,
        max: task.max,
        page: 1,
      });
      return;
    }
    task.served = (task.served ?? 0) + parsed.tiles.length;
    task.lastPrice =
      (this.ascending(task) ? maxPrice(parsed.tiles) : minPrice(parsed.tiles)) ?? task.lastPrice ?? null;

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
    if (hasNext && !(task.kind === 'split' && first && !this.fits(task))) {
      if (task.kind === 'split' && first) task.kind = 'list';
      task.page++;
      return;
    }
    s.stack.pop();
    if (task.group && !s.stack.some((t) => t.group === task.group)) {
      // The group's last pass ended: what it did not find stays unreached (said at the end).
      s.unreached += Math.max(0, (task.need ?? 0) - (s.groupFound[task.group] ?? 0));
    }
    const truncated =
      parsed.kind === 'results' &&
      (!!task.lowerBound || (task.total != null && (task.served ?? 0) < task.total));
    if (!truncated) return;
    if (task.page > 1 || task.lastPage) s.pageCap = Math.max(s.pageCap ?? 0, task.page);

    if (task.kind === 'sweep') this.continueSweep(task);
    else if (task.kind === 'split') this.split(task, parsed);
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
    task.firstPrice = this.ascending(task) ? minPrice(parsed.tiles) : maxPrice(parsed.tiles);
    if (task.root) {
      s.reportedTotal = task.total;
      s.reportedTotalIsLowerBound = task.lowerBound;
      if (this.spec.type === 'deep') s.rootNodes = childNodes(parsed, task);
    }
    if (task.kind === 'split') s.totals[taskKey(task)] = task.total;
  }

  private ascending(task: Task): boolean {
    return task.sort !== 'price-desc-rank';
  }

  /** Whether a query's reported count fits in what one query serves. */
  private fits(task: Task): boolean {
    if (task.lowerBound || task.total == null) return false;
    const size = this.state.pageSize ?? DEFAULT_PAGE_SIZE;
    return task.total <= Math.max(1, task.lastPage ?? 1) * size;
  }

  /**
   * After a sweep query ran out of pages with more results reported: the next band starts at the
   * last price seen (inclusive: listings sharing it may remain), in the same direction.
   */
  private continueSweep(task: Task): void {
    const s = this.state;
    const edge = task.lastPrice;
    if (edge == null) {
      // No prices to sweep on: split the band by departments and sort orders instead.
      s.stack.push({ kind: 'split', min: task.min, max: task.max, page: 1 });
      return;
    }
    const start = task.firstPrice ?? edge;
    const next = (min: number | undefined, max: number | undefined): void => {
      if (min !== undefined && max !== undefined && min > max) return;
      s.stack.push({ kind: 'sweep', sort: task.sort, min, max, page: 1 });
    };
    if (task.sort === 'price-asc-rank') {
      if (edge > start) return next(edge, task.max);
      next(edge + 1, task.max);
    } else {
      if (edge < start) return next(task.min, edge);
      if (edge >= 1) next(task.min, edge - 1);
    }
    // The whole window was one price: that price is split separately.
    s.stack.push({ kind: 'split', min: edge, max: edge, page: 1 });
  }

  // ------------------------------------------------------------------------------------------------
  // Verify, don't trust: the order check

  /** Whether a price-sorted page breaks the order the sweep relies on (beyond the tolerance). */
  private outOfOrder(task: Task, parsed: ParsedPage): boolean {
    const asc = this.ascending(task);
    let prev = task.page > 1 ? (task.lastPrice ?? null) : null;
    let violations = 0;
    for (const t of parsed.tiles) {
      if (!t.price) continue; // unpriced tiles come last in both price orders
      const p = t.price.minor;
      if (prev !== null && (asc ? p < prev * (1 - ORDER_TOLERANCE) : p > prev * (1 + ORDER_TOLERANCE)))
        violations++;
      prev = p;
    }
    return violations > ORDER_VIOLATIONS_ALLOWED;
  }

  // ------------------------------------------------------------------------------------------------
  // Order-independent partitioning: counted price windows

  /** Listings one query serves (the cap read so far, else Amazon's usual 7 pages). */
  private capacity(): number {
    return (this.state.pageCap ?? 7) * (this.state.pageSize ?? DEFAULT_PAGE_SIZE);
  }

  private target(): number {
    return Math.max(1, Math.floor(this.capacity() * WINDOW_FILL));
  }

  /**
   * Before a peel's probe: the window's low end (`cut`), so that [cut, max] holds about `target`
   * listings — from the width the last window needed, or at the start from the prices seen so far.
   * Returns false when the peel's range is done (it is popped).
   */
  private preparePeel(task: Task): boolean {
    const floor = task.min ?? 0;
    if (task.max !== undefined && task.max < floor) {
      this.state.stack.pop();
      return false;
    }
    if (task.cut !== undefined) return true;
    const top = task.max ?? this.maxPrice;
    let cut: number;
    if (task.step) cut = top - task.step + 1;
    else {
      const seen = [...this.priceOf.values()]
        .filter((p) => p >= floor && (task.max === undefined || p <= task.max))
        .sort((a, b) => b - a);
      const k = this.target();
      cut = seen.length >= k ? seen[k - 1] : (seen[seen.length - 1] ?? floor);
    }
    cut = Math.max(floor, Math.min(cut, task.max === undefined ? cut : task.max));
    // Never cut on a crowded ending (.99, .95, .00, .49): few listings then sit on the cut price
    // (served by both windows). Moving up only narrows the window, so every probe makes progress.
    // After a window, `max` is that window's lowest cent (served already): the next cut stays below.
    const limit = task.overlap ? top - 1 : top;
    if (cut > limit) cut = limit;
    while (cut < limit && CROWDED_ENDINGS.has(cut % 100)) cut++;
    if (cut < floor) {
      this.state.stack.pop(); // only the overlap cent was left
      return false;
    }
    task.cut = cut;
    task.page = 1;
    return true;
  }

  /** A peel's probe came back: page the window when its count fits a query, else narrow it. */
  private planPeel(task: Task, parsed: ParsedPage): void {
    const s = this.state;
    const cut = task.cut ?? task.min ?? 0;
    const floor = task.min ?? 0;
    const top = Math.max(task.max ?? this.maxPrice, cut);
    const width = top - cut + 1;
    const c = task.total ?? 0;
    const hadOverlap = task.overlap;
    task.cut = undefined;
    task.overlap = false;
    if (parsed.kind !== 'results' || c === 0) {
      // Nothing in [cut, top]: the next window reaches further down.
      task.max = cut - 1;
      task.step = Math.max(2, Math.min(width * 4, (task.step ?? width) * 2));
      return;
    }
    if (!task.lowerBound && c <= this.capacity()) {
      // This probe is the window's first page: page it to its end, then continue below it.
      const got = [...new Set(parsed.tiles.map((t) => t.asin))];
      const leaf: Task = {
        kind: 'window',
        nodeId: task.nodeId,
        min: cut,
        max: task.max,
        sort: SWEEP_SORT,
        page: 2,
        total: c,
        lastPage: parsed.nextPageHref ? Math.max(parsed.lastPage ?? 1, 1) : 1,
        got,
      };
      if (cut <= floor) s.stack.pop();
      else {
        // The next window overlaps this one by its lowest cent (listings on the cut are served twice).
        task.max = cut;
        task.overlap = true;
        // The next window's width from this one's density (listings per cent), extrapolated by
        // how the density changed since the window before (prices crowd towards the cheap end).
        const density = c / width;
        const trend = task.density ? Math.min(2, Math.max(0.5, density / task.density)) : 1;
        task.density = density;
        task.step = Math.max(2, Math.min(width * 3, Math.floor(this.target() / (density * trend))));
        task.total = undefined;
      }
      s.stack.push(leaf);
      return;
    }
    // Too many. The overlap cent (served by the window above) is left out from now on.
    const high = hadOverlap ? top - 1 : top;
    if (hadOverlap) task.max = high;
    task.total = undefined;
    if (cut >= high) {
      // One price holds more listings than a query serves: departments and sort orders split it.
      task.max = cut - 1;
      s.stack.push({ kind: 'split', nodeId: task.nodeId, min: cut, max: cut, page: 1 });
      return;
    }
    // Narrow the window by the count (Amazon says only "over 1,000" above that).
    const span = high - cut + 1;
    const count = task.lowerBound ? Math.max(c, 1000) * 2 : c;
    task.step = Math.max(1, Math.min(span - 1, Math.floor((span * this.target()) / count)));
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
    s.stack.pop();
    const missing = (task.total ?? 0) - (task.got?.length ?? 0);
    if (missing <= 0) return;
    const retry = task.retry ?? 0;
    if (retry < WINDOW_RETRY_SORTS.length) {
      s.stack.push({ ...task, sort: WINDOW_RETRY_SORTS[retry], page: 1, lastPage: null, retry: retry + 1 });
      return;
    }
    s.unreached += missing;
  }

  // ------------------------------------------------------------------------------------------------
  // Unpriced listings: departments in price order, where they come last

  private allReportedFound(): boolean {
    const s = this.state;
    return !s.reportedTotalIsLowerBound && s.reportedTotal !== null && this.asins.length >= s.reportedTotal;
  }

  /**
   * When a Deep scan's queries are done and the store's count is not reached (or unknown, after
   * price windows that never serve unpriced listings): one pass over the departments. Returns
   * whether it planned anything.
   */
  private planUnpricedPass(): boolean {
    const s = this.state;
    if (this.spec.type !== 'deep' || s.unpricedPass || !s.rootNodes.length) return false;
    if (this.asins.length >= this.spec.listLimit || this.allReportedFound()) return false;
    const unknown = s.reportedTotalIsLowerBound || s.reportedTotal === null;
    if (unknown && !s.orderViolations && !s.unpricedFound) return false;
    s.unpricedPass = true;
    for (const id of [...s.rootNodes].reverse()) {
      s.stack.push({ kind: 'tail', nodeId: id, sort: SWEEP_SORT, page: 1, path: [] });
    }
    return true;
  }

  /**
   * A department in price order: its unpriced listings are the last ones. When the department
   * fits a query, its last pages are read (back to the first page that shows a price); when it
   * does not, its sub-departments are.
   */
  private planTail(task: Task, parsed: ParsedPage): void {
    const s = this.state;
    s.stack.pop();
    if (parsed.kind !== 'results') return;
    if (task.page === 1) {
      if (!this.fits(task)) {
        const path = [...(task.path ?? []), ...(task.nodeId ? [task.nodeId] : [])];
        for (const id of childNodes(parsed, task).reverse()) {
          s.stack.push({ kind: 'tail', nodeId: id, sort: task.sort, page: 1, path });
        }
        return;
      }
      // Read in full: its share of unpriced listings estimates the store's (when Amazon gives
      // only a lower bound for the store).
      s.tailCount += task.total ?? 0;
      s.tailUnpriced += parsed.tiles.filter((t) => !t.price).length;
      const last = parsed.nextPageHref ? (parsed.lastPage ?? 1) : 1;
      if (last > 1) s.stack.push({ ...task, page: last });
      return;
    }
    s.tailUnpriced += parsed.tiles.filter((t) => !t.price).length;
    // Further back while this page starts with an unpriced listing.
    const startsUnpriced = parsed.tiles.length > 0 && parsed.tiles[0].price === null;
    if (startsUnpriced && task.page > 2) s.stack.push({ ...task, page: task.page - 1 });
  }

  /** A partition too big to page and too narrow to sweep: its child departments, then the rest. */
  private split(task: Task, parsed: ParsedPage): void {
    const s = this.state;
    const children = childNodes(parsed, task);
    const path = [...(task.path ?? []), ...(task.nodeId ? [task.nodeId] : [])];
    if (children.length) {
      s.stack.push({ ...this.sameQuery(task), kind: 'rest', page: 2, total: task.total, children, path });
      for (const id of [...children].reverse()) {
        s.stack.push({ kind: 'split', nodeId: id, min: task.min, max: task.max, page: 1, path });
      }
      return;
    }
    this.pushSortPasses(task, path, (task.total ?? 0) - (task.served ?? 0));
  }

  private sameQuery(task: Task): Pick<Task, 'nodeId' | 'min' | 'max'> {
    return { nodeId: task.nodeId, min: task.min, max: task.max };
  }

  /** The rest of a split partition (its listings in no child department): the other sort orders. */
  private pushSortPasses(task: Task, path: string[], need: number): void {
    const s = this.state;
    const q = this.sameQuery(task);
    // Listings found by the passes that were not seen before are ones the partition was missing;
    // listings already seen (the sweep serves the boundary price too) do not count, so the early
    // stop errs on the side of fetching more.
    const group = `${taskKey(task)}#${s.pagesFetched}`;
    const common = { ...q, kind: 'list' as const, path, group, need };
    for (const sort of [...FALLBACK_SORTS].reverse()) s.stack.push({ ...common, sort, page: 1 });
    const lastPage = task.lastPage ?? 1;
    if (lastPage >= 2) s.stack.push({ ...common, page: 2, lastPage, total: task.total });
  }

  /** Runs when a split's children are done: if they add up to the split's count, it is covered. */
  private settleRest(task: Task): void {
    const s = this.state;
    s.stack.pop();
    const covered = (task.children ?? []).reduce(
      (sum, id) => sum + (s.totals[taskKey({ nodeId: id, min: task.min, max: task.max })] ?? 0),
      0,
    );
    if (task.total != null && covered >= task.total) return;
    this.pushSortPasses(task, task.path ?? [], (task.total ?? 0) - covered);
  }

  private remainingPages(): number | null {
    const s = this.state;
    const size = s.pageSize ?? DEFAULT_PAGE_SIZE;
    let pages = 0;
    let unknown = false;
    for (const t of s.stack) {
      if (t.kind === 'rest') continue;
      if (t.kind === 'peel') {
        // The listings not found yet, in windows filled to the target share.
        const left = Math.max(0, (s.reportedTotal ?? 0) - this.asins.length);
        pages += Math.ceil(left / (this.target() / Math.ceil(this.target() / size)));
        unknown = unknown || s.reportedTotalIsLowerBound || s.reportedTotal === null;
        continue;
      }
      if (t.kind === 'window') {
        pages += Math.max(0, (t.lastPage ?? 1) - t.page + 1);
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
    let partitions = done ? 0 : s.stack.filter((t) => t.kind !== 'rest').length;
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
   * from the share of unpriced listings in the departments read in full. Undefined otherwise.
   */
  private estimatedUnpricedMissing(): number | undefined {
    const s = this.state;
    if (this.spec.type !== 'deep' || !s.reportedTotalIsLowerBound || !s.tailCount) return undefined;
    const share = Math.min(0.5, s.tailUnpriced / s.tailCount);
    const priced = this.asins.length - s.unpricedFound + s.unreached;
    const total = priced / (1 - share);
    return Math.max(0, Math.round(total * share) - s.unpricedFound);
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

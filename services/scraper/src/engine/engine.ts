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
 *
 * The parts, one module each: the plan and its checkpoint (checkpoint.ts), what a running scan
 * knows (context.ts), the sweep and `list` (sweep.ts), the peel and its counted windows (peel.ts),
 * zones (zones.ts), the unpriced pass (unpriced.ts), the Functional tile filter (filters.ts). This
 * file runs the loop (fetch the top task's page, let its part plan what follows) and reports
 * progress and coverage.
 */
import { buildSearchUrl } from '@shelfscan/markets';
import { parseResultsPage, type ParsedPage } from '../parser/index.js';
import {
  DEFAULT_PAGE_SIZE,
  OPEN,
  SWEEP_SORT,
  initialState,
  restoreState,
  type EngineState,
  type Task,
} from './checkpoint.js';
import { ORDER_TOLERANCE, ScanContext, WINDOW_FILL } from './context.js';
import { ScanBlockedError } from './errors.js';
import { departmentOf, itemsOf } from './items.js';
import { planPeel, planWindow, preparePeel, windowDone } from './peel.js';
import { coverageLine, scanOutcome, type Coverage } from './progress.js';
import { planSweep } from './sweep.js';
import type {
  PageReport,
  RunOptions,
  ScanCheckpoint,
  ScanEngine,
  ScanEngineDeps,
  ScanProgress,
  ScanResult,
  ScanSpec,
} from './types.js';
import { estimatedUnpricedMissing, nextUnpriced, planTail } from './unpriced.js';
import { pieceTop, planPiece, prepareZone } from './zones.js';

/** Share of the count Amazon reports a scan must find to be `complete` (default of `coverageThreshold`). */
export const DEFAULT_COVERAGE_THRESHOLD = 0.99;
/** Expected share of pages re-served at the price boundary of a sweep (ETA estimate only). */
const SWEEP_OVERLAP = 1.03;

/** One run of a scan: fetches the page of the task on top of the stack, and lets its part plan what follows. */
class Scan {
  private readonly ctx: ScanContext;

  constructor(
    private readonly deps: Required<ScanEngineDeps>,
    spec: ScanSpec,
    state: EngineState,
    seenAsins: readonly string[],
  ) {
    this.ctx = new ScanContext(spec, state, seenAsins);
  }

  async run(options: RunOptions): Promise<ScanResult> {
    const { signal, onPage } = options;
    const s = this.ctx.state;
    while (s.stack.length || nextUnpriced(this.ctx, () => this.coverage())) {
      if (this.ctx.full) break;
      const task = s.stack[s.stack.length - 1];
      if (!this.ready(task)) continue;
      signal?.throwIfAborted();
      const report = await this.readPage(task, signal, Boolean(onPage));
      if (onPage) await onPage(report!);
    }
    const progress = this.progress();
    const coverage = this.coverage();
    const outcome = scanOutcome(coverage, this.ctx.spec.type);
    return {
      asins: [...this.ctx.asins],
      progress,
      coverageLine: coverageLine(coverage, outcome),
      coverage,
      stopReason: this.ctx.full ? 'list-limit' : 'exhausted',
      outcome,
    };
  }

  /**
   * Fetches the page of the top task, learns from it and plans what follows. Its own function so
   * that nothing of the page (hundreds of kB of HTML and its parse) outlives it: `onPage` (the
   * runner's database transaction) is awaited after it returns, and an async function keeps every
   * local of its frame alive across an await (a page kept per running scan lived long enough to be
   * promoted to the old generation, where only a full collection frees it).
   */
  private async readPage(
    task: Task,
    signal: AbortSignal | undefined,
    withReport: boolean,
  ): Promise<PageReport | undefined> {
    const s = this.ctx.state;
    const url = this.urlOf(task);
    const started = this.deps.clock.nowMs();
    const res = await this.deps.pages.fetchSearchPage(url, signal);
    const parsed = parseResultsPage(res.html, { domain: this.ctx.market.domain });
    const kind = parsed.kind;
    if (kind !== 'results' && kind !== 'no-results') {
      throw new ScanBlockedError(this.ctx.market.domain, kind, url, res.status);
    }
    if (res.status >= 400 && kind !== 'results') {
      throw new ScanBlockedError(this.ctx.market.domain, 'http-error', url, res.status);
    }
    s.pagesFetched++;
    if (sortOf(task) === SWEEP_SORT) countPriceOrder(s, parsed);
    const newAsins = this.ctx.record(parsed.tiles, task);
    const items = itemsOf(parsed, newAsins, {
      page: task.page,
      query: url,
      category: departmentOf(parsed, task.nodeId ?? this.ctx.spec.categoryNodeId),
    });
    this.plan(task, parsed);
    s.elapsedMs += Math.max(0, this.deps.clock.nowMs() - started);

    if (!withReport) return undefined;
    return {
      newAsins,
      items,
      sponsored: [...new Set(parsed.sponsored.asins)],
      checkpoint: structuredClone(s) as unknown as ScanCheckpoint,
      progress: this.progress(),
    };
  }

  /** Whether the top task fetches a page now (false: it was popped, or pushed others first). */
  private ready(task: Task): boolean {
    switch (task.kind) {
      case 'peel':
        return preparePeel(this.ctx, task);
      case 'zone':
        return prepareZone(this.ctx, task);
      case 'window':
        if (task.page <= (task.lastPage ?? 1)) return true;
        windowDone(this.ctx, task);
        return false;
      default:
        return true;
    }
  }

  private urlOf(task: Task): string {
    const probe = task.kind === 'peel' || task.kind === 'zone';
    const min = probe ? task.cut : task.min;
    let max = task.kind === 'zone' ? pieceTop(task) : task.max;
    if (max !== undefined && max >= OPEN) max = undefined;
    const priceMinor = min !== undefined || max !== undefined ? { min, max } : undefined;
    const keyword = [this.ctx.spec.keyword?.trim(), ...(task.words ?? [])].filter(Boolean).join(' ');
    return buildSearchUrl(this.ctx.market, {
      sellerId: this.ctx.spec.sellerId,
      keyword: keyword || undefined,
      categoryNodeId: this.ctx.spec.categoryNodeId,
      nodeId: task.nodeId,
      priceMinor,
      starsRefinementId: this.ctx.state.starsId ?? undefined,
      page: task.page,
      sort: sortOf(task),
    });
  }

  /** Decides what comes after the page just fetched for `task` (the top of the stack). */
  private plan(task: Task, parsed: ParsedPage): void {
    const s = this.ctx.state;
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
    if (task.kind === 'peel') return planPeel(this.ctx, task, parsed);
    if (task.kind === 'zone') return planPiece(this.ctx, task, parsed);
    if (task.kind === 'window') return planWindow(this.ctx, task, parsed);
    if (task.kind === 'tail') return planTail(this.ctx, task, parsed);
    planSweep(this.ctx, task, parsed);
  }

  // ------------------------------------------------------------------------------------------------
  // Progress and the honest end

  private remainingPages(): number | null {
    const s = this.ctx.state;
    const size = s.pageSize ?? DEFAULT_PAGE_SIZE;
    const perPage = this.ctx.capacity() / Math.ceil(this.ctx.capacity() / size);
    let pages = 0;
    let unknown = false;
    let peel = false;
    for (const t of s.stack) {
      if (t.kind === 'peel') {
        // The count left covers every range still to peel (once).
        if (!peel) {
          const left = Math.max(0, (s.reportedTotal ?? 0) - this.ctx.asins.length);
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
      if (t.total == null && t.expect) {
        // A band not read yet holds at least what the band before it counted and did not serve.
        pages += Math.ceil((t.expect / size) * SWEEP_OVERLAP);
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
    // "Over 1,000": each query on the stack knows only its bound, which a price sweep meets again
    // with every band (the pages left would stay put). The store's size counted before the scan
    // (spec.expectedTotal) says how much is left, until the queries know more than it does.
    const expected = this.ctx.spec.expectedTotal;
    if (s.reportedTotalIsLowerBound && expected && !this.ctx.filters) {
      const left = Math.max(0, expected - this.ctx.asins.length);
      pages = Math.max(pages, Math.ceil((left / size) * SWEEP_OVERLAP));
    }
    if (!this.ctx.filters) {
      const cap = Math.ceil(Math.max(0, this.ctx.spec.listLimit - this.ctx.asins.length) / size);
      pages = Math.min(pages, cap);
    }
    if (s.stack.length === 0) return 0;
    return unknown && pages === 0 ? null : pages;
  }

  private progress(): ScanProgress {
    const s = this.ctx.state;
    const remaining = this.remainingPages();
    const perPage = s.pagesFetched ? s.elapsedMs / s.pagesFetched : null;
    const capacity = (s.pageCap ?? 0) * (s.pageSize ?? DEFAULT_PAGE_SIZE);
    const done = this.ctx.full;
    let partitions = done ? 0 : s.stack.length + (s.tail?.chunks.length ?? 0);
    const top = s.stack[s.stack.length - 1];
    if (!done && top?.kind === 'sweep' && top.total != null && capacity > 0) {
      const left = Math.max(0, top.total - capacity);
      partitions += Math.ceil(left / capacity);
    }
    return {
      pagesFetched: s.pagesFetched,
      asinsFound: this.ctx.asins.length,
      partitionsLeft: partitions,
      reportedTotal: s.reportedTotal,
      reportedTotalIsLowerBound: s.reportedTotalIsLowerBound,
      etaSeconds: remaining === null || perPage === null ? null : Math.round((remaining * perPage) / 1000),
    };
  }

  private coverage(): Coverage {
    const s = this.ctx.state;
    return {
      found: this.ctx.asins.length,
      reported: s.reportedTotal,
      reportedIsLowerBound: s.reportedTotalIsLowerBound,
      listLimit: this.ctx.spec.listLimit,
      stoppedAtListLimit: this.ctx.full,
      filtered: this.ctx.filters !== null,
      threshold: this.deps.coverageThreshold,
      unreached: s.unreached,
      unpricedFound: s.unpricedFound,
      estimatedUnpricedMissing: estimatedUnpricedMissing(this.ctx),
      orderChecked: this.ctx.spec.type !== 'deep' ? undefined : s.orderViolations ? 'violated' : 'trusted',
    };
  }
}

/** The sort order of a task's query. */
function sortOf(task: Task): Task['sort'] {
  return task.kind === 'peel' || task.kind === 'zone' || task.kind === 'tail' ? SWEEP_SORT : task.sort;
}

/** Counts the adjacent priced tiles of a page sorted by price (most expensive first) that kept the order. */
function countPriceOrder(s: EngineState, parsed: ParsedPage): void {
  let prev: number | null = null;
  for (const t of parsed.tiles) {
    if (!t.price) continue;
    if (prev !== null) {
      s.priceOrder[1]++;
      if (t.price.minor <= prev * (1 + ORDER_TOLERANCE)) s.priceOrder[0]++;
    }
    prev = t.price.minor;
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

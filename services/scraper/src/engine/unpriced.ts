/**
 * The unpriced pass: listings without a price are never served by a price filter and come last in
 * price orders. Keyword queries matching at most a query's worth of priced titles put them within
 * reach, at the position the titles predict: about one page each, read while one is expected to
 * find at least MIN_YIELD new listings. What the pass did not read is estimated (the honest end).
 */
import type { ParsedPage } from '../parser/index.js';
import {
  DEFAULT_PAGE_CAP,
  DEFAULT_PAGE_SIZE,
  type TailChunk,
  type TailState,
  type Task,
} from './checkpoint.js';
import { childNodes, EXACT_LIMIT, IN_ORDER_SHARE, type ScanContext } from './context.js';
import { scanOutcome, type Coverage } from './progress.js';

/** Unpriced pass: a keyword query expected to find fewer new listings than this is not read. */
const MIN_YIELD = 0.75;
/** Unpriced pass on a store whose count Amazon gives only as "over 1,000": queries read before the rate is trusted. */
const TAIL_SAMPLE = 5;
/**
 * The closing of the unpriced pass: past the MIN_YIELD stop, the queries left are read, most
 * gaining first, while they are expected to hold at least CLOSING_EXPECTED unpriced listings
 * together (Amazon's exact count says how many are missing; on a store it counts only as "over
 * 1,000", the share the queries read) — a tracked store's diff reports every listing a run missed
 * as "added" by the next run. At most CLOSING_QUERIES of them: a listing in none still ends the run.
 */
const CLOSING_EXPECTED = 0.5;
const CLOSING_QUERIES = 24;

function allReportedFound(ctx: ScanContext): boolean {
  const s = ctx.state;
  return !s.reportedTotalIsLowerBound && s.reportedTotal !== null && ctx.asins.length >= s.reportedTotal;
}

/** Unpriced listings still missing when Amazon's count of the store is exact (null: it is not). */
function exactMissing(ctx: ScanContext): number | null {
  const s = ctx.state;
  if (s.reportedTotalIsLowerBound || s.reportedTotal === null) return null;
  return Math.max(0, s.reportedTotal - ctx.asins.length - s.unreached);
}

/**
 * When a Deep scan's queries are done and the store is bigger than one query: plans the
 * unpriced pass (once) and pushes its next keyword query while one is expected to find at least
 * MIN_YIELD new listings. Returns whether it pushed one. `coverage`: the scan's coverage now (its
 * outcome tells whether the pass may stop).
 */
export function nextUnpriced(ctx: ScanContext, coverage: () => Coverage): boolean {
  const s = ctx.state;
  if (ctx.spec.type !== 'deep' || ctx.full) return false;
  if (!s.tail) {
    const root = s.reportedTotal;
    const rootFit = root !== null && !s.reportedTotalIsLowerBound && root <= ctx.capacity();
    if (root === null || rootFit || allReportedFound(ctx)) return false;
    s.tail = planTails(ctx);
  }
  const tail = s.tail;
  while (tail.chunks.length) {
    const missing = exactMissing(ctx);
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
    else if (unpricedUndecided(ctx, coverage)) perTitle = Infinity;
    else perTitle = tail.unpriced / Math.max(1, tail.priced * tail.known);
    // The queries come most-gaining first: the first below the yield ends the pass, unless the
    // closing reads on (closes()). While the queries read cannot yet tell complete from partial,
    // the pass reads on (above).
    const closing = tail.chunks[0].gain * perTitle < MIN_YIELD;
    if (closing && !closes(tail, perTitle)) {
      tail.skipped += tail.chunks.reduce((a, c) => a + c.gain, 0);
      tail.chunks = [];
      return false;
    }
    if (closing) tail.closing = (tail.closing ?? 0) + 1;
    const chunk = tail.chunks.shift()!;
    // The price order not kept: the query from its first page, until its count's unpriced are seen.
    const whole = tail.unordered ? { full: true } : {};
    if (chunk.nodeId) {
      // A department: its count first (page 1), then its last pages.
      s.stack.push({ kind: 'tail', nodeId: chunk.nodeId, page: 1, pages: [], tailAt: null, ...whole });
      return true;
    }
    // Where its unpriced listings start: its priced listings, as the titles counted them.
    const start = Math.floor((chunk.priced ?? 0) / tail.known);
    const size = s.pageSize ?? DEFAULT_PAGE_SIZE;
    s.stack.push({
      kind: 'tail',
      words: chunk.words,
      start,
      page: tail.unordered ? 1 : Math.floor(start / size) + 1,
      pages: [],
      tailAt: null,
      ...whole,
    });
    return true;
  }
  return false;
}

/** Whether the closing reads the next query (past the MIN_YIELD stop; see CLOSING_EXPECTED). */
function closes(tail: TailState, perTitle: number): boolean {
  if ((tail.closing ?? 0) >= CLOSING_QUERIES) return false;
  const left = tail.chunks.reduce((a, c) => a + c.gain, 0);
  return left * perTitle >= CLOSING_EXPECTED;
}

/** The keyword queries of the unpriced pass, from the titles of the priced listings seen. */
function planTails(ctx: ScanContext): TailState {
  const capacity = ctx.capacity();
  const missing = exactMissing(ctx);
  const priced = Math.max(1, ctx.asins.length - ctx.state.unpricedFound);
  // After a resume the titles seen before it are gone: counts of the titles seen stand for a share.
  const known = Math.min(1, Math.max(0.05, ctx.titles.pricedCount() / priced));
  // Leave room for the query's own unpriced listings after its priced ones.
  const rate = missing !== null ? missing / priced : 0.05;
  const limit = Math.max(4, Math.floor((capacity * known) / (1 + 2 * Math.min(rate, 1))));
  const minGain = Math.max(2, Math.floor((known * Math.ceil(MIN_YIELD / Math.max(rate, 0.01))) / 2));
  const plan = ctx.titles.cover({ limit, minGain, exclude: ctx.specWords });
  const chunks: TailChunk[] = plan.chunks;
  // Titles too alike to split the store: the departments of the left navigation instead.
  const nodes = ctx.state.rootNodes;
  if (plan.uncovered > plan.pricedTitles / 2 && nodes.length) {
    const gain = Math.max(1, Math.floor(plan.uncovered / nodes.length));
    chunks.push(...nodes.map((nodeId) => ({ words: [], nodeId, gain })));
    plan.uncovered = 0;
  }
  const byNode = chunks.some((c) => c.nodeId);
  return {
    chunks,
    read: 0,
    unpriced: 0,
    priced: 0,
    uncovered: plan.uncovered,
    skipped: 0,
    beyondCap: 0,
    known,
    ...(priceOrderKept(ctx) ? {} : { unordered: true }),
    ...(byNode ? { byNode } : {}),
  };
}

/**
 * Whether the store honours the price sort, from the adjacent priced tiles of the price-sorted
 * pages read so far (a store that ignores `s=` serves its featured order: about half the pairs
 * out of order). Too few pairs to tell: trusted, and each query's pages check it again.
 */
function priceOrderKept(ctx: ScanContext): boolean {
  const [kept, pairs] = ctx.state.priceOrder;
  return pairs < 2 * (ctx.state.pageSize ?? DEFAULT_PAGE_SIZE) || kept >= IN_ORDER_SHARE * pairs;
}

/**
 * A query showed that the price order is not kept: from now on every query is read by its count.
 * The queries read before were read by position: what they counted stands for nothing, their
 * titles count as not read (the estimate covers them).
 */
function unorder(tail: TailState): void {
  if (tail.unordered) return;
  tail.unordered = true;
  tail.skipped += tail.priced;
  tail.read = 0;
  tail.priced = 0;
  tail.unpriced = 0;
  tail.beyondCap = 0;
}

/**
 * A query read from its first page (the order not kept), done: its unpriced listings are its
 * count less the priced titles matching its words (every one of them is in the query); those not
 * seen anywhere yet are counted as missing. A department (no words), or after a resume (the titles
 * are a share): the unpriced tiles its pages served, and what they did not serve counted as missing.
 */
function countWhole(ctx: ScanContext, task: Task, tail: TailState): void {
  const total = task.total ?? 0;
  const titles = task.words?.length && !ctx.resumed ? ctx.titles.countPricedMatching(task.words) : null;
  const notServed = Math.max(0, total - (task.servedSeen ?? 0));
  const unpriced = titles ? Math.max(0, total - titles.priced) : (task.unpricedSeen ?? 0) + notServed;
  const found = titles ? Math.min(titles.unpriced, unpriced) : (task.unpricedSeen ?? 0);
  tail.unpriced += unpriced;
  tail.priced += Math.max(0, total - unpriced);
  tail.beyondCap += Math.max(0, unpriced - found);
}

/** A keyword query read from its first page: every unpriced listing its count holds is seen (in it or before). */
function wholeSeen(ctx: ScanContext, task: Task): boolean {
  if (!task.words?.length || ctx.resumed || task.total == null) return false;
  const titles = ctx.titles.countPricedMatching(task.words);
  return titles.unpriced >= task.total - titles.priced;
}

/**
 * A tail page: the query lists its priced listings first, its unpriced ones after them. Reads
 * on until the first unpriced position and the last one are both seen (or out of reach).
 */
export function planTail(ctx: ScanContext, task: Task, parsed: ParsedPage): void {
  const s = ctx.state;
  const tail = s.tail!;
  const size = s.pageSize ?? DEFAULT_PAGE_SIZE;
  const pages = (task.pages = [...(task.pages ?? []), task.page]);
  const done = (): void => {
    s.stack.pop();
    tail.read++;
    if (task.full) return countWhole(ctx, task, tail);
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
  if (task.nodeId && task.start === undefined && task.total > ctx.capacity()) {
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
    task.unpricedSeen = (task.unpricedSeen ?? 0) + tiles.filter((t) => !t.price).length;
    task.servedSeen = (task.servedSeen ?? 0) + tiles.length;
    const next = task.page + 1;
    if (!wholeSeen(ctx, task) && next <= (task.lastPage ?? 1) && parsed.nextPageHref) task.page = next;
    else done();
    return;
  }
  // The order kept? An unpriced tile followed by a priced one says the query is not price-sorted,
  // and so does one before the position of the priced titles it matches (not after a resume: the
  // titles are a share). The query is then read from its first page, and so are the next ones.
  const before = !ctx.resumed && firstUnpriced >= 0 && from + firstUnpriced < (task.start ?? 0);
  if (firstUnpriced >= 0 && (before || tiles.slice(firstUnpriced).some((t) => t.price))) {
    unorder(tail);
    task.full = true;
    task.tailAt = null;
    const first = task.page === 1;
    task.unpricedSeen = first ? tiles.filter((t) => !t.price).length : 0;
    task.servedSeen = first ? tiles.length : 0;
    task.page = first ? 2 : 1;
    if (task.page > (task.lastPage ?? 1) || (first && wholeSeen(ctx, task))) done();
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
  const known = ctx.resumed ? 0 : (task.start ?? 0);
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

/**
 * When Amazon gives only a lower bound for the store: the unpriced listings not found, estimated
 * from the unpriced share the keyword queries read (their counts are exact) applied to the priced
 * titles no query read covered, plus those counted beyond a query's reach. Undefined otherwise.
 * `bound` (the outcome's): the share is the upper end of its 95 % (one-sided) Wilson interval, and
 * the count it gives is raised by its own spread; not the share read: a few
 * queries that happened to hold no unpriced listing (5 queries, 93 priced listings, none unpriced,
 * in a store with 3 %) must not make the estimate 0 and the scan "complete" (a scan may say
 * partial that is not, never complete that is not); over many queries the two come close.
 */
export function estimatedUnpricedMissing(ctx: ScanContext, bound = true): number | undefined {
  const s = ctx.state;
  const tail = s.tail;
  if (ctx.spec.type !== 'deep' || !s.reportedTotalIsLowerBound || !tail || !tail.read) return undefined;
  let notRead = tail.skipped + tail.uncovered + tail.chunks.reduce((a, c) => a + c.gain, 0);
  // Departments (disjoint, their priced listings counted once): the priced listings found that
  // none of them served stand for the listings in no department read.
  if (tail.byNode)
    notRead = Math.max(notRead, (ctx.asins.length - s.unpricedFound - tail.priced) * tail.known);
  const rate = bound ? unpricedRate(tail) : tail.unpriced / Math.max(1, tail.priced);
  const expected = (rate * notRead) / tail.known;
  // How many the titles not read hold varies around what the share says (a count, ~Poisson):
  // the bound adds its one-sided 95 % spread (issue 18: 17 missing where the share said 15).
  const spread = bound ? Z95 * Math.sqrt(expected) : 0;
  return Math.round(expected + spread + tail.beyondCap);
}

/**
 * The unpriced pass cannot stop yet: the share its queries read says the scan is complete, the
 * upper end of that share says it may not be. Each query read narrows the interval.
 */
function unpricedUndecided(ctx: ScanContext, coverage: () => Coverage): boolean {
  const c = coverage();
  const seen = estimatedUnpricedMissing(ctx, false);
  return (
    scanOutcome({ ...c, estimatedUnpricedMissing: seen }, 'deep') === 'complete' &&
    scanOutcome(c, 'deep') === 'partial'
  );
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

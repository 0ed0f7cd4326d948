/**
 * The price sweep (Deep and Functional's first strategy) and the plain `list` query (Standard, or
 * a sort-order pass): the store sorted by price, most expensive first, paged to the cap; the next
 * query is the band up to the last price seen. Efficient, but only on a store that keeps the
 * order: every page is checked, and a page out of order switches the rest to counted windows
 * (`peel`). A `list` is paged to its end (the cap).
 */
import type { ParsedPage, ResultTile } from '../parser/index.js';
import { baseOf, DEFAULT_PAGE_SIZE, type Task } from './checkpoint.js';
import { ORDER_TOLERANCE, childNodes, type ScanContext } from './context.js';
import { headOf } from './peel.js';

/** The order check tolerates this many violations on one page (a sponsored or variation tile). */
const ORDER_VIOLATIONS_ALLOWED = 1;

/** What comes after a page of a `list` or `sweep` task (the top of the stack). */
export function planSweep(ctx: ScanContext, task: Task, parsed: ParsedPage): void {
  const s = ctx.state;
  const first = task.page === 1;
  if (first) readFirstPage(ctx, task, parsed);
  // Verify, don't trust: a Deep sweep relies on the price order; a page out of order switches
  // the rest of its range to counted windows (the listings already seen are kept). A query
  // that fits in what one query serves is paged to its end whatever its order.
  if (task.kind === 'sweep' && !fits(ctx, task) && outOfOrder(ctx, task, parsed)) {
    s.orderViolations++;
    s.stack.pop();
    const head = first ? headOf(ctx, parsed) : undefined;
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
  if (ctx.state.starsId === undefined && ctx.filters) {
    const wanted = ctx.filters.minStars ?? 0;
    const bucket = parsed.starRefinements
      .filter((r) => r.minStars !== null && r.minStars <= wanted)
      .sort((a, b) => (b.minStars ?? 0) - (a.minStars ?? 0))[0];
    ctx.state.starsId = bucket?.id ?? null;
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
  if (task.kind === 'sweep') continueSweep(ctx, task);
  // A `list` (Standard, or a sort-order pass) ends at the cap: nothing more to do.
}

/** What the first page of a query tells: its count, last page, first price; the store's count. */
function readFirstPage(ctx: ScanContext, task: Task, parsed: ParsedPage): void {
  const s = ctx.state;
  const count = parsed.resultCount;
  task.total = parsed.kind === 'no-results' ? 0 : (count?.total ?? parsed.tiles.length);
  task.lowerBound = parsed.kind === 'results' && !!count?.isLowerBound;
  task.lastPage = parsed.lastPage;
  task.served = 0;
  task.firstPrice = maxPrice(parsed.tiles);
  if (task.root) {
    s.reportedTotal = task.total;
    s.reportedTotalIsLowerBound = task.lowerBound;
    if (ctx.spec.type === 'deep') s.rootNodes = childNodes(parsed);
  }
}

/** Whether a query's reported count fits in what one query serves. */
function fits(ctx: ScanContext, task: Task): boolean {
  if (task.lowerBound || task.total == null) return false;
  const size = ctx.state.pageSize ?? DEFAULT_PAGE_SIZE;
  return task.total <= Math.max(1, task.lastPage ?? 1) * size;
}

/**
 * After a sweep query ran out of pages with more results reported: the next band starts at the
 * last price seen (inclusive: listings sharing it may remain). When the whole query was one
 * price, that price holds more listings than a query serves: the rest of the range goes to
 * counted windows, which split such a price by keywords.
 */
function continueSweep(ctx: ScanContext, task: Task): void {
  const s = ctx.state;
  const edge = task.lastPrice;
  const top = task.max ?? task.firstPrice ?? undefined;
  if (edge == null) {
    s.stack.push({ kind: 'peel', ...baseOf(task), min: task.min ?? 0, max: task.max, page: 1, depth: 0 });
    return;
  }
  // Everything above the last price was served: an exact count for the price model.
  const served = [...ctx.priceOf.values()].filter((p) => p > edge && p <= (top ?? Infinity)).length;
  if (top !== undefined && top > edge && served > 0 && !ctx.filters && !task.nodeId && !task.words)
    ctx.observe([edge + 1, top, served]);
  const start = task.firstPrice ?? edge;
  if (edge < start) {
    const expect = Math.max(0, (task.total ?? 0) - (task.served ?? 0));
    s.stack.push({
      kind: 'sweep',
      ...baseOf(task),
      sort: task.sort,
      min: task.min,
      max: edge,
      page: 1,
      ...(expect ? { expect } : {}),
    });
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

/** Whether a price-sorted page breaks the order the sweep relies on (beyond the tolerance). */
function outOfOrder(ctx: ScanContext, task: Task, parsed: ParsedPage): boolean {
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

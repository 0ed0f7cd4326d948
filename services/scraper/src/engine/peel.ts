/**
 * Order-independent partitioning: counted price windows (`peel`), cut from the top of a range.
 * Amazon's count is exact below 1,000; a window whose count fits one query is paged through and
 * checked (served = counted, `window`); the cut comes from a model of the store's prices (cent
 * endings, density, calibrated by every count seen), so few probes are wasted. Where a price ahead
 * holds more listings than a query serves, a zone takes the range around it (zones.ts).
 */
import type { SearchSort } from '@shelfscan/markets';
import type { ParsedPage } from '../parser/index.js';
import { baseOf, DEFAULT_PAGE_SIZE, OPEN, SWEEP_SORT, type Task } from './checkpoint.js';
import {
  countOf,
  IN_ORDER_SHARE,
  OBS_KEEP,
  ORDER_TOLERANCE,
  WINDOW_FILL,
  type ScanContext,
} from './context.js';
import { PriceModel, centShares, type Observation } from './price-model.js';
import { pushZone } from './zones.js';

/** A zone holds at most about this many listings (more zones follow when prices stay crowded). */
const ZONE_TARGET = 8000;
/** A price is taken for crowded (more listings than a query serves) when predicted above this share of it. */
const CROWDED_MARGIN = 1.15;
/** A keyword part's share of the store from its titles counts as this many predicted listings. */
const SHARE_PRIOR = 150;
/** A cent ending holding at most this share of listings is sparse: a window may overlap there. */
const SPARSE_SHARE = 0.02;
/** Orders tried, one after the other, on a window that served fewer listings than it counted. */
const WINDOW_RETRY_SORTS: SearchSort[] = ['price-asc-rank', 'date-desc-rank'];
/** Zones inside zones (a crowded price inside one keyword's part) at most this deep. */
const MAX_ZONE_DEPTH = 3;

/**
 * The price model of a peel: the store's shape (its recent exact counts, and the pieces of the
 * zone it works in), scaled by the peel's own counts (a keyword part holds a share of the store).
 */
function modelFor(ctx: ScanContext, task: Task, top: number): PriceModel {
  const s = ctx.state;
  let obs = s.obs;
  if (!obs.length) {
    // Nothing counted yet: the highest prices seen stand in for the top of the store.
    const seen = [...ctx.priceOf.values()].filter((p) => p <= top).sort((a, b) => b - a);
    const k = Math.min(seen.length, 12);
    if (k > 0) obs = [[seen[k - 1], Math.max(top, seen[0]), k]];
  }
  const pieces = ctx.segmentsFor(task, top);
  const model = new PriceModel(s.cents, obs, pieces);
  if (task.bracket && task.bracket[1] > 0) {
    model.calibrate(task.bracket[0], top, task.bracket[1]);
  } else if (!ctx.isStoreLevel(task)) {
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
export function preparePeel(ctx: ScanContext, task: Task): boolean {
  const s = ctx.state;
  const floor = task.min ?? 0;
  const top = task.max;
  if (top !== undefined && (top < floor || (task.overlap && top <= floor))) {
    s.stack.pop();
    return false;
  }
  if (task.cut !== undefined) return true;
  const capacity = ctx.capacity();
  const topP = ctx.finiteTop(top, floor);
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
  const model = modelFor(ctx, task, topP);
  const windowTarget = Math.floor(capacity * WINDOW_FILL);
  const failed = bracket && (bracket[2] || bracket[1] > capacity) ? bracket[0] : undefined;
  const lowest = failed !== undefined ? Math.min(failed + 1, hi) : floor;
  if ((task.depth ?? 0) < MAX_ZONE_DEPTH && model.known) {
    // Crowded prices are predicted for the store; inside a zone, only a count proves one.
    const crowded =
      task.crowded !== undefined && task.crowded <= hi
        ? task.crowded
        : ctx.isStoreLevel(task) && !task.depth
          ? model.firstCrowded(hi, floor, capacity * CROWDED_MARGIN, windowTarget * 2)
          : null;
    if (crowded !== null && crowded >= floor) {
      pushZone(ctx, task, Math.max(floor, model.cutFor(topP, floor, ZONE_TARGET)), model);
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
export function planPeel(ctx: ScanContext, task: Task, parsed: ParsedPage): void {
  const s = ctx.state;
  const floor = task.min ?? 0;
  const cut = task.cut ?? floor;
  const top = task.max;
  const { c, lb } = countOf(parsed);
  task.cut = undefined;
  // A probe from page 2 (the head stands for its first page): no page 2 means the head alone.
  const head = task.page === 2 ? (task.head?.asins ?? []) : [];
  if (task.page === 2 && parsed.kind !== 'results') {
    takeWindow(ctx, task, parsed, cut, head.length, head);
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
  const topP = ctx.finiteTop(top, cut);
  const single = top !== undefined && cut >= (task.overlap ? top - 1 : topP);
  if ((!lb && c <= ctx.capacity()) || (single && (task.depth ?? 0) >= MAX_ZONE_DEPTH)) {
    // A window (or one price too crowded to split further: what a query serves of it, the rest
    // counted as missing).
    takeWindow(ctx, task, parsed, cut, c, head);
    return;
  }
  // Too many: remember the count and narrow (a single price: a zone splits it). A full page of
  // one price says that price is crowded too (it holds at least the page): a zone takes it.
  task.bracket = [cut, c, lb ? 1 : 0];
  const prices = new Set(parsed.tiles.map((t) => t.price?.minor));
  const onePrice = parsed.tiles.length >= (ctx.state.pageSize ?? DEFAULT_PAGE_SIZE) && prices.size === 1;
  const price = parsed.tiles[0]?.price?.minor;
  if (single) task.crowded = cut;
  else if (onePrice && price !== undefined && price >= cut) task.crowded = price;
  if (task.page === 1) task.head = headOf(ctx, parsed);
}

/**
 * The first page of a price-sorted query, kept to stand for the first page of a narrower window
 * at the same top — only when it is a full page in price order (in another order, or one that
 * changes between loads, the narrower window's first page could differ).
 */
export function headOf(ctx: ScanContext, parsed: ParsedPage): Task['head'] {
  const size = ctx.state.pageSize ?? DEFAULT_PAGE_SIZE;
  const prices = parsed.tiles.map((t) => t.price?.minor);
  if (parsed.tiles.length < size || prices.some((p) => p === undefined)) return undefined;
  let ordered = 0;
  for (let i = 1; i < prices.length; i++) if (prices[i]! <= prices[i - 1]! * (1 + ORDER_TOLERANCE)) ordered++;
  if (ordered < IN_ORDER_SHARE * (prices.length - 1)) return undefined;
  return { lo: Math.min(...(prices as number[])), asins: parsed.tiles.map((t) => t.asin) };
}

/** The probe of [cut, max] fits a query: it is the window's first page; the peel continues below. */
function takeWindow(
  ctx: ScanContext,
  task: Task,
  parsed: ParsedPage,
  cut: number,
  c: number,
  head: string[] = [],
): void {
  const s = ctx.state;
  const floor = task.min ?? 0;
  const max = task.max !== undefined && task.max < OPEN ? task.max : undefined;
  const got = [...new Set([...head, ...parsed.tiles.map((t) => t.asin)])];
  const page = task.page;
  const lastPage = parsed.nextPageHref ? Math.max(parsed.lastPage ?? page, page) : page;
  task.head = undefined;
  const o: Observation = [cut, max ?? Math.max(ctx.maxPrice, cut), c];
  if (ctx.isStoreLevel(task) && !ctx.filters) ctx.observe(o);
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

/** A counted window's page: collect what it served; done when it served its count. */
export function planWindow(ctx: ScanContext, task: Task, parsed: ParsedPage): void {
  const got = new Set(task.got ?? []);
  for (const t of parsed.tiles) got.add(t.asin);
  task.got = [...got];
  if (task.page === 1) task.lastPage = parsed.nextPageHref ? Math.max(parsed.lastPage ?? 1, 1) : 1;
  if (got.size >= (task.total ?? 0) || parsed.kind !== 'results' || !parsed.nextPageHref) {
    task.lastPage = Math.min(task.lastPage ?? task.page, task.page);
  }
  if (got.size >= (task.total ?? 0)) {
    ctx.state.stack.pop();
    return;
  }
  task.page++;
}

/** A window paged to its end served fewer listings than it counted: another order, or unreached. */
export function windowDone(ctx: ScanContext, task: Task): void {
  const s = ctx.state;
  const inZone = ctx.zoneOf(task) !== undefined;
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

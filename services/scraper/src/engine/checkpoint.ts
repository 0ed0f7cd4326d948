/**
 * The scan's plan and its checkpoint: the stack of queries ("tasks") the engine builds itself, the
 * state every page updates (JSON: the checkpoint from which a scan resumes), how a scan starts and
 * how it continues from a checkpoint.
 */
import type { SearchSort } from '@shelfscan/markets';
import { ScanCheckpointError } from './errors.js';
import { toMinor } from './filters.js';
import type { Observation } from './price-model.js';
import type { CoverChunk } from './title-index.js';
import type { ScanCheckpoint, ScanSpec } from './types.js';

/**
 * The checkpoint format. 3: model-cut counted windows (`peel` with brackets), keyword zones,
 * keyword tails for unpriced listings, a title sample. A checkpoint of another version restarts the scan's planning
 * (the ASINs already stored are kept, so nothing is reported twice).
 */
export const CHECKPOINT_VERSION = 3;

/** The open top of a price range (no upper `p_36` bound), JSON-safe. */
export const OPEN = Number.MAX_SAFE_INTEGER;

/** Organic results per page when no page has told us yet (estimates only). */
export const DEFAULT_PAGE_SIZE = 16;
/** Pages one query serves when no query has hit the cap yet (Amazon's usual 7). */
export const DEFAULT_PAGE_CAP = 7;
/**
 * Deep sweeps run from the most expensive listing down: price distributions are skewed to the
 * cheap end, where many listings share a price (.99 endings); the expensive end is sparse, so
 * bands there rarely hold more listings at one price than a query serves, and a list-limited scan
 * fills its list from there.
 */
export const SWEEP_SORT: SearchSort = 'price-desc-rank';

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
  /**
   * tail: the order is not kept, so the query is read from its first page on, until the unpriced
   * listings its count holds are all seen (or its pages end); `unpricedSeen`/`servedSeen`: the
   * unpriced tiles and all tiles its pages served (a department's, whose titles give no count).
   */
  full?: boolean;
  unpricedSeen?: number;
  servedSeen?: number;
  /**
   * sweep: the listings the band before it counted and did not serve, its least count until its
   * own first page is read (the pages left, estimates only).
   */
  expect?: number;
}

/** A zone's piece: [lo, hi] counted by Amazon (`count`), and the listings found in it so far. */
type Piece = [lo: number, hi: number, count: number, found: number];

/**
 * A query of the unpriced pass: title keywords (`gain`: priced titles it matches that no earlier
 * one did), or a department when the titles cannot split the store.
 */
export type TailChunk = Pick<CoverChunk, 'words' | 'gain'> & { priced?: number; nodeId?: string };

/** The unpriced pass: keyword queries planned from the titles, and what the ones read found. */
export interface TailState {
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
  /**
   * The store does not keep the price order (its price-sorted pages are not in price order, or a
   * query showed an unpriced listing before a priced one): unpriced listings are anywhere in a
   * query, so every query is read by its count (`Task.full`), not at the position the titles say.
   */
  unordered?: boolean;
  /**
   * Departments read instead of (some) keyword queries (titles too alike to split the store):
   * the listings in no department read (in none at all, or in a parent and none of its children
   * read) are estimated from the priced listings found that no query of the pass served.
   */
  byNode?: boolean;
  /** Queries the closing read past the MIN_YIELD stop (unpriced.ts, CLOSING_QUERIES). */
  closing?: number;
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
  /**
   * Adjacent priced tiles of the pages read in price order (most expensive first): how many pairs
   * kept the order, of how many (whether the store honours the price sort at all, unpriced.ts).
   */
  priceOrder: [kept: number, pairs: number];
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

export function initialState(spec: ScanSpec): EngineState {
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
    priceOrder: [0, 0],
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
export function restoreState(
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

/** The part of a task that makes its query (besides price, sort and page). */
export function baseOf(t: Task): Pick<Task, 'nodeId' | 'words'> {
  return { ...(t.nodeId ? { nodeId: t.nodeId } : {}), ...(t.words?.length ? { words: t.words } : {}) };
}

/** A member of a zone's family applied to a base query. */
export function refine(base: Pick<Task, 'nodeId' | 'words'>, member: string): Pick<Task, 'nodeId' | 'words'> {
  if (member.startsWith('n:')) return { ...base, nodeId: member.slice(2) };
  return { ...base, words: [...(base.words ?? []), member.slice(2)] };
}

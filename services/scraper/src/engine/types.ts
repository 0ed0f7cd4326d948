import type { CoverageFacts } from '@shelfscan/contracts';
import type { Clock } from '@shelfscan/service';
/**
 * The scan engine's contract, shared by the strategies (engine/) and the durable job runner
 * (jobs/). The engine is pure scan logic over a page source; the runner persists what it reports
 * after every page and can resume it from the last checkpoint after a crash.
 */
import type { MarketCode } from '@shelfscan/markets';

export type ScanType = 'standard' | 'deep' | 'functional';

export interface FunctionalFilters {
  amazonsChoice?: boolean;
  bestSeller?: boolean;
  /** Star range, inclusive, 0–5. */
  minStars?: number;
  maxStars?: number;
  /** Price range in the market's major currency units, inclusive. */
  minPrice?: number;
  maxPrice?: number;
}

export interface ScanSpec {
  market: MarketCode;
  sellerId: string;
  type: ScanType;
  keyword?: string;
  /**
   * Restrict every query to this department (a top-level browse node id): `rh=n:<id>,p_6:<seller>`.
   * The job runner runs a scan of several departments as one run per department.
   */
  categoryNodeId?: string;
  /** Functional scans only. */
  filters?: FunctionalFilters;
  /** Stop once this many ASINs are found (the 2720 list limit, a system parameter). */
  listLimit: number;
  /**
   * The store's size as counted before the scan (its price ranges counted by the estimate, see
   * store-count.ts), when Amazon reports only "over 1,000": the pages still expected (and so the
   * ETA) come from it until the scan knows more. It changes no page the scan reads.
   */
  expectedTotal?: number;
}

/**
 * Everything needed to continue a scan from where it stopped; JSON-serialisable, opaque to the
 * runner (which stores it as jsonb after each page). The ASINs found so far are NOT in here: the
 * runner stores them (one row each) and hands them back on resume.
 */
export type ScanCheckpoint = Record<string, unknown> & { version: number };

export interface ScanProgress {
  pagesFetched: number;
  asinsFound: number;
  /** Partitions (queries) still to run, for Deep scans; 0 or 1 otherwise. */
  partitionsLeft: number;
  /** The store size Amazon reported (lower bound when it says "over 1,000"), if known. */
  reportedTotal: number | null;
  reportedTotalIsLowerBound: boolean;
  /** Seconds left, estimated from measured page rate and the remaining work; null when unknown. */
  etaSeconds: number | null;
}

/** What the scan saw of an ASIN on the page where it first kept it (items.ts); absent facts null. */
export interface ScanItem {
  asin: string;
  title: string | null;
  /** In the market's major units. */
  price: number | null;
  /** ISO 4217. */
  currency: string | null;
  /** The struck-through list price ("List:", "Was:"). */
  listPrice: number | null;
  stars: number | null;
  reviewCount: number | null;
  amazonsChoice: boolean;
  bestSeller: boolean;
  prime: boolean;
  /** The department the scan's query ran in (its label), null for a store-wide query. */
  category: string | null;
  /** The page (1-based) and the URL of the query it was first seen on. */
  page: number;
  query: string;
}

export interface PageReport {
  /** ASINs first seen on this page (never one reported before, in this run or before a resume). */
  newAsins: string[];
  /** Store scans: the facts of `newAsins`, in their order. */
  items?: ScanItem[];
  /** Store scans: the ASINs of the page's sponsored tiles (an ASIN "also seen sponsored"). */
  sponsored?: string[];
  checkpoint: ScanCheckpoint;
  progress: ScanProgress;
}

export interface ScanResult {
  /** Every ASIN found, in discovery order (including those found before a resume). */
  asins: string[];
  progress: ScanProgress;
  /** "Found 1,234 ASINs of the 1,240 Amazon reports (99.5%)." */
  coverageLine: string;
  /** Why the scan ended: all partitions done, list limit reached. */
  stopReason: 'exhausted' | 'list-limit';
  /** The numbers behind `coverageLine`, so a UI can word it in its own language. */
  coverage?: ScanCoverage;
  /** An ASIN check: the ASINs checked and what was found for them. */
  asinCheck?: AsinCheckCounts;
  /**
   * `complete`: coverage reached the threshold of the reported count, or the list limit; `partial`:
   * listings are missing and `coverageLine` says how many and why.
   */
  outcome: ScanOutcome;
  /** The checkpoint was of another format version: the planning restarted (stored ASINs kept). */
  replanned?: boolean;
}

export type ScanOutcome = 'complete' | 'partial';

/** What an ASIN check found for its list (ScanCoverage.asinCheck). */
export type AsinCheckCounts = NonNullable<CoverageFacts['asinCheck']>;

export interface ScanCoverage {
  /** ASINs found. */
  found: number;
  /** The count Amazon reported for the store (or the refined search), null when it showed none. */
  reported: number | null;
  /** True when Amazon only said "over N". */
  reportedIsLowerBound: boolean;
  listLimit: number;
  /** The scan stopped because it reached the list limit. */
  stoppedAtListLimit: boolean;
  /** Functional scans: `found` counts matching ASINs only, `reported` is the refined search's count. */
  filtered: boolean;
  /** The share of `reported` a complete scan finds (0..1). */
  threshold?: number;
  /** Listings counted by a price window or partition that its pages did not serve, after retries. */
  unreached?: number;
  /** Listings found that show no price (a price filter never serves them). */
  unpricedFound?: number;
  /**
   * Amazon gave only a lower bound: the unpriced listings not found, estimated from the share of
   * unpriced listings the keyword queries of the unpriced pass counted (absent when none was read).
   */
  estimatedUnpricedMissing?: number;
  /** Deep: a price sort failed its order check and counted windows were used instead. */
  orderChecked?: 'trusted' | 'violated';
}

export interface RunOptions {
  /** Continue from a checkpoint; `seenAsins` are the ASINs already stored for this scan. */
  resume?: { checkpoint: ScanCheckpoint; seenAsins: readonly string[] };
  signal?: AbortSignal;
  /**
   * Called after every fetched page, before the next one is requested. The runner persists the
   * new ASINs and the checkpoint in one transaction here; if it throws, the scan stops.
   */
  onPage?: (report: PageReport) => Promise<void>;
}

/** Fetches one engine-built search URL and returns the page (the MarketplaceClient in production). */
export interface PageSource {
  fetchSearchPage(url: string, signal?: AbortSignal): Promise<{ status: number; html: string }>;
}

/** The engine: `createScanEngine(deps)` from engine/index.ts. */
export interface ScanEngine {
  run(spec: ScanSpec, options?: RunOptions): Promise<ScanResult>;
}

export interface ScanEngineDeps {
  pages: PageSource;
  /** Milliseconds clock for rates and ETA (tests pass a fake). */
  clock?: Clock;
  /**
   * A scan is `complete` only when it found at least this share of the count Amazon reports (or
   * reached the list limit); otherwise it ends `partial`. Default 0.99.
   */
  coverageThreshold?: number;
}

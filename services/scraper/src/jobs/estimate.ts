/**
 * How long a scan of a store would take, before it starts (`ScraperService.EstimateScan`): the
 * engine itself reads the first page of the scan's query — the store's count, its pages and prices
 * — and reports its ETA model's estimate on a clock that moves one second per page, which is its
 * estimate of the pages left. The estimate is those pages (and the probe's) times the time the
 * polite client takes per page, without a second model to keep in step with the engine.
 *
 * A Deep scan of a store Amazon counts only "over 1,000" is counted first: its price ranges in
 * pieces (engine/store-count.ts, a few pages), so a store of 1,200 and one of 6,000 get their own
 * estimates; the engine's probe then runs with that count (`expectedTotal`), as the scan will.
 */
import { marketByCode } from '@shelfscan/markets';
import { ManualClock } from '@shelfscan/service';
import { createScanEngine } from '../engine/engine.js';
import { countStore } from '../engine/store-count.js';
import type { PageSource, ScanProgress } from '../engine/types.js';
import { parseResultsPage } from '../parser/index.js';
import type { MarketplaceClientOptions } from '../fetch/options.js';
import { departmentsOf } from './category-scans.js';
import type { StoreScanSpec } from './job-spec.js';

export interface ScanEstimate {
  /** Seconds the scan is expected to take once started; null when the engine cannot tell. */
  etaSeconds: number | null;
  /** Pages the engine expects to read, the probe page(s) included. */
  pages: number;
  /** The count the store shows for the query (Amazon's: "over 1,000" is a lower bound). */
  reportedTotal: number | null;
  reportedTotalIsLowerBound: boolean;
  /**
   * Deep, when the store shows only "over 1,000": its listings with a price, counted by price
   * ranges (engine/store-count.ts); a lower bound when some range was still "over 1,000" as the
   * page budget ran out. The estimate's pages come from it. Null when not counted.
   */
  counted: { total: number; lowerBound: boolean } | null;
  /**
   * When the store gives only a lower bound ("over 1,000"), the engine can only count that far:
   * the pages and wait if the scan runs on to the list limit, at the probe's listings per page.
   */
  max: { pages: number; etaSeconds: number } | null;
  /** The request spacing assumed per page. */
  msPerPage: number;
}

/** Departments probed one by one; the others are taken to be like the average of those. */
const MAX_PROBED_DEPARTMENTS = 5;
/**
 * The pages an estimate reads, at the client's pace: the probes first, the counting of "over 1,000"
 * stores in what they leave (the answer must come well within the 20 s the service waits).
 */
const PAGES_BUDGET_MS = 15_000;
/** Pages the counting reads at most, however fast the client (2 a split: 3 rounds of splits). */
const MAX_COUNT_PAGES = 14;

/** The mean spacing the client keeps between two requests to one domain (rate plus mean jitter). */
export function requestSpacingMs(
  options: Pick<MarketplaceClientOptions, 'requestsPerSecond' | 'jitterRatio'>,
) {
  return (1000 / options.requestsPerSecond) * (1 + options.jitterRatio / 2);
}

class ProbeDone extends Error {
  constructor(readonly progress: ScanProgress) {
    super('probe page read');
  }
}

/** One page a second on the probe's clock: the engine's ETA in seconds is then its pages left. */
const PROBE_PAGE_MS = 1000;

/** The engine's first report for one query (its progress after the first page). */
async function probe(pages: PageSource, spec: StoreScanSpec, signal?: AbortSignal) {
  const clock = new ManualClock(0);
  const paced: PageSource = {
    async fetchSearchPage(url, s) {
      const page = await pages.fetchSearchPage(url, s);
      clock.advance(PROBE_PAGE_MS);
      return page;
    },
  };
  const engine = createScanEngine({ pages: paced, clock });
  try {
    await engine.run(spec, {
      signal,
      onPage: (report) => Promise.reject(new ProbeDone(report.progress)),
    });
  } catch (err) {
    if (err instanceof ProbeDone) return err.progress;
    throw err;
  }
  return null; // no page at all (an empty query): nothing to wait for
}

type Page = Awaited<ReturnType<PageSource['fetchSearchPage']>>;

/** A page source that reads each URL once (the second probe reads the first page again), and keeps the first. */
function readOnce(pages: PageSource): PageSource & { first?: Page } {
  const seen = new Map<string, Promise<Page>>();
  const source: PageSource & { first?: Page } = {
    async fetchSearchPage(url, signal) {
      let page = seen.get(url);
      if (!page) seen.set(url, (page = pages.fetchSearchPage(url, signal)));
      const read = await page;
      source.first ??= read;
      return read;
    },
  };
  return source;
}

/**
 * One query's probe: the engine's first report; for a Deep scan of an "over 1,000" store, the
 * store counted in pieces first (within `budget` pages) and the engine's report with that count.
 */
async function probeQuery(
  pages: PageSource,
  spec: StoreScanSpec,
  budget: { pages: number },
  signal?: AbortSignal,
): Promise<Probed | null> {
  const once = readOnce(pages);
  const first = await probe(once, spec, signal);
  const page = once.first;
  if (!first || !page || spec.type !== 'deep' || !first.reportedTotalIsLowerBound || budget.pages < 2)
    return first && { progress: first, counted: null };
  const market = marketByCode(spec.market)!;
  const parsed = parseResultsPage(page.html, { domain: market.domain });
  const counted = await countStore(pages, spec, parsed, budget.pages, signal);
  budget.pages -= counted.pages;
  const progress = (await probe(once, { ...spec, expectedTotal: counted.total }, signal)) ?? first;
  return { progress, counted: { total: counted.total, lowerBound: counted.lowerBound } };
}

interface Probed {
  progress: ScanProgress;
  counted: ScanEstimate['counted'];
}

/**
 * The pace of an estimate: `msPerPage`, the scans' mean request spacing (the wait is theirs);
 * `probeMsPerPage`, the probes' own (their client's: the page budget of the counting), the scans'
 * when not given.
 */
export interface EstimatePace {
  msPerPage: number;
  probeMsPerPage?: number;
}

/**
 * The estimate for a store scan: one probe per department chosen (at most five; the rest are
 * taken as their average), or one for the whole store.
 */
export async function estimateScan(
  pages: PageSource,
  spec: StoreScanSpec,
  { msPerPage, probeMsPerPage = msPerPage }: EstimatePace,
  signal?: AbortSignal,
): Promise<ScanEstimate> {
  const departments = departmentsOf(spec.categories);
  const { categories: _categories, ...base } = spec;
  const queries = departments.length ? departments : [undefined];
  const found: Probed[] = [];
  const probes = Math.min(queries.length, MAX_PROBED_DEPARTMENTS);
  const budget = {
    pages: Math.min(MAX_COUNT_PAGES, Math.floor(PAGES_BUDGET_MS / Math.max(1, probeMsPerPage)) - probes),
  };
  for (const categoryNodeId of queries.slice(0, MAX_PROBED_DEPARTMENTS)) {
    const p = await probeQuery(pages, { ...base, categoryNodeId }, budget, signal);
    if (p) found.push(p);
  }
  const probed = found.map((p) => p.progress);
  const scale = probed.length ? queries.length / probes : 0;
  const known = probed.filter((p) => p.etaSeconds !== null);
  const pagesLeft = known.reduce((s, p) => s + (p.etaSeconds ?? 0), 0) * scale;
  const reported = probed.filter((p) => p.reportedTotal !== null);
  // The scan reads the probe pages again, then the pages the engine expects after them (the
  // counting pages are the estimate's own: the scan does not read them).
  const total = probed.length * scale + pagesLeft;
  const lowerBound = probed.some((p) => p.reportedTotalIsLowerBound);
  // Departments not counted add what they show.
  const counted = found.some((p) => p.counted)
    ? {
        total: Math.round(
          found.reduce((s, p) => s + (p.counted?.total ?? p.progress.reportedTotal ?? 0), 0) * scale,
        ),
        lowerBound: found.some((p) => p.counted?.lowerBound ?? p.progress.reportedTotalIsLowerBound),
      }
    : null;
  // While the size is only a lower bound, the scan may run on to the list limit.
  const open = counted ? counted.lowerBound : lowerBound;
  const perPage = probed.length ? Math.max(...probed.map((p) => p.asinsFound)) : 0;
  const maxPages = open && perPage > 0 ? Math.max(Math.round(total), Math.ceil(spec.listLimit / perPage)) : 0;
  return {
    etaSeconds: known.length !== probed.length ? null : Math.round((total * msPerPage) / 1000),
    pages: Math.round(total),
    reportedTotal: reported.length
      ? Math.round(reported.reduce((s, p) => s + (p.reportedTotal ?? 0), 0) * scale)
      : null,
    reportedTotalIsLowerBound: lowerBound,
    counted,
    max: maxPages ? { pages: maxPages, etaSeconds: Math.round((maxPages * msPerPage) / 1000) } : null,
    msPerPage: Math.round(msPerPage),
  };
}

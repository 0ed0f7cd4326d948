/**
 * The ASIN check: for a list of ASINs and a market, whether the market sells each one, and its
 * title, price, stars and badges, read from its product page (`/dp/<ASIN>`).
 *
 * It runs as a durable scan job like the scan types: the job runner (jobs/) leases it, calls
 * `run(spec, { resume, signal, onPage })`, and persists every checked ASIN with the checkpoint in
 * one transaction; a resumed check continues with the next ASIN. The ASINs sold there are reported
 * as the job's ASINs (the `.txt` download); every ASIN's row travels in `AsinCheckReport.checked`.
 * Pages go through the polite marketplace client; a block page stops the check (the runner
 * requeues it with backoff).
 */
import { SystemClock, type Clock } from '@shelfscan/service';
import { ScanBlockedError, ScanCheckpointError } from '../engine/errors.js';
import type {
  AsinCheckCounts,
  PageReport,
  RunOptions,
  ScanCheckpoint,
  ScanProgress,
  ScanResult,
} from '../engine/types.js';
import type { MarketplaceFetcher } from '../fetch/marketplace-client.js';
import { marketByCode, type Market, type MarketCode } from '@shelfscan/markets';
import type { AsinCheckRecord } from '@shelfscan/asin-check';
import { parseProductPage, type ProductState } from '../parser/product-page.js';

/** A job that checks ASINs on one market (`ScanRequested.type` "asin-check"). */
export interface AsinCheckSpec {
  type: 'asin-check';
  market: MarketCode;
  /** In the user's order, without repeats. */
  asins: string[];
  /** At most this many ASINs are checked (the list limit). */
  listLimit: number;
}

/** One checked ASIN, as stored and listed (`ListAsinCheckItems`). */
export type AsinCheckRow = AsinCheckRecord;

/** A page report of the checker: the rows checked on this "page" (one product page). */
export interface AsinCheckReport extends PageReport {
  checked: AsinCheckRow[];
}

export function isAsinCheckReport(report: PageReport): report is AsinCheckReport {
  return Array.isArray((report as Partial<AsinCheckReport>).checked);
}

/** Fetches one product page (the polite MarketplaceClient in production). */
export interface ProductPageSource {
  fetchProductPage(asin: string, signal?: AbortSignal): Promise<{ status: number; html: string }>;
}

/** Product pages of a market through the polite client (`/dp/<ASIN>`). */
export function marketplaceProductPages(fetcher: MarketplaceFetcher, market: Market): ProductPageSource {
  return {
    async fetchProductPage(asin, signal) {
      const res = await fetcher.get(market, `/dp/${encodeURIComponent(asin)}`, { signal });
      return { status: res.status, html: res.body };
    },
  };
}

/** The checkpoint format (`kind` tells it from a store scan's). */
const CHECKPOINT_VERSION = 1;

interface CheckState {
  version: number;
  kind: 'asin-check';
  market: string;
  /** Index of the next ASIN to check. */
  next: number;
  counts: Record<ProductState, number>;
  /** Milliseconds spent on product pages, over every run of this check. */
  elapsedMs: number;
}

function initialState(spec: AsinCheckSpec): CheckState {
  return {
    version: CHECKPOINT_VERSION,
    kind: 'asin-check',
    market: spec.market,
    next: 0,
    counts: { sold: 0, unavailable: 0, 'not-found': 0 },
    elapsedMs: 0,
  };
}

/** The state to continue from; a checkpoint of another format starts the list again (rows are kept). */
function restoreState(spec: AsinCheckSpec, checkpoint: ScanCheckpoint | undefined): CheckState {
  const s = checkpoint as Partial<CheckState> | undefined;
  if (!s || s.kind !== 'asin-check' || s.version !== CHECKPOINT_VERSION) return initialState(spec);
  if (s.market !== spec.market) throw new ScanCheckpointError('the checkpoint belongs to another check');
  return { ...initialState(spec), ...structuredClone(s) } as CheckState;
}

/** "Checked 120 ASINs on amazon.ca: 97 sold there, 3 currently unavailable, 20 not found." */
/** What a check found for its list (ScanResult.asinCheck, the facts its line words). */
export function asinCheckCounts(checked: number, counts: Record<ProductState, number>): AsinCheckCounts {
  return { checked, sold: counts.sold, unavailable: counts.unavailable, notFound: counts['not-found'] };
}

export function asinCheckLine(domain: string, checked: number, counts: Record<ProductState, number>): string {
  const n = (v: number) => v.toLocaleString('en-US');
  return `Checked ${n(checked)} ASIN${checked === 1 ? '' : 's'} on ${domain}: ${n(counts.sold)} sold there, ${n(counts.unavailable)} currently unavailable, ${n(counts['not-found'])} not found.`;
}

class Check {
  private readonly asins: string[];
  private readonly market: Market;
  private readonly state: CheckState;
  private readonly found: string[];
  private readonly seen: Set<string>;

  constructor(
    private readonly deps: { pages: ProductPageSource; clock: Clock },
    spec: AsinCheckSpec,
    options: RunOptions,
  ) {
    const market = marketByCode(spec.market);
    if (!market) throw new RangeError(`unknown market: ${spec.market}`);
    this.market = market;
    this.asins = [...new Set(spec.asins)].slice(0, Math.max(0, spec.listLimit));
    this.state = restoreState(spec, options.resume?.checkpoint);
    this.seen = new Set(options.resume?.seenAsins ?? []);
    this.found = [...this.seen];
  }

  async run({ signal, onPage }: RunOptions): Promise<ScanResult> {
    const s = this.state;
    while (s.next < this.asins.length) {
      signal?.throwIfAborted();
      const asin = this.asins[s.next];
      const started = this.deps.clock.nowMs();
      const res = await this.deps.pages.fetchProductPage(asin, signal);
      const page = parseProductPage(res.html, { status: res.status, domain: this.market.domain });
      if (page.kind !== 'product' && page.kind !== 'not-found')
        throw new ScanBlockedError(this.market.domain, page.kind, `/dp/${asin}`, res.status);
      const row: AsinCheckRow = {
        asin,
        seq: s.next,
        state: page.state,
        title: page.title,
        priceText: page.price?.text ?? null,
        price: page.price?.amount ?? null,
        currency: page.price?.currency ?? null,
        stars: page.stars,
        reviewCount: page.reviewCount,
        amazonsChoice: page.amazonsChoice,
        bestSeller: page.bestSeller,
      };
      s.counts[row.state]++;
      s.next++;
      s.elapsedMs += Math.max(0, this.deps.clock.nowMs() - started);
      const newAsins = row.state === 'sold' && !this.seen.has(asin) ? [asin] : [];
      for (const a of newAsins) {
        this.seen.add(a);
        this.found.push(a);
      }
      if (onPage) {
        const report: AsinCheckReport = {
          newAsins,
          checked: [row],
          checkpoint: structuredClone(s) as unknown as ScanCheckpoint,
          progress: this.progress(),
        };
        await onPage(report);
      }
    }
    return {
      asins: [...this.found],
      progress: this.progress(),
      coverageLine: asinCheckLine(this.market.domain, s.next, s.counts),
      asinCheck: asinCheckCounts(s.next, s.counts),
      stopReason: 'exhausted',
      outcome: 'complete',
    };
  }

  /** Pages are checked ASINs; found are the ones sold there; the total is the list's length. */
  private progress(): ScanProgress {
    const s = this.state;
    const left = this.asins.length - s.next;
    const perPage = s.next ? s.elapsedMs / s.next : null;
    return {
      pagesFetched: s.next,
      asinsFound: s.counts.sold,
      partitionsLeft: left,
      reportedTotal: this.asins.length,
      reportedTotalIsLowerBound: false,
      etaSeconds: perPage === null ? null : Math.round((left * perPage) / 1000),
    };
  }
}

/** The checker over a product page source (the job runner's engine for "asin-check" jobs). */
export function createAsinChecker(deps: { pages: ProductPageSource; clock?: Clock }) {
  const full = { pages: deps.pages, clock: deps.clock ?? new SystemClock() };
  return {
    run(spec: AsinCheckSpec, options: RunOptions = {}): Promise<ScanResult> {
      return new Check(full, spec, options).run(options);
    },
  };
}

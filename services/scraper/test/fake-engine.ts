import type {
  PageReport,
  RunOptions,
  ScanCheckpoint,
  ScanEngine,
  ScanResult,
  ScanSpec,
} from '../src/engine/types.js';

/** Test stand-in for createScanEngine: walks a fixed ASIN list in pages, honouring resume, signal and onPage. */
export class FakeEngine implements ScanEngine {
  /** Pages fetched, over every run. */
  fetched = 0;
  runs: { resumedFromPage: number; seen: number }[] = [];

  constructor(
    private readonly asins: readonly string[],
    private readonly options: {
      pageSize?: number;
      pageDelayMs?: number;
      /** Throw this error when about to fetch this page (0-based), once per listed page. */
      failAt?: Map<number, () => Error>;
      /** Overlap: each page also repeats the previous page's last ASIN (the engine must not report it twice). */
      overlap?: boolean;
      /** The outcome the run reports (a real Deep scan that missed listings says `partial`). */
      outcome?: ScanResult['outcome'];
    } = {},
  ) {}

  async run(spec: ScanSpec, opts: RunOptions = {}): Promise<ScanResult> {
    const size = this.options.pageSize ?? 16;
    const pages = Math.ceil(this.asins.length / size);
    const seen = new Set(opts.resume?.seenAsins ?? []);
    let page = opts.resume ? Number((opts.resume.checkpoint as { nextPage: number }).nextPage) : 0;
    this.runs.push({ resumedFromPage: page, seen: seen.size });
    let pagesFetched = opts.resume
      ? Number((opts.resume.checkpoint as { pagesFetched: number }).pagesFetched)
      : 0;
    const progress = () => ({
      pagesFetched,
      asinsFound: seen.size,
      partitionsLeft: page < pages ? 1 : 0,
      reportedTotal: this.asins.length,
      reportedTotalIsLowerBound: false,
      etaSeconds: pages - page,
    });
    for (; page < pages && seen.size < spec.listLimit;) {
      if (opts.signal?.aborted) throw opts.signal.reason;
      await delay(this.options.pageDelayMs ?? 0, opts.signal);
      const fail = this.options.failAt?.get(page);
      if (fail) {
        this.options.failAt!.delete(page);
        throw fail();
      }
      const from = Math.max(0, page * size - (this.options.overlap && page > 0 ? 1 : 0));
      const onPage = this.asins.slice(from, (page + 1) * size);
      this.fetched++;
      pagesFetched++;
      const newAsins: string[] = [];
      for (const a of onPage) {
        if (seen.size >= spec.listLimit) break;
        if (!seen.has(a)) {
          seen.add(a);
          newAsins.push(a);
        }
      }
      page++;
      const checkpoint: ScanCheckpoint = { version: 1, nextPage: page, pagesFetched };
      const report: PageReport = { newAsins, checkpoint, progress: progress() };
      await opts.onPage?.(report);
    }
    return {
      asins: [...seen],
      progress: progress(),
      coverageLine: `Found ${seen.size} ASINs of the ${this.asins.length} Amazon reports.`,
      coverage: {
        found: seen.size,
        reported: this.asins.length,
        reportedIsLowerBound: false,
        listLimit: spec.listLimit,
        stoppedAtListLimit: seen.size >= spec.listLimit,
        filtered: false,
      },
      stopReason: seen.size >= spec.listLimit ? 'list-limit' : 'exhausted',
      outcome: this.options.outcome ?? 'complete',
    };
  }
}

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function makeAsins(n: number, prefix = 'B0'): string[] {
  return Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(8, '0')}`);
}

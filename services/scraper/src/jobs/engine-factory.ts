import { SystemClock, type Clock } from '@shelfscan/service';
import { createAsinChecker, marketplaceProductPages } from '../asin-check/asin-check.js';
import { createScanEngine, marketplacePageSource } from '../engine/index.js';
import { MarketplaceClient, type MarketplaceFetcher } from '../fetch/marketplace-client.js';
import { marketByCode, type Market } from '@shelfscan/markets';
import { scanByDepartment } from './category-scans.js';
import { estimateScan, requestSpacingMs, type ScanEstimate } from './estimate.js';
import { isAsinCheck, type JobEngine, type JobSpec, type StoreScanSpec } from './job-spec.js';

/** The engine port of the scan worker: one engine per job (tests replace it with fakes). */
export abstract class ScanEngines {
  abstract engineFor(spec: JobSpec): JobEngine;
  /** The wait before a scan of this store ends (EstimateScan); absent where nothing can be probed. */
  estimate?(spec: StoreScanSpec, signal?: AbortSignal): Promise<ScanEstimate>;
}

function marketOf(code: string): Market {
  const market = marketByCode(code);
  if (!market) throw new Error(`unknown market ${code}`);
  return market;
}

/**
 * Production: the real engine over one polite marketplace client, closed when the service stops.
 * Store scans run per chosen department; ASIN checks read product pages through the same client.
 * `coverageThreshold` (SCAN_COVERAGE_THRESHOLD) decides `completed` vs `completed_partial`.
 */
export class MarketplaceScanEngines extends ScanEngines {
  readonly engineFor: (spec: JobSpec) => JobEngine;

  constructor(
    private readonly client: MarketplaceClient,
    clock: Clock = new SystemClock(),
    coverageThreshold?: number,
  ) {
    super();
    this.engineFor = marketplaceEngineFor(client, clock, coverageThreshold);
  }

  override estimate(spec: StoreScanSpec, signal?: AbortSignal): Promise<ScanEstimate> {
    const pages = marketplacePageSource(this.client, marketOf(spec.market));
    return estimateScan(pages, spec, requestSpacingMs(this.client.options), signal);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}

/**
 * The production engine of a job, bound to the job's market: the ASIN checker or the scan engine;
 * `coverageThreshold` (SCAN_COVERAGE_THRESHOLD) decides `completed` vs `completed_partial`.
 */
export function marketplaceEngineFor(
  fetcher: MarketplaceFetcher,
  clock: Clock = new SystemClock(),
  coverageThreshold?: number,
): (spec: JobSpec) => JobEngine {
  return (spec) => {
    const market = marketOf(spec.market);
    if (isAsinCheck(spec)) {
      const checker = createAsinChecker({ pages: marketplaceProductPages(fetcher, market), clock });
      return { run: (s, options) => checker.run(s as typeof spec, options) };
    }
    const engine = scanByDepartment(
      createScanEngine({ pages: marketplacePageSource(fetcher, market), clock, coverageThreshold }),
    );
    return { run: (s, options) => engine.run(s as StoreScanSpec, options) };
  };
}

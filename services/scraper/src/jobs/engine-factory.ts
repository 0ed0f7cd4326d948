import { SystemClock, type Clock } from '@shelfscan/service';
import { createAsinChecker, marketplaceProductPages } from '../asin-check/asin-check.js';
import { createScanEngine, marketplacePageSource } from '../engine/index.js';
import { MarketplaceBlockedError } from '../fetch/errors.js';
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
 * The two polite clients of the scraper (issue 20): scans and ASIN checks read through `scans`;
 * estimates probe through `probes`, a client of its own, so its own per-domain rate, cookies and
 * circuit breaker: a probe never takes a place in the scans' queue to a domain, and blocks a probe
 * meets never slow down or pause the scans' domain.
 */
export interface MarketplaceClients {
  scans: MarketplaceClient;
  probes: MarketplaceClient;
}

/**
 * Production: the real engine over the polite marketplace clients, closed when the service stops.
 * Store scans run per chosen department; ASIN checks read product pages through the scans' client.
 * `coverageThreshold` (SCAN_COVERAGE_THRESHOLD) decides `completed` vs `completed_partial`.
 */
export class MarketplaceScanEngines extends ScanEngines {
  readonly engineFor: (spec: JobSpec) => JobEngine;

  constructor(
    private readonly clients: MarketplaceClients,
    clock: Clock = new SystemClock(),
    coverageThreshold?: number,
  ) {
    super();
    this.engineFor = marketplaceEngineFor(clients.scans, clock, coverageThreshold);
  }

  /**
   * Probes through the probes' client, and not at all while the scans' breaker pauses the domain
   * (a probe would only prolong the block). The wait is at the scans' pace (they will read the
   * pages); the estimate's own page budget is at the probes' pace.
   */
  override estimate(spec: StoreScanSpec, signal?: AbortSignal): Promise<ScanEstimate> {
    const { scans, probes } = this.clients;
    const market = marketOf(spec.market);
    const paused = scans.pausedUntil(market);
    if (paused) return Promise.reject(new MarketplaceBlockedError(market.domain, 'cooling-down', paused));
    return estimateScan(
      marketplacePageSource(probes, market),
      spec,
      { msPerPage: requestSpacingMs(scans.options), probeMsPerPage: requestSpacingMs(probes.options) },
      signal,
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([this.clients.scans.close(), this.clients.probes.close()]);
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

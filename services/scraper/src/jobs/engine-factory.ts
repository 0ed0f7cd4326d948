import { createScanEngine, marketplacePageSource } from '../engine/index.js';
import type { ScanEngine, ScanSpec } from '../engine/types.js';
import { MarketplaceClient, type MarketplaceFetcher } from '../fetch/marketplace-client.js';
import { marketByCode } from '../markets/markets.js';

/** The engine port of the scan worker: one engine per job (tests replace it with fakes). */
export abstract class ScanEngines {
  abstract engineFor(spec: ScanSpec): ScanEngine;
}

/** Production: the real engine over one polite marketplace client, closed when the service stops. */
export class MarketplaceScanEngines extends ScanEngines {
  readonly engineFor: (spec: ScanSpec) => ScanEngine;

  constructor(
    private readonly client: MarketplaceClient,
    coverageThreshold?: number,
  ) {
    super();
    this.engineFor = marketplaceEngineFor(client, coverageThreshold);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}

/**
 * The production engine of a job: the real engine over the polite client, bound to the job's
 * market; `coverageThreshold` (SCAN_COVERAGE_THRESHOLD) decides `completed` vs `completed_partial`.
 */
export function marketplaceEngineFor(
  fetcher: MarketplaceFetcher,
  coverageThreshold?: number,
): (spec: ScanSpec) => ScanEngine {
  return (spec) => {
    const market = marketByCode(spec.market);
    if (!market) throw new Error(`unknown market ${spec.market}`);
    return createScanEngine({ pages: marketplacePageSource(fetcher, market), coverageThreshold });
  };
}

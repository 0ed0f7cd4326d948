import { createScanEngine, marketplacePageSource } from '../engine/index.js';
import type { ScanEngine, ScanSpec } from '../engine/types.js';
import type { MarketplaceFetcher } from '../fetch/marketplace-client.js';
import { marketByCode } from '../markets/markets.js';

/** The production engine of a job: the real engine over the polite client, bound to the job's market. */
export function marketplaceEngineFor(fetcher: MarketplaceFetcher): (spec: ScanSpec) => ScanEngine {
  return (spec) => {
    const market = marketByCode(spec.market);
    if (!market) throw new Error(`unknown market ${spec.market}`);
    return createScanEngine({ pages: marketplacePageSource(fetcher, market) });
  };
}

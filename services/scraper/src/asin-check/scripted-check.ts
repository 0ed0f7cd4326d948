import type { RunOptions, ScanResult } from '../engine/types.js';
import type { ProductState } from '../parser/product-page.js';
import { marketByCode } from '@shelfscan/markets';
import {
  asinCheckCounts,
  asinCheckLine,
  type AsinCheckReport,
  type AsinCheckRow,
  type AsinCheckSpec,
} from './asin-check.js';

/** What a scripted check says about one ASIN (its place in the list given). */
export type ScriptedProduct = (asin: string, seq: number) => Omit<AsinCheckRow, 'asin' | 'seq'>;

/**
 * A stand-in for the ASIN checker in the tests of the services that run checks (search, gateway):
 * no marketplace, the product of each ASIN as `productOf` says, reported one ASIN a page the way
 * the real checker reports (rows, checkpoint, progress, the sold ASINs as new), stopping at an abort.
 */
export async function scriptedAsinCheck(
  spec: AsinCheckSpec,
  opts: RunOptions,
  productOf: ScriptedProduct,
): Promise<ScanResult> {
  const { asins } = spec;
  const sold: string[] = [];
  const counts: Record<ProductState, number> = { sold: 0, unavailable: 0, 'not-found': 0 };
  for (const [seq, asin] of asins.entries()) {
    if (opts.signal?.aborted) throw opts.signal.reason;
    const row: AsinCheckRow = { asin, seq, ...productOf(asin, seq) };
    counts[row.state]++;
    if (row.state === 'sold') sold.push(asin);
    const report: AsinCheckReport = {
      newAsins: row.state === 'sold' ? [asin] : [],
      checked: [row],
      checkpoint: { version: 1, next: seq + 1 },
      progress: {
        pagesFetched: seq + 1,
        asinsFound: sold.length,
        partitionsLeft: asins.length - seq - 1,
        reportedTotal: asins.length,
        reportedTotalIsLowerBound: false,
        etaSeconds: asins.length - seq - 1,
      },
    };
    await opts.onPage?.(report);
  }
  return {
    asins: sold,
    progress: {
      pagesFetched: asins.length,
      asinsFound: sold.length,
      partitionsLeft: 0,
      reportedTotal: asins.length,
      reportedTotalIsLowerBound: false,
      etaSeconds: 0,
    },
    coverageLine: asinCheckLine(marketByCode(spec.market)?.domain ?? spec.market, asins.length, counts),
    asinCheck: asinCheckCounts(asins.length, counts),
    stopReason: 'exhausted',
    outcome: 'complete',
  };
}

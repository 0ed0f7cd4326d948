/**
 * How many listings a store holds when Amazon says only "over 1,000" (its count is exact below
 * that): the price range is counted in pieces. A piece Amazon still counts "over 1,000" is split at
 * its geometric middle (prices spread on a log scale) into two counted pieces, breadth first, while
 * the page budget lasts. The result is the sum of the pieces: exact when every piece was counted
 * exactly, else a lower bound (each piece still "over" counts as its bound) — what is known, marked
 * as such. Listings without a price are in no price range: the sum leaves them out.
 *
 * Only the estimate before a scan reads these pages (`jobs/estimate.ts`); a scan never does.
 */
import { buildSearchUrl, marketByCode } from '@shelfscan/markets';
import { parseResultsPage, type ParsedPage } from '../parser/index.js';
import { OPEN, SWEEP_SORT } from './checkpoint.js';
import { countOf } from './context.js';
import type { PageSource, ScanSpec } from './types.js';

/** A counted price range, inclusive, minor units (`max` OPEN: no top). */
interface Piece {
  min: number;
  max: number;
  count: number;
  lowerBound: boolean;
}

export interface StoreCount {
  /** The sum of the counted pieces. */
  total: number;
  /** Some piece is still counted "over …": the store holds at least `total`. */
  lowerBound: boolean;
  /** Pages read to count it. */
  pages: number;
}

/**
 * Counts the store of `spec` (its keyword and department included) from the first page of its
 * query, Amazon's count `first`, in at most `budget` more pages. A page that is not a results page
 * (a block, an error the client gives up on) ends the counting: what was counted so far stands.
 */
export async function countStore(
  pages: PageSource,
  spec: ScanSpec,
  first: ParsedPage,
  budget: number,
  signal?: AbortSignal,
): Promise<StoreCount> {
  const market = marketByCode(spec.market);
  if (!market) throw new RangeError(`unknown market: ${spec.market}`);
  const start = countOf(first);
  const top = Math.max(0, ...first.tiles.map((t) => t.price?.minor ?? 0));
  let queue: Piece[] = [{ min: 0, max: OPEN, count: start.c, lowerBound: start.lb }];
  let read = 0;
  const count = async (min: number, max: number): Promise<Piece | null> => {
    const url = buildSearchUrl(market, {
      sellerId: spec.sellerId,
      keyword: spec.keyword?.trim() || undefined,
      categoryNodeId: spec.categoryNodeId,
      priceMinor: { min, max: max >= OPEN ? undefined : max },
      page: 1,
      sort: SWEEP_SORT,
    });
    read++;
    const res = await pages.fetchSearchPage(url, signal).catch((err: unknown) => {
      if (signal?.aborted) throw err;
      return null; // blocked or failed: what was counted so far stands
    });
    if (!res) return null;
    const parsed = parseResultsPage(res.html, { domain: market.domain });
    if (parsed.kind !== 'results' && parsed.kind !== 'no-results') return null;
    const { c, lb } = countOf(parsed);
    return { min, max, count: c, lowerBound: lb };
  };
  // Breadth first: every piece still "over" is split once before any is split twice.
  for (let round = 0; queue.some((p) => p.lowerBound); round++) {
    const next: Piece[] = [];
    let stopped = false;
    for (const piece of queue) {
      const mid = middle(piece, top);
      if (stopped || !piece.lowerBound || mid === null || budget - read < 2) {
        next.push(piece);
        continue;
      }
      const low = await count(piece.min, mid);
      const high = low && (await count(mid + 1, piece.max));
      if (!low || !high) {
        next.push(piece);
        stopped = true;
        continue;
      }
      // A half counted below its whole's bound cannot make the whole smaller than that bound.
      next.push(low, high);
    }
    const split = next.length > queue.length;
    queue = next;
    if (stopped || !split) break;
  }
  const sum = queue.reduce((a, p) => a + p.count, 0);
  return {
    total: Math.max(sum, start.c),
    lowerBound: queue.some((p) => p.lowerBound),
    pages: read,
  };
}

/** Where a piece is split: the geometric middle of its prices (its top: the store's highest price). */
function middle(p: Piece, top: number): number | null {
  const hi = Math.min(p.max, top);
  const lo = Math.max(p.min, 1);
  if (hi - p.min < 1) return null;
  const mid = Math.min(hi - 1, Math.max(p.min, Math.round(Math.sqrt(lo * hi))));
  return mid >= p.min && mid < hi ? mid : null;
}

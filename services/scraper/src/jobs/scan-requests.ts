import type { scraperEventsV1 } from '@shelfscan/contracts';
import type { FunctionalFilters, ScanSpec, ScanType } from '../engine/types.js';
import { marketByCode } from '../markets/markets.js';
import { SELLER_ID_PATTERN } from '../markets/store-url.js';

const TYPES: readonly ScanType[] = ['standard', 'deep', 'functional'];

export type SpecCheck = { ok: true; spec: ScanSpec } | { ok: false; reason: string };

/** The scan a ScanRequested event asks for, or why it cannot be run (a sentence for the user). */
export function specFromRequest(req: scraperEventsV1.ScanRequested, defaultListLimit: number): SpecCheck {
  const market = marketByCode(req.market);
  if (!market) return { ok: false, reason: `The market "${req.market}" is not one ShelfScan scans.` };
  if (!SELLER_ID_PATTERN.test(req.sellerId))
    return { ok: false, reason: `"${req.sellerId}" is not an Amazon seller id.` };
  const type = req.type.toLowerCase() as ScanType;
  if (!TYPES.includes(type)) return { ok: false, reason: `"${req.type}" is not a scan type.` };
  if (type === 'deep' && !market.deep)
    return { ok: false, reason: `Deep scans are not available for ${market.name.en}.` };
  if (type === 'functional' && !market.functional)
    return { ok: false, reason: `Functional scans are not available for ${market.name.en}.` };
  const listLimit = req.listLimit > 0 ? Math.min(req.listLimit, defaultListLimit) : defaultListLimit;
  const spec: ScanSpec = { market: market.code, sellerId: req.sellerId, type, listLimit };
  const keyword = req.keyword.trim();
  if (keyword) spec.keyword = keyword;
  if (type === 'functional' && req.filters) {
    const f = req.filters;
    const filters: FunctionalFilters = {};
    if (f.amazonsChoice !== undefined) filters.amazonsChoice = f.amazonsChoice;
    if (f.bestSeller !== undefined) filters.bestSeller = f.bestSeller;
    if (f.minStars !== undefined) filters.minStars = f.minStars;
    if (f.maxStars !== undefined) filters.maxStars = f.maxStars;
    if (f.minPrice !== undefined) filters.minPrice = f.minPrice;
    if (f.maxPrice !== undefined) filters.maxPrice = f.maxPrice;
    spec.filters = filters;
  }
  return { ok: true, spec };
}

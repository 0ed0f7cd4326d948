import type { scraperEventsV1 } from '@shelfscan/contracts';
import type { FunctionalFilters, ScanType } from '../engine/types.js';
import { marketByCode, type Market, SELLER_ID_PATTERN } from '@shelfscan/markets';
import { ASIN_PATTERN } from '../parser/classify.js';
import { departmentsOf } from './category-scans.js';
import type { JobSpec, StoreScanSpec } from './job-spec.js';

const TYPES: readonly ScanType[] = ['standard', 'deep', 'functional'];

export type SpecCheck = { ok: true; spec: JobSpec } | { ok: false; reason: string };

/** An ASIN check: the ASINs (upper-cased, repeats dropped), at most the list limit. */
function asinCheckSpec(req: scraperEventsV1.ScanRequested, market: Market, listLimit: number): SpecCheck {
  const asins = [...new Set(req.asins.map((a) => a.trim().toUpperCase()))];
  const bad = asins.find((a) => !ASIN_PATTERN.test(a));
  if (bad !== undefined) return { ok: false, reason: `"${bad}" is not an ASIN (10 letters or digits).` };
  if (!asins.length) return { ok: false, reason: 'The ASIN check has no ASIN to check.' };
  if (asins.length > listLimit)
    return {
      ok: false,
      reason: `An ASIN check takes at most ${listLimit} ASINs; ${asins.length} were sent.`,
    };
  return { ok: true, spec: { type: 'asin-check', market: market.code, asins, listLimit } };
}

/** The scan a ScanRequested event asks for, or why it cannot be run (a sentence for the user). */
export function specFromRequest(req: scraperEventsV1.ScanRequested, defaultListLimit: number): SpecCheck {
  const market = marketByCode(req.market);
  if (!market) return { ok: false, reason: `The market "${req.market}" is not one ShelfScan scans.` };
  const listLimit = req.listLimit > 0 ? Math.min(req.listLimit, defaultListLimit) : defaultListLimit;
  if (req.type.toLowerCase() === 'asin-check') return asinCheckSpec(req, market, listLimit);
  if (!SELLER_ID_PATTERN.test(req.sellerId))
    return { ok: false, reason: `"${req.sellerId}" is not an Amazon seller id.` };
  const type = req.type.toLowerCase() as ScanType;
  if (!TYPES.includes(type)) return { ok: false, reason: `"${req.type}" is not a scan type.` };
  if (type === 'deep' && !market.deep)
    return { ok: false, reason: `Deep scans are not available for ${market.name.en}.` };
  if (type === 'functional' && !market.functional)
    return { ok: false, reason: `Functional scans are not available for ${market.name.en}.` };
  const spec: StoreScanSpec = { market: market.code, sellerId: req.sellerId, type, listLimit };
  const keyword = req.keyword.trim();
  if (keyword) spec.keyword = keyword;
  const categories = departmentsOf(req.categoryNodeIds);
  if (categories.length) spec.categories = categories;
  if (type === 'functional' && req.filters) {
    const f = req.filters;
    const filters: FunctionalFilters = {};
    if (f.amazonChoice !== undefined) filters.amazonsChoice = f.amazonChoice;
    if (f.bestSeller !== undefined) filters.bestSeller = f.bestSeller;
    if (f.minStar !== undefined) filters.minStars = f.minStar;
    if (f.maxStar !== undefined) filters.maxStars = f.maxStar;
    if (f.minPrice !== undefined) filters.minPrice = f.minPrice;
    if (f.maxPrice !== undefined) filters.maxPrice = f.maxPrice;
    spec.filters = filters;
  }
  return { ok: true, spec };
}

/**
 * What a scan saw of each ASIN it kept, where it first kept it: the tile's facts (title, prices,
 * stars, badges, Prime), the department its query ran in and the page and query (provenance).
 * Reported with the page's new ASINs and stored by the runner row by row, never held by the scan:
 * a scan's memory does not grow with these facts, and a resumed scan keeps the rows stored.
 */
import type { ParsedPage, ResultTile } from '../parser/index.js';
import type { ScanItem } from './types.js';

/** ISBN-10 shaped: nine digits and a check digit or X (Amazon lists books under their ISBN-10). */
const ISBN10 = /^\d{9}[\dX]$/;

export function isBookAsin(asin: string): boolean {
  return ISBN10.test(asin);
}

/** The department a query ran in: its label on the page (the applied one), else its node id. */
export function departmentOf(parsed: ParsedPage, nodeId: string | undefined): string | null {
  if (!nodeId) return null;
  const own = parsed.categories.find((c) => c.nodeId === nodeId);
  return own?.label || parsed.categories.find((c) => c.selected)?.label || nodeId;
}

function itemOf(t: ResultTile, where: Pick<ScanItem, 'page' | 'query' | 'category'>): ScanItem {
  return {
    asin: t.asin,
    title: t.title,
    price: t.price?.amount ?? null,
    currency: t.price?.currency ?? t.listPrice?.currency ?? null,
    listPrice: t.listPrice?.amount ?? null,
    stars: t.stars,
    reviewCount: t.reviewCount,
    amazonsChoice: t.amazonsChoice !== null,
    bestSeller: t.bestSeller !== null,
    prime: t.prime,
    ...where,
  };
}

/** The facts of the ASINs first kept on this page, in the order of `newAsins`. */
export function itemsOf(
  parsed: ParsedPage,
  newAsins: readonly string[],
  where: Pick<ScanItem, 'page' | 'query' | 'category'>,
): ScanItem[] {
  if (!newAsins.length) return [];
  const tiles = new Map(parsed.tiles.map((t) => [t.asin, t]));
  return newAsins.flatMap((asin) => {
    const t = tiles.get(asin);
    return t ? [itemOf(t, where)] : [];
  });
}

/** The Functional scan's filters on a result tile (badges, exact star and price range). */
import type { ResultTile } from '../parser/index.js';
import type { FunctionalFilters } from './types.js';

export function toMinor(major: number | undefined): number | undefined {
  return major === undefined || !Number.isFinite(major) ? undefined : Math.max(0, Math.round(major * 100));
}

function hasStarFilter(f: FunctionalFilters): boolean {
  return (f.minStars !== undefined && f.minStars > 0) || (f.maxStars !== undefined && f.maxStars < 5);
}

/** Whether a tile passes every functional filter (an unrated or unpriced tile fails a star or price filter). */
export function tileMatches(tile: ResultTile, f: FunctionalFilters): boolean {
  if (f.amazonsChoice && !tile.amazonsChoice) return false;
  if (f.bestSeller && !tile.bestSeller) return false;
  if (hasStarFilter(f)) {
    if (tile.stars === null) return false;
    if (f.minStars !== undefined && tile.stars < f.minStars) return false;
    if (f.maxStars !== undefined && tile.stars > f.maxStars) return false;
  }
  const min = toMinor(f.minPrice);
  const max = toMinor(f.maxPrice);
  if (min !== undefined || max !== undefined) {
    if (!tile.price) return false;
    if (min !== undefined && tile.price.minor < min) return false;
    if (max !== undefined && tile.price.minor > max) return false;
  }
  return true;
}

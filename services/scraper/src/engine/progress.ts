import type { ScanCoverage } from './types.js';

export type Coverage = ScanCoverage;

const fmt = (n: number): string => n.toLocaleString('en-US');

/** found ÷ reported in percent (one decimal), or null when Amazon gave no count or only a lower bound. */
export function coveragePercent(c: Coverage): number | null {
  if (c.reported === null || c.reportedIsLowerBound || c.reported === 0) return null;
  return Math.round((c.found / c.reported) * 1000) / 10;
}

/**
 * The scan's closing line in English, e.g. "Found 1,234 ASINs of the 1,240 Amazon reports (99.5%)."
 * (the UI words `ScanResult.coverage` in its own language).
 */
export function coverageLine(c: Coverage): string {
  const what = c.filtered ? 'matching ASINs' : 'ASINs';
  const found = `Found ${fmt(c.found)} ${c.found === 1 ? what.replace(/s$/, '') : what}`;
  let line: string;
  if (c.reported === null || c.reported === 0) {
    line = `${found}; Amazon reports no results.`;
  } else if (c.reportedIsLowerBound) {
    line = `${found} of the over ${fmt(c.reported)} Amazon reports (Amazon gives only a lower bound).`;
  } else if (c.filtered) {
    line = `${found} among the ${fmt(c.reported)} results Amazon reports for the refined search.`;
  } else {
    line = `${found} of the ${fmt(c.reported)} Amazon reports (${coveragePercent(c)}%).`;
  }
  if (c.stoppedAtListLimit) line += ` Stopped at the list limit of ${fmt(c.listLimit)} ASINs.`;
  return line;
}

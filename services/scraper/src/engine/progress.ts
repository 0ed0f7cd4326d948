import type { CoverageFacts } from '@shelfscan/contracts';
import type { ScanCoverage, ScanOutcome, ScanType } from './types.js';

export type Coverage = ScanCoverage;

const fmt = (n: number): string => n.toLocaleString('en-US');

/** found ÷ reported in percent (one decimal), or null when Amazon gave no count or only a lower bound. */
export function coveragePercent(c: Coverage): number | null {
  if (c.reported === null || c.reportedIsLowerBound || c.reported === 0) return null;
  return Math.round((c.found / c.reported) * 1000) / 10;
}

/**
 * `complete` when the scan found at least the threshold share of what Amazon reports (or of what
 * its own counted windows add up to, when that is more), or reached the list limit; `partial`
 * otherwise. Only Deep scans promise the whole store: Standard reads what one query serves, and a
 * Functional scan's count is the refined search's, not the matches'.
 */
export function scanOutcome(c: Coverage, type: ScanType): ScanOutcome {
  if (type !== 'deep' || c.stoppedAtListLimit) return 'complete';
  const denominator = Math.max(
    c.reported ?? 0,
    c.found + (c.unreached ?? 0) + (c.estimatedUnpricedMissing ?? 0),
  );
  if (denominator === 0) return 'complete';
  return c.found >= (c.threshold ?? 1) * denominator ? 'complete' : 'partial';
}

/**
 * The facts of a scan's coverage, for a UI to word in its own language (ScanCompleted.coverage):
 * what was found of what Amazon reports and, for a partial scan, what is missing and why (listings
 * with no price that could not be reached, estimated or not, and listings Amazon counted but did
 * not serve; 0 unless partial).
 */
export function coverageFacts(c: Coverage, outcome: ScanOutcome = 'complete'): CoverageFacts {
  const partial = outcome === 'partial';
  const reported = c.reportedIsLowerBound ? 0 : (c.reported ?? 0);
  const unreached = partial ? (c.unreached ?? 0) : 0;
  const estimated = c.estimatedUnpricedMissing !== undefined;
  // Counted by Amazon, not found and not accounted for as unreached: unpriced listings not reached.
  const gap = Math.max(0, reported - c.found - (c.unreached ?? 0));
  const unpriced = !partial ? 0 : estimated ? (c.estimatedUnpricedMissing ?? 0) : gap;
  // What a diff may rest on: the threshold of the whole store reached (a Deep scan's own rule,
  // applied to any scan's coverage: a Standard scan reaches it only when its one query held the
  // store), and the unpriced listings it could still have missed.
  const wholeStore = !c.filtered && scanOutcome(c, 'deep') === 'complete';
  return {
    found: c.found,
    reported: c.reported,
    reportedIsLowerBound: c.reportedIsLowerBound,
    filtered: c.filtered,
    listLimit: c.listLimit,
    stoppedAtListLimit: c.stoppedAtListLimit,
    unpricedMissing: unpriced,
    unpricedMissingEstimated: partial && estimated,
    unreached,
    wholeStore,
    unpricedUnproven: wholeStore ? Math.max(c.estimatedUnpricedMissing ?? 0, gap) : 0,
    asinCheck: null,
  };
}

/** What is missing and why, for a partial scan ("130 listings have no price and could not be reached"). */
function missingLine(f: CoverageFacts): string {
  const parts: string[] = [];
  const about = f.unpricedMissingEstimated ? 'about ' : '';
  if (f.unpricedMissing > 0)
    parts.push(
      `${about}${fmt(f.unpricedMissing)} ${f.unpricedMissing === 1 ? 'listing has' : 'listings have'} no price and could not be reached${f.unpricedMissingEstimated ? ' (estimated from the keyword queries read)' : ''}`,
    );
  if (f.unreached > 0)
    parts.push(
      `${fmt(f.unreached)} ${f.unreached === 1 ? 'listing was' : 'listings were'} counted by Amazon but not served (one price shared by more listings than Amazon shows, or an order that changed between pages)`,
    );
  return parts.length ? ` Incomplete: ${parts.join('; ')}.` : ' Incomplete.';
}

/**
 * The scan's closing line in English, e.g. "Found 1,234 ASINs of the 1,240 Amazon reports (99.5%).",
 * for logs and `make scan` (a UI words `coverageFacts` in its own language).
 */
export function coverageLine(c: Coverage, outcome: ScanOutcome = 'complete'): string {
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
  if (outcome === 'partial') line += missingLine(coverageFacts(c, outcome));
  return line;
}

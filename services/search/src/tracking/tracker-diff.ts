import type { CoverageFacts } from '@shelfscan/contracts';

/** What the tracker knew of an ASIN before the run. */
export interface KnownAsin {
  present: boolean;
  /** The last run that saw it saw no price on its tile. */
  unpriced?: boolean;
}

/** What a run's tiles showed (ScraperService.ListScanItems): titles, and the ASINs shown without a price. */
export interface SeenTiles {
  titles: ReadonlyMap<string, string>;
  unpriced: ReadonlySet<string>;
}

/** The facts of a finished run the diff rests on. */
export interface RunFacts {
  /** The run's ASINs, in the order the scan found them. */
  seen: readonly string[];
  /** No earlier run of the tracker has finished: this run is the baseline. */
  baseline: boolean;
  /**
   * The run may claim what it did not see is gone: its scan completed and saw the coverage
   * threshold of the whole store (ScanCoverage.wholeStore; a Standard scan of a store larger than
   * one query serves does not).
   */
  complete: boolean;
  /**
   * Listings without a price the run may have missed although complete (ScanCoverage.unpricedUnproven):
   * while above 0, an ASIN last seen without a price and not seen now is not claimed gone.
   */
  unpricedUnproven?: number;
  /** This run or the one before stopped at the list limit. */
  aboveLimit: boolean;
}

export interface RunDiff {
  added: string[];
  removed: string[];
  /** Present before and not seen by a run that cannot claim a removal. */
  notSeen: number;
}

/**
 * A run's diff against what the tracker knew (issue 18, "Honest diffs"):
 * - the first run is the baseline: nothing added, nothing removed;
 * - an ASIN is removed only when a complete run that is not above the list limit did not see it;
 *   any other run reports such ASINs as not seen (a count), never as removed; so does a complete
 *   run for an ASIN last seen without a price while the run cannot bound its unpriced misses to 0
 *   (unpriced listings are the ones a Deep scan reaches last and least surely: issue 18);
 * - what a run saw that was not present before is added, whatever the run's outcome (it was seen);
 *   above the list limit only an ASIN never seen before counts (one present before may simply
 *   have been beyond the earlier run's limit, and one that was removed may be back from beyond it).
 * Added keeps the scan's order; removed is sorted.
 */
export function diffRun(known: ReadonlyMap<string, KnownAsin>, run: RunFacts): RunDiff {
  if (run.baseline) return { added: [], removed: [], notSeen: 0 };
  const seen = new Set(run.seen);
  const added = [...seen].filter((a) => (run.aboveLimit ? !known.has(a) : !(known.get(a)?.present ?? false)));
  const missing = [...known].filter(([a, k]) => k.present && !seen.has(a)).map(([a]) => a);
  if (!run.complete || run.aboveLimit) return { added, removed: [], notSeen: missing.length };
  const unsure = (run.unpricedUnproven ?? 0) > 0;
  const removed = missing.filter((a) => !(unsure && known.get(a)?.unpriced));
  return { added, removed: removed.sort(), notSeen: missing.length - removed.length };
}

/**
 * The share of the store a finished scan saw, 0..1: what it found of the count Amazon reports (of
 * the list limit when the store is above it); 1 when it stopped at the list limit; null when the
 * scan reported no facts or no count.
 */
export function runCoverage(facts: CoverageFacts | null | undefined): number | null {
  if (!facts) return null;
  if (facts.stoppedAtListLimit) return 1;
  const reported = facts.reported ?? 0;
  if (reported <= 0) return null;
  const target = facts.listLimit > 0 ? Math.min(reported, facts.listLimit) : reported;
  return Math.min(1, facts.found / target);
}

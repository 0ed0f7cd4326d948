import { useState } from 'react';
import type { Progress } from './model';

/** Where a scan's bar stood, and when the page saw it there. */
export interface ProgressSample {
  atMs: number;
  percent: number;
}

/**
 * Seconds left of a running scan, from the pace of its own work: the share done since `first` over
 * the time it took, applied to the share left (a stall makes it grow, a burst makes it shrink). Until
 * the bar has moved since `first`, the engine's estimate (`engineEtaSeconds`, which it does not redo
 * at every page).
 */
export function timeLeftSeconds(
  first: ProgressSample | null,
  now: ProgressSample,
  engineEtaSeconds: number | null,
): number | null {
  if (!first || now.percent <= first.percent || now.atMs <= first.atMs) return engineEtaSeconds;
  const percentPerMs = (now.percent - first.percent) / (now.atMs - first.atMs);
  return Math.max(0, Math.round((100 - now.percent) / percentPerMs / 1000));
}

/**
 * The time left shown on a running scan's card: `timeLeftSeconds` from the first share of the bar
 * this page saw (kept while the card lives) to the current one. `clock` is for tests.
 */
export function useTimeLeft(progress: Progress | null, clock: () => number = Date.now): number | null {
  const [first, setFirst] = useState<ProgressSample | null>(null);
  const percent = progress?.percent ?? null;
  if (percent === null) {
    if (first) setFirst(null);
    return progress?.etaSeconds ?? null;
  }
  const now = { atMs: clock(), percent };
  if (!first) setFirst(now);
  return timeLeftSeconds(first, now, progress!.etaSeconds);
}

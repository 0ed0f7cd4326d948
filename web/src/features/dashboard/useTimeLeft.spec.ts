import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Progress } from './model';
import { timeLeftSeconds, useTimeLeft } from './useTimeLeft';

const progress = (percent: number | null, etaSeconds: number | null = 13): Progress => ({
  pagesFetched: 1,
  asinsFound: 16,
  etaSeconds,
  reportedTotal: 1200,
  percent,
});

describe('timeLeftSeconds', () => {
  it('is the engine’s estimate until the bar has moved', () => {
    expect(timeLeftSeconds(null, { atMs: 0, percent: 5 }, 13)).toBe(13);
    expect(timeLeftSeconds({ atMs: 0, percent: 5 }, { atMs: 4000, percent: 5 }, 13)).toBe(13);
  });

  it('then the share left at the pace of the share done', () => {
    // Issue 22: the bar went from 5 % to 71 % in 32 s: 29 % are left at 66 % per 32 s, about 14 s.
    expect(timeLeftSeconds({ atMs: 0, percent: 5 }, { atMs: 32_000, percent: 71 }, 13)).toBe(14);
    expect(timeLeftSeconds({ atMs: 0, percent: 5 }, { atMs: 10_000, percent: 55 }, 13)).toBe(9);
    expect(timeLeftSeconds({ atMs: 0, percent: 5 }, { atMs: 10_000, percent: 100 }, 13)).toBe(0);
  });
});

describe('useTimeLeft', () => {
  it('moves with the work done, not with the engine’s estimate, which stays the same', () => {
    let nowMs = 1_000_000;
    const { result, rerender } = renderHook(({ p }) => useTimeLeft(p, () => nowMs), {
      initialProps: { p: progress(5) },
    });
    expect(result.current).toBe(13);
    const seen: (number | null)[] = [];
    for (const [seconds, percent] of [
      [8, 20],
      [16, 38],
      [24, 55],
      [32, 71],
    ]) {
      nowMs = 1_000_000 + seconds * 1000;
      rerender({ p: progress(percent) });
      seen.push(result.current);
    }
    expect(seen).toEqual([43, 30, 22, 14]);
  });

  it('a stall makes it grow', () => {
    let nowMs = 0;
    const { result, rerender } = renderHook(({ p }) => useTimeLeft(p, () => nowMs), {
      initialProps: { p: progress(10) },
    });
    nowMs = 10_000;
    rerender({ p: progress(20) });
    expect(result.current).toBe(80);
    nowMs = 20_000;
    rerender({ p: progress(20) });
    expect(result.current).toBe(160);
  });

  it('without a share (the store gave no count) it is the engine’s estimate', () => {
    const { result } = renderHook(() => useTimeLeft(progress(null, 40)));
    expect(result.current).toBe(40);
  });
});

import { diffRun, runCoverage, type KnownAsin } from './tracker-diff.js';

const known = (present: string[], gone: string[] = []) =>
  new Map<string, KnownAsin>([
    ...present.map((a) => [a, { present: true }] as const),
    ...gone.map((a) => [a, { present: false }] as const),
  ]);

describe('diffRun', () => {
  const before = known(['A1', 'A2', 'A3'], ['G1']);
  const run = { baseline: false, complete: true, aboveLimit: false };

  it('the baseline adds and removes nothing', () => {
    expect(diffRun(new Map(), { ...run, seen: ['A1'], baseline: true })).toEqual({
      added: [],
      removed: [],
      notSeen: 0,
    });
  });

  it('a complete run: added in scan order (one back counts), removed sorted', () => {
    expect(diffRun(before, { ...run, seen: ['N2', 'G1', 'A1', 'N1'] })).toEqual({
      added: ['N2', 'G1', 'N1'],
      removed: ['A2', 'A3'],
      notSeen: 0,
    });
  });

  it('a partial run removes nothing: what it missed is not seen; what it saw new is added', () => {
    expect(diffRun(before, { ...run, complete: false, seen: ['A1', 'N1'] })).toEqual({
      added: ['N1'],
      removed: [],
      notSeen: 2,
    });
  });

  it('a complete run that may have missed unpriced listings: one last seen without a price is not seen, not removed', () => {
    const withUnpriced = new Map<string, KnownAsin>([...before, ['U1', { present: true, unpriced: true }]]);
    expect(diffRun(withUnpriced, { ...run, unpricedUnproven: 2, seen: ['A1'] })).toEqual({
      added: [],
      removed: ['A2', 'A3'],
      notSeen: 1,
    });
    // Every unpriced listing accounted for: its absence is a removal like any other.
    expect(diffRun(withUnpriced, { ...run, unpricedUnproven: 0, seen: ['A1'] })).toEqual({
      added: [],
      removed: ['A2', 'A3', 'U1'],
      notSeen: 0,
    });
    // Seen again later: it was present all along, so it is not reported as added.
    expect(
      diffRun(withUnpriced, { ...run, unpricedUnproven: 2, seen: ['A1', 'A2', 'A3', 'U1'] }).added,
    ).toEqual([]);
  });

  it('above the list limit: no removal, only ASINs never seen count as added', () => {
    expect(diffRun(before, { ...run, aboveLimit: true, seen: ['G1', 'N1', 'A1'] })).toEqual({
      added: ['N1'],
      removed: [],
      notSeen: 2,
    });
  });
});

describe('runCoverage', () => {
  const facts = {
    found: 99,
    reported: 100,
    reportedIsLowerBound: false,
    filtered: false,
    listLimit: 2720,
    stoppedAtListLimit: false,
    unpricedMissing: 0,
    unpricedMissingEstimated: false,
    unreached: 0,
    wholeStore: false,
    unpricedUnproven: 0,
  };
  it('found of the count (of the list limit above it); 1 at the limit; null without facts', () => {
    expect(runCoverage(facts)).toBe(0.99);
    expect(runCoverage({ ...facts, found: 50, reported: 1000, listLimit: 100 })).toBe(0.5);
    expect(runCoverage({ ...facts, stoppedAtListLimit: true })).toBe(1);
    expect(runCoverage({ ...facts, reported: null })).toBeNull();
    expect(runCoverage(null)).toBeNull();
  });
});

import { coverageFacts, coverageLine, type Coverage } from './progress';

const base: Coverage = {
  found: 60,
  reported: 60,
  reportedIsLowerBound: false,
  listLimit: 2720,
  stoppedAtListLimit: false,
  filtered: false,
};

describe('coverage facts: what the line says, as data a UI words in its own language', () => {
  it('a complete scan: found of reported, nothing missing', () => {
    expect(coverageFacts(base)).toEqual({
      found: 60,
      reported: 60,
      reportedIsLowerBound: false,
      filtered: false,
      listLimit: 2720,
      stoppedAtListLimit: false,
      unpricedMissing: 0,
      unpricedMissingEstimated: false,
      unreached: 0,
      wholeStore: true,
      unpricedUnproven: 0,
      asinCheck: null,
    });
    expect(coverageLine(base)).toBe('Found 60 ASINs of the 60 Amazon reports (100%).');
  });

  it('a partial scan: the unpriced listings and the unreached ones, as the English line counts them', () => {
    const c: Coverage = { ...base, found: 1000, reported: 1200, unreached: 70 };
    expect(coverageFacts(c, 'partial')).toMatchObject({ unpricedMissing: 130, unreached: 70 });
    expect(coverageLine(c, 'partial')).toMatch(
      /Incomplete: 130 listings have no price and could not be reached; 70 listings were counted/,
    );
    // A complete scan reports nothing missing, whatever the counters say.
    expect(coverageFacts(c, 'complete')).toMatchObject({ unpricedMissing: 0, unreached: 0 });
  });

  it('an estimate of the unpriced listings behind a lower bound is marked as one', () => {
    const c: Coverage = {
      ...base,
      found: 1000,
      reported: 1000,
      reportedIsLowerBound: true,
      estimatedUnpricedMissing: 40,
    };
    expect(coverageFacts(c, 'partial')).toMatchObject({
      reportedIsLowerBound: true,
      unpricedMissing: 40,
      unpricedMissingEstimated: true,
    });
    expect(coverageLine(c, 'partial')).toMatch(/about 40 listings have no price/);
  });

  it('the list limit and the refined search of a Functional scan', () => {
    expect(coverageFacts({ ...base, found: 2720, reported: 5000, stoppedAtListLimit: true })).toMatchObject({
      stoppedAtListLimit: true,
      listLimit: 2720,
    });
    expect(coverageFacts({ ...base, found: 12, reported: 300, filtered: true })).toMatchObject({
      filtered: true,
    });
  });

  describe('what a tracker may claim gone (issue 18, honest diffs)', () => {
    it('a scan that saw the threshold of the store: whole; one that did not, or a Functional one: not', () => {
      const t = { ...base, threshold: 0.99 };
      expect(coverageFacts({ ...t, found: 60 }).wholeStore).toBe(true);
      // A Standard scan whose one query served 112 of a 300-listing store is no evidence of absence.
      expect(coverageFacts({ ...t, found: 112, reported: 300 }).wholeStore).toBe(false);
      // 400 of "over 1,000": not whole, whatever the outcome a Standard scan is given.
      expect(coverageFacts({ ...t, found: 400, reported: 1000, reportedIsLowerBound: true }).wholeStore).toBe(
        false,
      );
      expect(coverageFacts({ ...t, found: 12, reported: 12, filtered: true }).wholeStore).toBe(false);
      expect(coverageFacts({ ...t, found: 2720, reported: 5000, stoppedAtListLimit: true }).wholeStore).toBe(
        true,
      );
    });

    it('the unpriced listings a whole-store scan may still have missed: its estimate, or the count it is short of', () => {
      const behindLowerBound: Coverage = {
        ...base,
        threshold: 0.99,
        found: 2000,
        reported: 1000,
        reportedIsLowerBound: true,
        estimatedUnpricedMissing: 2,
      };
      expect(coverageFacts(behindLowerBound)).toMatchObject({
        wholeStore: true,
        unpricedUnproven: 2,
        unpricedMissing: 0,
      });
      expect(coverageFacts({ ...behindLowerBound, estimatedUnpricedMissing: 0 }).unpricedUnproven).toBe(0);
      // Amazon counts 1,000, the scan found 995 and 1 was counted but not served: 4 unaccounted for.
      const short: Coverage = { ...base, threshold: 0.99, found: 995, reported: 1000, unreached: 1 };
      expect(coverageFacts(short)).toMatchObject({ wholeStore: true, unpricedUnproven: 4 });
      // Not whole: nothing can be claimed gone, so nothing is counted as unproven either.
      expect(coverageFacts({ ...short, found: 900 })).toMatchObject({
        wholeStore: false,
        unpricedUnproven: 0,
      });
    });
  });
});

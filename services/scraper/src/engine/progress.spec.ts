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
});

import { coverageOfLine } from './1766000000003-coverage-facts';

describe('coverage facts of the English lines stored before the scraper sent them', () => {
  it.each([
    [
      'Found 60 ASINs of the 60 Amazon reports (100%).',
      { found: 60, reported: 60, reportedIsLowerBound: false, filtered: false },
    ],
    [
      'Found 1,000 ASINs of the over 1,000 Amazon reports (Amazon gives only a lower bound). Stopped at the list limit of 1,000 ASINs.',
      { found: 1000, reported: 1000, reportedIsLowerBound: true, stoppedAtListLimit: true, listLimit: 1000 },
    ],
    [
      'Found 12 matching ASINs among the 300 results Amazon reports for the refined search.',
      { found: 12, reported: 300, filtered: true },
    ],
    ['Found 0 ASINs; Amazon reports no results.', { found: 0, reported: null }],
    [
      'Found 1,000 ASINs of the 1,200 Amazon reports (83.3%). Incomplete: about 130 listings have no price and could not be reached (estimated from the keyword queries read); 70 listings were counted by Amazon but not served (x).',
      { found: 1000, unpricedMissing: 130, unpricedMissingEstimated: true, unreached: 70 },
    ],
    [
      'Checked 4 ASINs on amazon.ca: 2 sold there, 0 currently unavailable, 2 not found.',
      { found: 2, asinCheck: { checked: 4, sold: 2, unavailable: 0, notFound: 2 } },
    ],
  ])('%s', (line, facts) => {
    expect(coverageOfLine(line)).toMatchObject(facts);
  });

  it('leaves a line of another shape as it is', () => {
    expect(coverageOfLine('Found 1,870 of about 2,000 results')).toBeNull();
  });
});

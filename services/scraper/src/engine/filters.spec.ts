import { tile } from './__fixtures__/pages.js';
import { tileMatches, toMinor } from './filters.js';

const rated = (
  stars: number | null,
  minor: number | null,
  badges: { choice?: boolean; best?: boolean } = {},
) => ({
  ...tile('B01', minor),
  stars,
  amazonsChoice: badges.choice ? { label: "Amazon's Choice", supplementary: null } : null,
  bestSeller: badges.best ? { label: 'Best Seller', supplementary: null } : null,
});

describe('the Functional filters on a tile', () => {
  it('a price range in major units, inclusive; an unpriced tile fails it', () => {
    const f = { minPrice: 20, maxPrice: 200 };
    expect(tileMatches(rated(4, 2000), f)).toBe(true);
    expect(tileMatches(rated(4, 20_000), f)).toBe(true);
    expect(tileMatches(rated(4, 1999), f)).toBe(false);
    expect(tileMatches(rated(4, 20_001), f)).toBe(false);
    expect(tileMatches(rated(4, null), f)).toBe(false);
    expect(tileMatches(rated(4, null), {})).toBe(true);
  });

  it('a star range; an unrated tile fails it (5 stars and up to 5 is no filter)', () => {
    expect(tileMatches(rated(4.5, 100), { minStars: 4 })).toBe(true);
    expect(tileMatches(rated(3.9, 100), { minStars: 4 })).toBe(false);
    expect(tileMatches(rated(4.6, 100), { maxStars: 4.5 })).toBe(false);
    expect(tileMatches(rated(null, 100), { minStars: 1 })).toBe(false);
    expect(tileMatches(rated(null, 100), { minStars: 0, maxStars: 5 })).toBe(true);
  });

  it('badges', () => {
    expect(tileMatches(rated(null, 100, { choice: true }), { amazonsChoice: true })).toBe(true);
    expect(tileMatches(rated(null, 100, { best: true }), { amazonsChoice: true })).toBe(false);
    expect(tileMatches(rated(null, 100, { best: true }), { bestSeller: true })).toBe(true);
  });

  it('prices are turned into minor units (cents), never negative', () => {
    expect(toMinor(19.99)).toBe(1999);
    expect(toMinor(-3)).toBe(0);
    expect(toMinor(undefined)).toBeUndefined();
    expect(toMinor(Number.NaN)).toBeUndefined();
  });
});

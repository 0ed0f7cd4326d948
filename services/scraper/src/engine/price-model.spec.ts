import { centShares, PriceModel, type Observation } from './price-model.js';

/** Cent endings as sellers use them: 60 % .99, 15 % .00, 10 % .95, 10 % .49, the rest spread. */
function histogram(): number[] {
  const h = new Array<number>(100).fill(0.05);
  h[99] += 60;
  h[0] += 15;
  h[95] += 10;
  h[49] += 10;
  return h;
}

describe('price model', () => {
  it('cent shares sum to one and keep the crowded endings', () => {
    const shares = centShares(histogram());
    expect(shares.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    expect(shares[99]).toBeGreaterThan(0.55);
    expect(shares[37]).toBeGreaterThan(0); // an ending never seen is not predicted empty
    expect(shares[37]).toBeLessThan(0.01);
  });

  it('a dollar holds one unit of mass; one cent holds its ending’s share', () => {
    const m = new PriceModel(histogram(), []);
    expect(m.mass(1500, 1599)).toBeCloseTo(1, 9);
    expect(m.mass(1500, 2499)).toBeCloseTo(10, 9);
    expect(m.mass(1599, 1599)).toBeCloseTo(m.shares[99], 9);
    expect(m.mass(1600, 1599)).toBe(0);
    expect(m.known).toBe(false);
    expect(m.predict(0, 10_000)).toBe(0);
  });

  it('matches the counts it was given and cuts windows to a target', () => {
    // Ten-dollar ranges counted above $30, the density rising towards the cheap end.
    const obs: Observation[] = [
      [7000, 7999, 40],
      [6000, 6999, 55],
      [5000, 5999, 70],
      [4000, 4999, 95],
    ];
    const m = new PriceModel(histogram(), obs);
    expect(m.known).toBe(true);
    expect(m.predict(4000, 4999)).toBeGreaterThan(60);
    expect(m.predict(4000, 4999)).toBeLessThan(140);
    const cut = m.cutFor(3999, 0, 95);
    expect(m.predict(cut, 3999)).toBeLessThanOrEqual(95);
    expect(m.predict(cut - 1, 3999)).toBeGreaterThan(95);
    // Below the counts the density keeps rising: a window covers fewer dollars.
    expect(3999 - cut).toBeLessThan(1000);
  });

  it('a counted range that is too big rescales the prediction inside it', () => {
    const m = new PriceModel(histogram(), [[4000, 4999, 95]]);
    m.calibrate(2000, 3999, 400);
    expect(m.predict(2000, 3999)).toBeCloseTo(400, 6);
    expect(m.scaleFactor).toBeGreaterThan(0);
    const cut = m.cutFor(3999, 2000, 95);
    expect(cut).toBeGreaterThan(2000);
    expect(m.predict(cut, 3999)).toBeLessThanOrEqual(95);
  });

  it('pieces counted exactly are matched exactly, and their crowded endings found', () => {
    const pieces: Observation[] = [
      [2000, 2999, 900],
      [1000, 1999, 950],
    ];
    const m = new PriceModel(histogram(), [], pieces);
    expect(m.predict(2000, 2999)).toBeCloseTo(900, 6);
    expect(m.predict(1000, 1999)).toBeCloseTo(950, 6);
    // ~95 listings a dollar, 60 % of them at .99: about 57 at one price.
    expect(m.at(1999)).toBeGreaterThan(40);
    expect(m.densest(1000, 2999)).toBeGreaterThan(50);
    expect(m.firstCrowded(2999, 1000, 50, 10_000)).toBe(2999);
    expect(m.firstCrowded(2999, 1000, 500, 10_000)).toBeNull();
    m.scaleBy(0.1); // one keyword's part: a tenth of the listings
    expect(m.predict(1000, 1999)).toBeCloseTo(95, 6);
    expect(m.firstCrowded(2999, 1000, 50, 10_000)).toBeNull();
  });
});

/**
 * Where to cut the next price window: an estimate of how many listings a price range holds, from
 * what the scan has counted so far. Two things shape a store's prices:
 *
 * - the cent endings sellers use (.99, .95, .00, .49 …): a histogram of the shown prices seen, so a
 *   range that holds a crowded ending is predicted to hold its share of the dollar;
 * - the density per dollar, which changes smoothly with the price: a power law fitted (in log-log)
 *   to the last ranges Amazon counted exactly, extrapolated to the range below them.
 *
 * A range Amazon counted that is too big for one query (a "bracket") rescales the prediction inside
 * it, so each failed probe makes the next one better (a secant step). Every estimate is checked by
 * Amazon's count of the probed window: a wrong estimate costs a page, never a listing.
 */

/** A price range whose listings Amazon counted exactly: [lo, hi] inclusive, minor units. */
export type Observation = [lo: number, hi: number, count: number];

const CENTS = 100;
/** Slope bounds of the fitted density (listings per dollar ∝ price^slope). */
const SLOPE_MIN = -4;
const SLOPE_MAX = 2;
/** Slope used when one observation cannot tell it (prices thin out towards the expensive end). */
const DEFAULT_SLOPE = -3;

/** How the shown prices of a store end (cents 0..99), learned from every priced tile seen. */
export function centShares(histogram: readonly number[]): number[] {
  // A little uniform mass so that an ending never seen is not predicted empty.
  const total = histogram.reduce((a, b) => a + b, 0);
  const prior = Math.max(1, total * 0.002);
  const raw = Array.from({ length: CENTS }, (_, c) => (histogram[c] ?? 0) + prior / CENTS);
  const sum = raw.reduce((a, b) => a + b, 0);
  return raw.map((x) => x / sum);
}

export class PriceModel {
  /** prefix[k] = share of listings ending in a cent below k. */
  private readonly prefix: number[];
  /** The density curve: log listings per dollar at log prices (ascending), through every count. */
  private readonly xs: number[] = [];
  private readonly ys: number[] = [];
  private readonly slope: number = DEFAULT_SLOPE;
  /** Scale applied to every prediction (a bracket, or a keyword part's share of the store). */
  private scale = 1;
  /** Ranges Amazon counted exactly (a zone's pieces): the curve, normalised to their count inside. */
  private readonly segments: { lo: number; hi: number; factor: number }[] = [];

  readonly shares: number[];

  /**
   * `observations`: exact counts of ranges (recent windows, or the highest prices seen standing in
   * for them); `segments`: exact counts that cover a range (a zone's pieces), matched exactly.
   */
  constructor(
    histogram: readonly number[],
    observations: readonly Observation[],
    segments: readonly Observation[] = [],
  ) {
    this.shares = centShares(histogram);
    this.prefix = [0];
    for (let c = 0; c < CENTS; c++) this.prefix.push(this.prefix[c] + this.shares[c]);
    const points = [...observations, ...segments]
      .filter(([lo, hi, n]) => hi >= lo && n > 0)
      .map(([lo, hi, n]) => ({
        x: Math.log(Math.max(1, (lo + hi) / 2)),
        y: Math.log(n / Math.max(this.mass(lo, hi), 1e-9)),
        w: n,
      }))
      .sort((a, b) => a.x - b.x);
    for (const p of points) {
      // Points at the same price: keep the last (the narrower, more recent count).
      if (this.xs.length && Math.abs(this.xs[this.xs.length - 1] - p.x) < 1e-9) {
        this.ys[this.ys.length - 1] = p.y;
        continue;
      }
      this.xs.push(p.x);
      this.ys.push(p.y);
    }
    if (points.length >= 2) {
      const W = points.reduce((a, p) => a + p.w, 0);
      const mx = points.reduce((a, p) => a + p.w * p.x, 0) / W;
      const my = points.reduce((a, p) => a + p.w * p.y, 0) / W;
      const sxx = points.reduce((a, p) => a + p.w * (p.x - mx) ** 2, 0);
      const sxy = points.reduce((a, p) => a + p.w * (p.x - mx) * (p.y - my), 0);
      if (sxx > 1e-6) this.slope = Math.min(SLOPE_MAX, Math.max(SLOPE_MIN, sxy / sxx));
    }
    for (const [lo, hi, n] of segments) {
      if (hi < lo) continue;
      const raw = this.sum(lo, hi, (price) => this.curve(price));
      this.segments.push({ lo, hi, factor: raw > 0 ? n / raw : 0 });
    }
  }

  /** Whether the model knows anything (a count). */
  get known(): boolean {
    return this.xs.length > 0;
  }

  /** The curve: listings per dollar at a price, interpolated in log-log between counts, extrapolated by the slope. */
  private curve(price: number): number {
    const x = Math.log(Math.max(price, 1));
    const { xs, ys } = this;
    const n = xs.length;
    if (!n) return 0;
    if (x <= xs[0]) return Math.exp(ys[0] + this.slope * (x - xs[0]));
    if (x >= xs[n - 1]) return Math.exp(ys[n - 1] + this.slope * (x - xs[n - 1]));
    let i = 1;
    while (xs[i] < x) i++;
    const t = (x - xs[i - 1]) / (xs[i] - xs[i - 1]);
    return Math.exp(ys[i - 1] + t * (ys[i] - ys[i - 1]));
  }

  /** Σ over the dollars of [lo, hi] of density(dollar) × the share of the dollar inside [lo, hi]. */
  private sum(lo: number, hi: number, density: (price: number) => number): number {
    let total = 0;
    for (let d = Math.floor(lo / CENTS); d <= Math.floor(hi / CENTS); d++) {
      const a = Math.max(lo, d * CENTS);
      const b = Math.min(hi, d * CENTS + CENTS - 1);
      total += density(d * CENTS + 50) * this.mass(a, b);
    }
    return total;
  }

  /** The share of a dollar's listings whose price lies in [lo, hi] (summed over the dollars spanned). */
  mass(lo: number, hi: number): number {
    if (hi < lo) return 0;
    const upTo = (x: number) => Math.floor((x + 1) / CENTS) + this.prefix[(x + 1) % CENTS];
    return upTo(hi) - upTo(lo - 1);
  }

  /** Listings per dollar around a price (before the scale). */
  private density(price: number): number {
    for (const g of this.segments) if (price >= g.lo && price <= g.hi) return g.factor * this.curve(price);
    return this.curve(price);
  }

  /** Predicted listings with a shown price in [lo, hi]. */
  predict(lo: number, hi: number): number {
    if (hi < lo || !this.known) return 0;
    return this.sum(lo, hi, (price) => this.density(price)) * this.scale;
  }

  /** Predicted listings at exactly one price. */
  at(price: number): number {
    return this.predict(price, price);
  }

  /** Rescales predictions so that [lo, hi] holds `count` (a range Amazon counted). */
  calibrate(lo: number, hi: number, count: number): void {
    if (!this.known) return;
    this.scale = 1;
    const p = this.predict(lo, hi);
    if (p > 0) this.scale = count / p;
  }

  /** The scale in force (a bracket's, or a keyword part's share). */
  get scaleFactor(): number {
    return this.scale;
  }

  /** Rescales every prediction (a keyword part holding this share of the store's listings). */
  scaleBy(share: number): void {
    this.scale = share;
  }

  /** The most listings predicted at one price in [lo, hi]. */
  densest(lo: number, hi: number): number {
    const maxShare = Math.max(...this.shares);
    let best = 0;
    for (let d = Math.floor(lo / CENTS); d <= Math.floor(hi / CENTS); d++) {
      best = Math.max(best, this.density(d * CENTS + 50) * maxShare * this.scale);
    }
    return best;
  }

  /**
   * The lowest cut ≥ floor such that [cut, top] is predicted to hold at most `target` listings
   * (binary search; the prediction grows as the cut goes down).
   */
  cutFor(top: number, floor: number, target: number): number {
    if (floor >= top) return top;
    if (this.predict(floor, top) <= target) return floor;
    let lo = floor; // predict(lo, top) > target
    let hi = top; // candidate
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (this.predict(mid, top) <= target) hi = mid;
      else lo = mid;
    }
    return hi;
  }

  /**
   * Walking down from `top` to `floor`: the first price predicted to hold more than `limit`
   * listings on its own, or null (only dollars dense enough to hold one are looked at).
   */
  firstCrowded(top: number, floor: number, limit: number, within: number): number | null {
    const maxShare = Math.max(...this.shares);
    let seen = 0;
    for (let d = Math.floor(top / CENTS); d >= Math.floor(floor / CENTS) && d >= 0; d--) {
      const dense = this.density(d * CENTS + 50) * this.scale;
      if (dense * maxShare > limit) {
        for (let c = CENTS - 1; c >= 0; c--) {
          const price = d * CENTS + c;
          if (price > top || price < floor) continue;
          if (dense * this.shares[c] > limit) return price;
        }
      }
      seen += this.predict(Math.max(floor, d * CENTS), Math.min(top, d * CENTS + CENTS - 1));
      if (seen > within) return null;
    }
    return null;
  }
}

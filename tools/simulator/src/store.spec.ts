import { createStore, NO_NODE, sellerIdForSeed, UNRATED, BADGE_CHOICE, BADGE_BEST_SELLER } from './store.js';

describe('createStore', () => {
  const store = createStore({ seed: 7, size: 5000 });

  it('is deterministic: the same seed gives the same store, another seed another one', () => {
    const again = createStore({ seed: 7, size: 5000 });
    expect(again.sellerId).toBe(store.sellerId);
    expect(again.asins).toEqual(store.asins);
    expect(Array.from(again.prices)).toEqual(Array.from(store.prices));
    expect(again.nodes.map((n) => [n.id, n.members.length])).toEqual(
      store.nodes.map((n) => [n.id, n.members.length]),
    );
    const other = createStore({ seed: 8, size: 5000 });
    expect(other.sellerId).not.toBe(store.sellerId);
    expect(other.asins.filter((a) => store.asinSet.has(a)).length).toBeLessThan(5);
  });

  it('derives the seller id from the seed: A + 13 upper-case alphanumerics', () => {
    expect(store.sellerId).toMatch(/^A[0-9A-Z]{13}$/);
    expect(sellerIdForSeed(7)).toBe(store.sellerId);
    expect(createStore({ seed: 7, size: 10 }).sellerId).toBe(store.sellerId);
  });

  it('has unique ASINs: mostly B0 + 8 alphanumerics, some ISBN-10 books', () => {
    expect(new Set(store.asins).size).toBe(5000);
    const b0 = store.asins.filter((a) => /^B0[0-9A-Z]{8}$/.test(a));
    const isbn = store.asins.filter((a) => /^\d{9}[\dX]$/.test(a));
    expect(b0.length + isbn.length).toBe(5000);
    expect(b0.length).toBeGreaterThan(4500);
    expect(isbn.length).toBeGreaterThan(20);
    for (const a of isbn) {
      const sum = [...a].reduce((acc, c, i) => acc + (c === 'X' ? 10 : Number(c)) * (10 - i), 0);
      expect(sum % 11).toBe(0);
    }
  });

  it('builds a 2-3 level tree with numeric node ids, skewed sizes and uncategorized listings', () => {
    expect(store.nodes.every((n) => /^\d+$/.test(n.id))).toBe(true);
    const depth = Math.max(...store.nodes.map((n) => n.depth));
    expect(depth).toBeGreaterThanOrEqual(1);
    expect(depth).toBeLessThanOrEqual(2);
    expect(store.nodes.some((n) => n.depth === 2)).toBe(true);
    const uncategorized = Array.from(store.nodeOf).filter((n) => n === NO_NODE).length;
    expect(uncategorized).toBeGreaterThan(50);
    // some listings sit in a parent node but in none of its children
    const inParentOnly = Array.from(store.nodeOf).filter(
      (n) => n !== NO_NODE && store.nodes[n].children.length > 0,
    );
    expect(inParentOnly.length).toBeGreaterThan(0);
    // a node includes its descendants
    for (const n of store.nodes) {
      const own = Array.from(store.nodeOf).filter((x) => x === n.index).length;
      const fromChildren = n.children.reduce((acc, c) => acc + store.nodes[c].members.length, 0);
      expect(n.members.length).toBe(own + fromChildren);
    }
    // skew: the biggest top-level department is far bigger than the smallest, and bigger than a 7-page cap
    const roots = store.roots.map((r) => store.nodes[r].members.length).sort((a, b) => b - a);
    expect(roots[0]).toBeGreaterThan(112);
    expect(roots[0]).toBeGreaterThan(3 * roots[roots.length - 1]);
  });

  it('has skewed prices in minor units with repeated values, stars in half steps, a few badges', () => {
    const prices = Array.from(store.prices);
    expect(prices.every((p) => Number.isInteger(p) && p > 0)).toBe(true);
    const counts = new Map<number, number>();
    for (const p of prices) counts.set(p, (counts.get(p) ?? 0) + 1);
    expect(Math.max(...counts.values())).toBeGreaterThan(10);
    const sorted = [...prices].sort((a, b) => a - b);
    const median = sorted[2500];
    const mean = prices.reduce((a, b) => a + b, 0) / prices.length;
    expect(mean).toBeGreaterThan(median); // right-skewed
    const halves = Array.from(store.halfStars);
    expect(halves.every((h) => h === UNRATED || (h >= 2 && h <= 10))).toBe(true);
    const unrated = halves.filter((h) => h === UNRATED).length;
    expect(unrated).toBeGreaterThan(250);
    expect(unrated).toBeLessThan(1500);
    const choice = Array.from(store.badges).filter((b) => b & BADGE_CHOICE).length;
    const best = Array.from(store.badges).filter((b) => b & BADGE_BEST_SELLER).length;
    expect(choice).toBeGreaterThan(10);
    expect(choice).toBeLessThan(500);
    expect(best).toBeGreaterThan(5);
    expect(best).toBeLessThan(500);
  });

  it('accepts sizes from 10 to 100,000 and rejects others', () => {
    expect(createStore({ seed: 'tiny', size: 10 }).asins).toHaveLength(10);
    expect(() => createStore({ seed: 1, size: 100_001 })).toThrow(/between/);
    expect(() => createStore({ seed: 1, size: 0 })).toThrow(/between/);
    expect(() => createStore({ seed: 1, size: 10, marketDomain: 'amazon.xx' })).toThrow(/unknown market/);
  });

  it('builds a 100,000-ASIN store', () => {
    const big = createStore({ seed: 'big', size: 100_000 });
    expect(big.asinSet.size).toBe(100_000);
    expect(big.orders.priceAsc).toHaveLength(100_000);
  });
});

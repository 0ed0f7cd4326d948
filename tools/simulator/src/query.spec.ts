import { getMarket } from './markets.js';
import { evaluate, inNode, parseSearchQuery, QueryCache } from './query.js';
import { createStore, NO_NODE } from './store.js';

const store = createStore({ seed: 11, size: 4000 });
const all = (qs: string): number[] => {
  const r = evaluate(store, parseSearchQuery(new URLSearchParams(qs)), store.size);
  expect(r.items.length).toBe(r.total);
  return Array.from(r.items);
};

describe('parseSearchQuery', () => {
  it('reads the seller from me= or from rh=p_6:, encoded or not, with other refinements', () => {
    expect(parseSearchQuery(new URLSearchParams('me=AXYZ&page=3'))).toMatchObject({
      sellerId: 'AXYZ',
      sellerForm: 'me',
      page: 3,
    });
    for (const raw of [
      'rh=n:123,p_6:AXYZ,p_36:1500-,p_72:11192170011',
      'rh=n%3A123%2Cp_6%3AAXYZ%2Cp_36%3A1500-%2Cp_72%3A11192170011',
      'rh=n%253A123%252Cp_6%253AAXYZ%252Cp_36%253A1500-%252Cp_72%253A11192170011',
    ]) {
      const q = parseSearchQuery(new URLSearchParams(raw));
      expect(q).toMatchObject({
        sellerId: 'AXYZ',
        sellerForm: 'p_6',
        nodes: ['123'],
        priceMin: 1500,
        starsId: '11192170011',
      });
      expect(q.priceMax).toBeUndefined();
    }
    const open = parseSearchQuery(new URLSearchParams('rh=p_6:A,p_36:-2000&k=Red+Tent&s=price-desc-rank'));
    expect(open).toMatchObject({ priceMax: 2000, keywords: ['red', 'tent'], sort: 'price-desc-rank' });
    expect(open.priceMin).toBeUndefined();
    expect(parseSearchQuery(new URLSearchParams('me=A&page=abc')).page).toBe(1);
    expect(parseSearchQuery(new URLSearchParams('me=A&s=whatever')).sort).toBe('relevance');
  });
});

describe('evaluate', () => {
  const seller = `me=${store.sellerId}`;

  it('returns the whole store for the storefront, in the fixed relevance order', () => {
    const items = all(seller);
    expect(items).toEqual(Array.from(store.orders.relevance));
    expect(new Set(items).size).toBe(store.size);
  });

  it('filters by node including descendants', () => {
    const parent =
      store.nodes.find((n) => n.children.length > 0 && n.parent !== NO_NODE) ?? store.nodes[store.roots[0]];
    const got = all(`${seller}&rh=n:${parent.id}`);
    const expected = Array.from(store.orders.relevance).filter((i) => inNode(store, i, parent.index));
    expect(got).toEqual(expected);
    expect(got.some((i) => store.nodeOf[i] !== parent.index)).toBe(true); // descendants are in
    // parent + child chain (as Amazon's links write it) is the child
    const child = store.nodes[parent.children[0]];
    expect(all(`${seller}&rh=n:${parent.id},n:${child.id}`)).toEqual(all(`${seller}&rh=n:${child.id}`));
    // unknown node: nothing
    expect(all(`${seller}&rh=n:999`)).toEqual([]);
  });

  it('applies p_36 bounds inclusively with open ends', () => {
    const prices = Array.from(store.prices);
    const p = prices[0];
    const exact = all(`rh=p_6:${store.sellerId},p_36:${p}-${p}`);
    expect(exact.length).toBe(prices.filter((x) => x === p).length);
    expect(exact.every((i) => store.prices[i] === p)).toBe(true);
    const low = all(`${seller}&rh=p_36:-2000`);
    const high = all(`${seller}&rh=p_36:2001-`);
    expect(low.every((i) => store.prices[i] <= 2000)).toBe(true);
    expect(high.every((i) => store.prices[i] >= 2001)).toBe(true);
    expect(low.length + high.length).toBe(store.size);
    expect(low.length).toBe(prices.filter((x) => x <= 2000).length);
  });

  it('applies p_72 "N stars & up" with the market ids and ignores unknown ids', () => {
    const ids = getMarket('amazon.ca').starIds;
    const four = all(`${seller}&rh=p_72:${ids[4]}`);
    expect(four.length).toBe(Array.from(store.halfStars).filter((h) => h >= 8).length);
    expect(four.every((i) => store.halfStars[i] >= 8)).toBe(true);
    expect(all(`${seller}&rh=p_72:${ids[1]}`).length).toBe(
      Array.from(store.halfStars).filter((h) => h >= 2).length,
    );
    expect(all(`${seller}&rh=p_72:1248879011`).length).toBe(store.size); // a .com id on a .ca store
  });

  it('matches every keyword against title words', () => {
    const words = store.titles[5]
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length > 3)
      .slice(0, 2);
    const got = all(`${seller}&k=${words.join('+')}`);
    expect(got).toContain(5);
    const expected = Array.from(store.orders.relevance).filter((i) => {
      const t = store.titles[i].toLowerCase().split(/[^\p{L}\p{N}]+/u);
      return words.every((w) => t.includes(w));
    });
    expect(got).toEqual(expected);
    expect(all(`${seller}&k=zzzzqqq`)).toEqual([]);
  });

  it('sorts by price, date and review, ties by relevance', () => {
    const asc = all(`${seller}&s=price-asc-rank`).map((i) => store.prices[i]);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = all(`${seller}&s=price-desc-rank&rh=p_36:1000-5000`).map((i) => store.prices[i]);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    expect(desc.every((p) => p >= 1000 && p <= 5000)).toBe(true);
    const dates = all(`${seller}&s=date-desc-rank`).map((i) => store.added[i]);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const stars = all(`${seller}&s=review-rank`).map((i) => store.halfStars[i]);
    expect(stars).toEqual([...stars].sort((a, b) => b - a));
  });

  it('keeps only the first `limit` items but counts all, and caches per query', () => {
    const cache = new QueryCache(10);
    const q = parseSearchQuery(new URLSearchParams(`${seller}&s=price-asc-rank`));
    const r = evaluate(store, q, 112, cache);
    expect(r.total).toBe(store.size);
    expect(r.items).toHaveLength(112);
    expect(evaluate(store, { ...q, page: 5 }, 112, cache)).toBe(r); // page is not part of the key
    expect(cache.size).toBe(1);
  });
});

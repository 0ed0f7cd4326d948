/**
 * Deterministic synthetic storefronts: listings, a department tree and the indexes that let a 100,000-ASIN
 * store answer a query in a few milliseconds.
 */
import {
  ADJECTIVES,
  AUTHOR_NAMES,
  BOOKS,
  BOOK_WORDS,
  BRAND_SYLLABLES,
  COLORS,
  DEPARTMENTS,
  FEATURES,
} from './catalog.js';
import type { CategorySpec } from './catalog.js';
import { DEFAULT_MARKET, getMarket } from './markets.js';
import type { Market } from './markets.js';
import { createRng, hashSeed, randomAlnum } from './rng.js';
import type { Rng } from './rng.js';

export interface StoreOptions {
  seed: number | string;
  /** number of ASINs, 1..100,000 (the spec asks for 10..100,000; smaller works too). */
  size: number;
  /** e.g. 'amazon.ca' (default). */
  marketDomain?: string;
  /** Real-world imperfections of Amazon's answers; all off by default (an exact store). */
  behaviour?: StoreBehaviour;
  /**
   * Node ids of top-level departments by name (e.g. the real amazon.ca ids, so a scan restricted
   * to a department the product lists reads that department). Others keep their derived ids.
   */
  departmentIds?: Readonly<Record<string, string>>;
}

/**
 * How a real store departs from an exact one (see the simulator README). Every option is off by
 * default; the generated listings are the same with or without them (they draw from their own rng).
 */
export interface StoreBehaviour {
  /** Share (0..1) of listings sorted by a price other than the one shown (the buy box moved, a deal). */
  sortDrift?: number;
  /** How far a drifting listing's sort price strays from the shown one, relative (default 0.3 = ±30 %). */
  driftMagnitude?: number;
  /** Share of listings with no price shown ("See options"): no `p_36` filter matches them, price sorts put them last. */
  unpriced?: number;
  /** Share of listings with variations: the tile shows the low end of a price range, the price sorts use the high end. */
  variations?: number;
  /** The store ignores the `s=` parameter: every query comes back in featured (relevance) order. */
  ignoreSort?: boolean;
  /** Featured (relevance) order changes between two loads: neighbours swap places, page boundaries move. */
  unstableFeatured?: boolean;
  /** Every listing has the same title ("Gift Box Bundle"): no keyword query splits the store. */
  sameTitles?: boolean;
}

/** `prices[i]` of a listing that shows no price. */
export const NO_PRICE = -1;

export interface CategoryNode {
  /** index in Store.nodes */
  index: number;
  /** the browse node id used in `rh=n:<id>` */
  id: string;
  name: string;
  parent: number;
  depth: number;
  children: number[];
  /** listing indices in this node or any descendant, in relevance order */
  members: Int32Array;
}

export const NO_NODE = -1;
export const UNRATED = 0;
export const BADGE_CHOICE = 1;
export const BADGE_BEST_SELLER = 2;

export interface Store {
  /** What the store was made from (a change between two scans rebuilds it from these). */
  options: StoreOptions;
  seed: string;
  sellerId: string;
  sellerName: string;
  market: Market;
  size: number;
  asins: string[];
  titles: string[];
  /** price shown in minor units (cents); NO_PRICE when the tile shows none. The `p_36` filter reads it. */
  prices: Int32Array;
  /** the price the price sorts use (differs from `prices` for drifting and variation listings) */
  sortPrices: Int32Array;
  behaviour: StoreBehaviour;
  /** stars × 2 (2..10 = 1.0..5.0); 0 = unrated */
  halfStars: Uint8Array;
  ratingCounts: Int32Array;
  badges: Uint8Array;
  /** days since 2020-01-01 the listing was added */
  added: Int32Array;
  /** leaf-most node the listing sits in, or NO_NODE */
  nodeOf: Int32Array;
  nodes: CategoryNode[];
  nodeById: Map<string, number>;
  /** top-level node indices */
  roots: number[];
  /** listing indices in each sort order */
  orders: {
    relevance: Int32Array;
    priceAsc: Int32Array;
    priceDesc: Int32Array;
    dateDesc: Int32Array;
    review: Int32Array;
  };
  /** lower-cased title word → listing indices (ascending) */
  words: Map<string, Int32Array>;
  asinSet: Set<string>;
}

export const MAX_STORE_SIZE = 100_000;

/** 'A' + 13 upper-case alphanumerics, derived from the seed only. */
export function sellerIdForSeed(seed: number | string): string {
  return 'A' + randomAlnum(createRng(`seller:${seed}`), 13);
}

function isbn10(rng: Rng): string {
  const digits: number[] = [];
  for (let i = 0; i < 9; i++) digits.push(rng.int(0, 9));
  const sum = digits.reduce((acc, d, i) => acc + d * (10 - i), 0);
  const check = (11 - (sum % 11)) % 11;
  return digits.join('') + (check === 10 ? 'X' : String(check));
}

function zipfWeights(n: number, s: number): number[] {
  return Array.from({ length: n }, (_, i) => 1 / Math.pow(i + 1, s));
}

function pickWeighted(rng: Rng, weights: number[]): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let r = rng.next() * total;
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i];
    if (r < 0) return i;
  }
  return weights.length - 1;
}

function gaussian(rng: Rng): number {
  const u = 1 - rng.next();
  const v = rng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** A skewed (log-normal) price snapped to the endings sellers use, so identical prices are common. */
function drawPrice(rng: Rng, typical: number): number {
  const major = Math.min(4999, Math.max(0.5, Math.exp(Math.log(typical) + 0.8 * gaussian(rng))));
  const r = rng.next();
  let whole = Math.floor(major);
  let cents: number;
  if (r < 0.6) cents = 99;
  else if (r < 0.7) cents = 95;
  else if (r < 0.85) {
    cents = 0;
    whole = Math.max(1, Math.round(major));
  } else if (r < 0.95) cents = 49;
  else cents = rng.int(0, 99);
  return whole * 100 + cents;
}

const STAR_STEPS = [2, 3, 4, 5, 6, 7, 8, 9, 10];
const STAR_WEIGHTS = [1, 1, 2, 3, 5, 10, 25, 35, 18];

function nodeIdFor(market: Market, path: string): string {
  // Browse-node ids are per market and per category, shared by every store of that market.
  return String((hashSeed(`${market.domain}|${path}`) % 90_000_000) + 1_000_000) + '011';
}

function brandName(rng: Rng): string {
  const n = rng.int(2, 3);
  let s = '';
  for (let i = 0; i < n; i++) s += rng.pick(BRAND_SYLLABLES);
  return rng.chance(0.5) ? s.toUpperCase() : s[0].toUpperCase() + s.slice(1);
}

function singular(name: string): string {
  const last = name.replace(/^(Men's|Women's|Kids') /, '');
  if (last.endsWith('ies')) return last.slice(0, -3) + 'y';
  if (last.endsWith('sses') || last.endsWith('shes') || last.endsWith('ches')) return last.slice(0, -2);
  if (last.endsWith('s') && !last.endsWith('ss')) return last.slice(0, -1);
  return last;
}

export function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

interface Builder {
  nodes: Omit<CategoryNode, 'members'>[];
  weights: number[][];
  /** typical price per node */
  typical: number[];
}

function addTree(
  b: Builder,
  market: Market,
  spec: CategorySpec,
  parent: number,
  path: string,
  typical: number,
): void {
  const index = b.nodes.length;
  const p = `${path}/${spec.name}`;
  const price = spec.price ?? typical;
  b.nodes.push({
    index,
    id: nodeIdFor(market, p),
    name: spec.name,
    parent,
    depth: parent === NO_NODE ? 0 : b.nodes[parent].depth + 1,
    children: [],
  });
  b.typical.push(price);
  if (parent !== NO_NODE) b.nodes[parent].children.push(index);
  for (const child of spec.children ?? []) addTree(b, market, child, index, p, price);
}

/** What a listing's results tile shows: the facts a rich export of a scan must match. */
export interface Listing {
  asin: string;
  title: string;
  /** Major units; null when the tile shows no price. */
  price: number | null;
  /** The struck-through list price ("List:"), major units; null when none. */
  listPrice: number | null;
  /** 1.0–5.0; null when unrated. */
  stars: number | null;
  ratings: number | null;
  amazonsChoice: boolean;
  bestSeller: boolean;
  prime: boolean;
  /** ISBN-10 shaped ASIN. */
  book: boolean;
}

/**
 * Prime and a list price, read from a hash of the ASIN (not drawn from the store's generator, so
 * every store keeps the listings it had): 60 % are Prime; a fifth of the priced listings show a
 * list price 10–39 % above the price, ending in .99.
 */
export function listingExtras(store: Store, i: number): { prime: boolean; listPriceMinor: number | null } {
  const h = hashSeed(`extras:${store.asins[i]}`);
  const price = store.prices[i];
  const listed = price !== NO_PRICE && (h >>> 8) % 5 === 0;
  const above = Math.round(price * (1.1 + ((h >>> 16) % 30) / 100));
  return { prime: h % 10 < 6, listPriceMinor: listed ? Math.floor(above / 100) * 100 + 99 : null };
}

/** Listing `i` as its tile shows it. */
export function listingOf(store: Store, i: number): Listing {
  const price = store.prices[i];
  const half = store.halfStars[i];
  const { prime, listPriceMinor } = listingExtras(store, i);
  return {
    asin: store.asins[i],
    title: store.titles[i],
    price: price === NO_PRICE ? null : price / 100,
    listPrice: listPriceMinor === null ? null : listPriceMinor / 100,
    stars: half === UNRATED ? null : half / 2,
    ratings: half === UNRATED ? null : store.ratingCounts[i],
    amazonsChoice: (store.badges[i] & BADGE_CHOICE) !== 0,
    bestSeller: (store.badges[i] & BADGE_BEST_SELLER) !== 0,
    prime,
    book: /^\d{9}[\dX]$/.test(store.asins[i]),
  };
}

export function createStore(options: StoreOptions): Store {
  const size = Math.floor(options.size);
  if (!Number.isFinite(size) || size < 1 || size > MAX_STORE_SIZE) {
    throw new Error(`store size must be between 1 and ${MAX_STORE_SIZE}, got ${options.size}`);
  }
  const market = getMarket(options.marketDomain ?? DEFAULT_MARKET);
  const seed = String(options.seed);
  const rng = createRng(`store:${seed}`);
  const sellerId = sellerIdForSeed(seed);
  const brands = Array.from({ length: rng.int(3, 12) }, () => brandName(rng));
  const brandWeights = zipfWeights(brands.length, 1);
  const sellerName = rng.chance(0.5) ? `${brands[0]}-Store` : `${brands[0]} Direct`;

  // Department tree: a few departments of the catalogue, children shuffled so stores differ.
  const b: Builder = { nodes: [], weights: [], typical: [] };
  const deptCount = Math.min(DEPARTMENTS.length, rng.int(3, 6));
  const depts = rng.shuffle([...DEPARTMENTS]).slice(0, deptCount);
  const bookShare = size >= 20 ? 0.02 + rng.next() * 0.05 : 0;
  for (const d of depts) {
    const children = rng.shuffle([...(d.children ?? [])]).slice(0, rng.int(2, d.children?.length ?? 2));
    addTree(b, market, { ...d, children }, NO_NODE, '', d.price ?? 25);
  }
  let booksRoot = NO_NODE;
  if (bookShare > 0) {
    booksRoot = b.nodes.length;
    addTree(b, market, BOOKS, NO_NODE, '', BOOKS.price ?? 18);
  }
  for (const n of b.nodes) {
    const id = n.parent === NO_NODE ? options.departmentIds?.[n.name] : undefined;
    if (id) n.id = id;
  }
  const roots = b.nodes.filter((n) => n.parent === NO_NODE).map((n) => n.index);
  // Skew: Zipf weights over siblings, in a shuffled order.
  const childWeights = b.nodes.map((n) => rng.shuffle(zipfWeights(n.children.length, 1.2)));
  const generalRoots = roots.filter((r) => r !== booksRoot);
  const rootWeights = rng.shuffle(zipfWeights(generalRoots.length, 1.1));

  const asins: string[] = new Array(size);
  const titles: string[] = new Array(size);
  const prices = new Int32Array(size);
  const halfStars = new Uint8Array(size);
  const ratingCounts = new Int32Array(size);
  const badges = new Uint8Array(size);
  const added = new Int32Array(size);
  const nodeOf = new Int32Array(size);
  const relevanceScore = new Float64Array(size);
  const asinSet = new Set<string>();

  for (let i = 0; i < size; i++) {
    const isBook = booksRoot !== NO_NODE && rng.next() < bookShare;
    let asin: string;
    do {
      asin = isBook ? isbn10(rng) : 'B0' + randomAlnum(rng, 8);
    } while (asinSet.has(asin));
    asinSet.add(asin);
    asins[i] = asin;

    // Category: walk down the tree; stop early sometimes (listed in a parent but no subcategory).
    let n: number;
    if (rng.chance(0.04)) n = NO_NODE;
    else {
      n = isBook ? booksRoot : generalRoots[pickWeighted(rng, rootWeights)];
      while (b.nodes[n].children.length > 0 && !rng.chance(0.06)) {
        n = b.nodes[n].children[pickWeighted(rng, childWeights[n])];
      }
    }
    nodeOf[i] = n;

    const typical = n === NO_NODE ? (isBook ? 18 : 25) : b.typical[n];
    prices[i] = drawPrice(rng, typical);
    const rated = !rng.chance(0.15);
    halfStars[i] = rated ? STAR_STEPS[pickWeighted(rng, STAR_WEIGHTS)] : UNRATED;
    ratingCounts[i] = rated ? Math.max(1, Math.floor(Math.exp(rng.next() * 10))) : 0;
    if (rated && rng.chance(0.02)) badges[i] |= BADGE_CHOICE;
    if (rated && rng.chance(0.015)) badges[i] |= BADGE_BEST_SELLER;
    added[i] = rng.int(0, 5 * 365);
    // badge holders are popular listings: they rank high in the default order
    relevanceScore[i] = rng.next() + Math.log10(1 + ratingCounts[i]) * 0.15 + (badges[i] ? 0.6 : 0);

    if (isBook) {
      const w1 = rng.pick(BOOK_WORDS);
      const w2 = rng.pick(BOOK_WORDS);
      titles[i] =
        `The ${w1} ${w2}: ${rng.pick(['A Novel', 'A Memoir', 'Stories', 'A Guide'])} by ${rng.pick(AUTHOR_NAMES)}`;
    } else {
      const noun =
        n === NO_NODE ? rng.pick(['Gift Box', 'Bundle', 'Accessory Kit']) : singular(b.nodes[n].name);
      const brand = brands[pickWeighted(rng, brandWeights)];
      titles[i] =
        `${brand} ${rng.pick(ADJECTIVES)} ${noun} ${rng.pick(FEATURES)}, ${rng.pick(COLORS)}` +
        (rng.chance(0.4)
          ? `, ${rng.pick(['Small', 'Medium', 'Large', 'XL', '12 inch', '500 ml', '2 m'])}`
          : '');
    }
  }

  const behaviour = { ...(options.behaviour ?? {}) };
  const sortPrices = applyBehaviour(seed, behaviour, prices);

  // Indexes.
  const all = Int32Array.from({ length: size }, (_, i) => i);
  const relevance = Int32Array.from(all).sort((a, c) => relevanceScore[c] - relevanceScore[a] || a - c);
  const rank = new Int32Array(size);
  relevance.forEach((listing, pos) => (rank[listing] = pos));
  const byRank = (a: number, c: number): number => rank[a] - rank[c];
  const unpricedLast = (a: number, c: number): number =>
    (prices[a] === NO_PRICE ? 1 : 0) - (prices[c] === NO_PRICE ? 1 : 0);
  const orders = {
    relevance,
    // Listings without a price come last in both price orders.
    priceAsc: Int32Array.from(all).sort(
      (a, c) => unpricedLast(a, c) || sortPrices[a] - sortPrices[c] || byRank(a, c),
    ),
    priceDesc: Int32Array.from(all).sort(
      (a, c) => unpricedLast(a, c) || sortPrices[c] - sortPrices[a] || byRank(a, c),
    ),
    dateDesc: Int32Array.from(all).sort((a, c) => added[c] - added[a] || byRank(a, c)),
    review: Int32Array.from(all).sort(
      (a, c) => halfStars[c] - halfStars[a] || ratingCounts[c] - ratingCounts[a] || byRank(a, c),
    ),
  };

  const memberLists: number[][] = b.nodes.map(() => []);
  for (const listing of relevance) {
    for (let n = nodeOf[listing]; n !== NO_NODE; n = b.nodes[n].parent) memberLists[n].push(listing);
  }
  const nodes: CategoryNode[] = b.nodes.map((n, i) => ({ ...n, members: Int32Array.from(memberLists[i]) }));
  const nodeById = new Map(nodes.map((n) => [n.id, n.index]));
  if (nodeById.size !== nodes.length) throw new Error(`node id collision in store ${seed}`);

  if (options.behaviour?.sameTitles) titles.fill('Gift Box Bundle');
  const wordLists = new Map<string, number[]>();
  for (let i = 0; i < size; i++) {
    for (const w of new Set(tokenize(titles[i]))) {
      let list = wordLists.get(w);
      if (!list) wordLists.set(w, (list = []));
      list.push(i);
    }
  }
  const words = new Map([...wordLists].map(([w, list]) => [w, Int32Array.from(list)]));

  return {
    options,
    seed,
    sellerId,
    sellerName,
    market,
    size,
    asins,
    titles,
    prices,
    sortPrices,
    behaviour,
    halfStars,
    ratingCounts,
    badges,
    added,
    nodeOf,
    nodes,
    nodeById,
    roots,
    orders,
    words,
    asinSet,
  };
}

function share(name: string, v: number | undefined): number {
  const x = v ?? 0;
  if (!(x >= 0 && x <= 1)) throw new Error(`behaviour.${name} must be between 0 and 1, got ${v}`);
  return x;
}

/**
 * Applies the store's behaviour to the generated prices (in place: unpriced listings get NO_PRICE)
 * and returns the prices the sorts use. Draws from its own rng, so the listings stay the same.
 */
function applyBehaviour(seed: string, b: StoreBehaviour, prices: Int32Array): Int32Array {
  const sortPrices = Int32Array.from(prices);
  const drift = share('sortDrift', b.sortDrift);
  const unpriced = share('unpriced', b.unpriced);
  const variations = share('variations', b.variations);
  const magnitude = b.driftMagnitude ?? 0.3;
  if (!(magnitude > 0 && magnitude < 1)) throw new Error(`behaviour.driftMagnitude must be in (0, 1)`);
  if (!drift && !unpriced && !variations) return sortPrices;
  const rng = createRng(`behaviour:${seed}`);
  for (let i = 0; i < prices.length; i++) {
    const r = rng.next();
    if (r < unpriced) {
      prices[i] = NO_PRICE;
      sortPrices[i] = NO_PRICE;
    } else if (r < unpriced + variations) {
      // Sorted by the high end of a range whose low end the tile shows.
      sortPrices[i] = Math.round(prices[i] * (1.2 + rng.next()));
    } else if (r < unpriced + variations + drift) {
      let u = 0;
      while (Math.abs(u) < 0.02) u = (rng.next() * 2 - 1) * magnitude;
      sortPrices[i] = Math.max(1, Math.round(prices[i] * (1 + u)));
    }
  }
  return sortPrices;
}

/**
 * The store without the listings whose ASIN is in `drop`: every list and index keeps its order,
 * with the remaining listings renumbered (what a store looks like after it delisted them).
 */
export function withoutListings(store: Store, drop: ReadonlySet<string>): Store {
  if (drop.size === 0) return store;
  const keep: number[] = [];
  const renumbered = new Int32Array(store.size).fill(-1);
  for (let i = 0; i < store.size; i++)
    if (!drop.has(store.asins[i])) {
      renumbered[i] = keep.length;
      keep.push(i);
    }
  const remap = (list: Int32Array): Int32Array => {
    const out: number[] = [];
    for (const i of list) if (renumbered[i] >= 0) out.push(renumbered[i]);
    return Int32Array.from(out);
  };
  const words = new Map<string, Int32Array>();
  for (const [w, list] of store.words) {
    const kept = remap(list);
    if (kept.length) words.set(w, kept);
  }
  const asins = keep.map((i) => store.asins[i]);
  return {
    ...store,
    size: keep.length,
    asins,
    titles: keep.map((i) => store.titles[i]),
    prices: Int32Array.from(keep, (i) => store.prices[i]),
    sortPrices: Int32Array.from(keep, (i) => store.sortPrices[i]),
    halfStars: Uint8Array.from(keep, (i) => store.halfStars[i]),
    ratingCounts: Int32Array.from(keep, (i) => store.ratingCounts[i]),
    badges: Uint8Array.from(keep, (i) => store.badges[i]),
    added: Int32Array.from(keep, (i) => store.added[i]),
    nodeOf: Int32Array.from(keep, (i) => store.nodeOf[i]),
    nodes: store.nodes.map((n) => ({ ...n, members: remap(n.members) })),
    orders: {
      relevance: remap(store.orders.relevance),
      priceAsc: remap(store.orders.priceAsc),
      priceDesc: remap(store.orders.priceDesc),
      dateDesc: remap(store.orders.dateDesc),
      review: remap(store.orders.review),
    },
    words,
    asinSet: new Set(asins),
  };
}

/** Plain JSON description of a store (for `/__sim/stores/<id>` and debugging). */
export function describeStore(store: Store): object {
  return {
    sellerId: store.sellerId,
    sellerName: store.sellerName,
    seed: store.seed,
    size: store.size,
    domain: store.market.domain,
    marketplaceId: store.market.marketplaceId,
    categories: store.nodes.map((n) => ({
      id: n.id,
      name: n.name,
      parentId: n.parent === NO_NODE ? null : store.nodes[n.parent].id,
      depth: n.depth,
      count: n.members.length,
    })),
    uncategorized: store.nodeOf.reduce((acc, n) => acc + (n === NO_NODE ? 1 : 0), 0),
  };
}

/**
 * What the titles of the listings seen so far say about the store, for the two Deep passes that
 * partition by keyword (`k=`, every word must match):
 *
 * - `family()`: an exclusive keyword family — words that (almost) never share a title and
 *   together cover (almost) every title, each small enough that a crowded price holds at most a
 *   query's worth of listings in each. A zone (where one price holds more listings than a query
 *   serves) is swept once per member; Amazon's counts of the zone's pieces verify the split, so a
 *   family that is not quite exclusive or exhaustive costs pages, never listings silently.
 * - `cover()`: keyword queries (conjunctions of 1–3 title words) that together match every priced
 *   title, each matching at most `limit` priced listings, in greedy order (most titles not yet
 *   matched first). Sorted by price, a query lists its priced listings first and its unpriced ones
 *   after them (`p_36` filters never serve those): with at most `limit` priced listings, the
 *   unpriced ones sit within the pages one query serves, at a position the titles predict.
 *
 * Pure and in memory: the engine feeds it every tile it sees. Not in the checkpoint (it would be
 * large): after a resume it knows only the titles seen since, which costs pages, not listings (every
 * use is checked against Amazon's counts).
 */

/**
 * Lower-cased title words, as Amazon's keyword search splits them (letters and digits); single
 * characters are left out (a search may ignore them: a query on one would match everything).
 */
export function titleWords(title: string): string[] {
  return [
    ...new Set(
      title
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => w.length > 1),
    ),
  ];
}

export interface CoverChunk {
  /** The keyword query (every word must match). */
  words: string[];
  /** Priced listings it matches, as far as the titles seen tell (its unpriced ones come after them). */
  priced: number;
  /** Priced titles it matches that no earlier chunk matched. */
  gain: number;
}

export interface CoverOptions {
  /** Most priced titles a chunk may match. */
  limit: number;
  /** Chunks matching fewer new titles than this are not planned (they would not pay their page). */
  minGain: number;
  /** Words every chunk carries (a keyword scan): never in a chunk's own words. */
  exclude?: ReadonlySet<string>;
}

export class TitleIndex {
  private readonly byAsin = new Map<string, number>();
  private readonly wordId = new Map<string, number>();
  private readonly wordText: string[] = [];
  /** Word ids of each title (sorted), whether it showed a price, its shown price. */
  private readonly titles: Int32Array[] = [];
  private readonly priced: boolean[] = [];
  /** Title indices per word id (ascending). */
  private readonly postings: number[][] = [];

  get size(): number {
    return this.titles.length;
  }

  has(asin: string): boolean {
    return this.byAsin.has(asin);
  }

  /** Adds a tile (the first sighting wins; a tile without a title is left out). */
  add(asin: string, title: string | null, price: number | null): void {
    if (!title || this.byAsin.has(asin)) return;
    const idx = this.titles.length;
    const ids = titleWords(title).map((w) => {
      let id = this.wordId.get(w);
      if (id === undefined) {
        id = this.wordText.length;
        this.wordId.set(w, id);
        this.wordText.push(w);
        this.postings.push([]);
      }
      return id;
    });
    ids.sort((a, b) => a - b);
    for (const id of ids) this.postings[id].push(idx);
    this.byAsin.set(asin, idx);
    this.titles.push(Int32Array.from(ids));
    this.priced.push(price !== null);
  }

  /** Title indices matching every word (a word never seen matches nothing). */
  private matching(words: readonly string[]): number[] {
    if (!words.length) return this.titles.map((_, i) => i);
    const lists: number[][] = [];
    for (const w of words) {
      const id = this.wordId.get(w);
      if (id === undefined) return [];
      lists.push(this.postings[id]);
    }
    lists.sort((a, b) => a.length - b.length);
    let out = lists[0];
    for (const list of lists.slice(1)) {
      const set = new Set(list);
      out = out.filter((i) => set.has(i));
    }
    return out;
  }

  /** Titles seen with a price. */
  pricedCount(): number {
    return this.priced.filter(Boolean).length;
  }

  /** Whether the title of `asin` (if seen) has every word. */
  hasWords(asin: string, words: readonly string[]): boolean {
    if (!words.length) return true;
    const idx = this.byAsin.get(asin);
    if (idx === undefined) return false;
    const t = this.titles[idx];
    return words.every((w) => {
      const id = this.wordId.get(w);
      return id !== undefined && t.includes(id);
    });
  }

  /** Titles matching every word. */
  countMatching(words: readonly string[]): number {
    return this.matching(words).length;
  }

  /** Titles matching every word, those seen with a price and those without. */
  countPricedMatching(words: readonly string[]): { priced: number; unpriced: number } {
    let priced = 0;
    const all = this.matching(words);
    for (const i of all) if (this.priced[i]) priced++;
    return { priced, unpriced: all.length - priced };
  }

  /**
   * An exclusive keyword family over the titles matching `base`: words whose share is at most
   * `maxShare`, each overlapping the titles the others cover by at most 2 % of its own, covering
   * as many titles as possible. Grown greedily (most frequent first) from each of the most
   * frequent words in turn; the family covering most wins. Returns the words and the share of
   * those titles they cover. `avoid`: only titles with none of these words count (a residual
   * family, learned on the titles a first family missed).
   */
  family(
    base: readonly string[],
    opts: { maxShare: number; exclude?: ReadonlySet<string>; avoid?: readonly string[] },
  ): { words: string[]; coverage: number } {
    const SEEDS = 24;
    const OVERLAP = 0.02;
    let pool = this.matching(base);
    // Shares are of every title of the base (a residual family's words must fit a query too).
    const maxCount = Math.max(1, Math.floor(opts.maxShare * pool.length));
    const skip = new Set<number>();
    for (const w of [...base, ...(opts.exclude ?? []), ...(opts.avoid ?? [])]) {
      const id = this.wordId.get(w);
      if (id !== undefined) skip.add(id);
    }
    if (opts.avoid?.length) {
      const avoidIds = new Set(
        opts.avoid.map((w) => this.wordId.get(w)).filter((x): x is number => x !== undefined),
      );
      pool = pool.filter((i) => !this.titles[i].some((id) => avoidIds.has(id)));
    }
    if (!pool.length) return { words: [], coverage: 0 };
    const inPool = new Uint8Array(this.titles.length);
    for (const i of pool) inPool[i] = 1;
    const freq = new Map<number, number>();
    for (const i of pool)
      for (const id of this.titles[i]) if (!skip.has(id)) freq.set(id, (freq.get(id) ?? 0) + 1);
    const minCount = Math.max(2, Math.ceil(pool.length * 0.002));
    const candidates = [...freq]
      .filter(([, n]) => n <= maxCount && n >= minCount)
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .map(([id]) => id);
    const members = new Map<number, number[]>();
    for (const id of candidates)
      members.set(
        id,
        this.postings[id].filter((i) => inPool[i] === 1),
      );
    let best: { ids: number[]; covered: number } = { ids: [], covered: 0 };
    const covered = new Uint8Array(this.titles.length);
    for (const seed of candidates.slice(0, SEEDS)) {
      covered.fill(0);
      const ids: number[] = [];
      let count = 0;
      const take = (id: number) => {
        ids.push(id);
        for (const i of members.get(id)!) {
          if (!covered[i]) {
            covered[i] = 1;
            count++;
          }
        }
      };
      take(seed);
      for (const id of candidates) {
        if (id === seed || count >= pool.length) continue;
        const own = members.get(id)!;
        let overlap = 0;
        for (const i of own) if (covered[i]) overlap++;
        if (overlap <= OVERLAP * own.length) take(id);
      }
      if (count > best.covered || (count === best.covered && ids.length < best.ids.length)) {
        best = { ids, covered: count };
      }
    }
    return { words: best.ids.map((id) => this.wordText[id]), coverage: best.covered / pool.length };
  }

  /**
   * Keyword queries that match the priced titles seen, each matching at most `limit` of them, in
   * greedy order (the chunk matching most titles no earlier chunk matched first). Candidates are
   * single words, pairs and triples of words (a pair only of words too big alone, a triple only
   * of pairs too big). `uncovered` is what is left once no candidate gains `minGain` new titles.
   */
  cover(opts: CoverOptions): { chunks: CoverChunk[]; uncovered: number; pricedTitles: number } {
    const { limit, minGain } = opts;
    const skip = new Set<number>();
    for (const w of opts.exclude ?? []) {
      const id = this.wordId.get(w);
      if (id !== undefined) skip.add(id);
    }
    const pricedIdx: number[] = [];
    for (let i = 0; i < this.titles.length; i++) if (this.priced[i]) pricedIdx.push(i);
    const W = this.wordText.length;
    // Priced titles per word.
    const wordCount = new Int32Array(W);
    for (const i of pricedIdx) for (const id of this.titles[i]) wordCount[id]++;
    const big = (id: number) => wordCount[id] > limit && !skip.has(id);
    const usable = (id: number) => !skip.has(id);

    type Cand = { key: number[]; members: number[] };
    const cands: Cand[] = [];
    for (let id = 0; id < W; id++) {
      if (usable(id) && wordCount[id] >= minGain && wordCount[id] <= limit) {
        cands.push({ key: [id], members: this.postings[id].filter((i) => this.priced[i]) });
      }
    }
    // Pairs of big words: count, then collect members of those that fit.
    const pairKey = (a: number, b: number) => a * W + b;
    const pairCount = new Map<number, number>();
    for (const i of pricedIdx) {
      for (const [a, b] of pairsOf(this.titles[i], big)) {
        const k = pairKey(a, b);
        pairCount.set(k, (pairCount.get(k) ?? 0) + 1);
      }
    }
    const pairMembers = new Map<number, number[]>();
    const bigPair = (a: number, b: number) => (pairCount.get(pairKey(a, b)) ?? 0) > limit;
    for (const [k, n] of pairCount) if (n >= minGain && n <= limit) pairMembers.set(k, []);
    // Triples of big pairs.
    const tripleCount = new Map<number, number>();
    const tripleKey = (a: number, b: number, c: number) => (a * W + b) * W + c;
    for (const i of pricedIdx) {
      const t = this.titles[i];
      for (const [a, b, y] of pairsOf(t, big)) {
        pairMembers.get(pairKey(a, b))?.push(i);
        if (!bigPair(a, b)) continue;
        for (let z = y + 1; z < t.length; z++) {
          if (!big(t[z]) || !bigPair(a, t[z]) || !bigPair(b, t[z])) continue;
          const k = tripleKey(a, b, t[z]);
          tripleCount.set(k, (tripleCount.get(k) ?? 0) + 1);
        }
      }
    }
    for (const [k, members] of pairMembers) cands.push({ key: [Math.floor(k / W), k % W], members });
    const tripleMembers = new Map<number, number[]>();
    for (const [k, n] of tripleCount) if (n >= minGain && n <= limit) tripleMembers.set(k, []);
    if (tripleMembers.size) {
      for (const i of pricedIdx) {
        const t = this.titles[i];
        for (const [a, b, y] of pairsOf(t, big)) {
          if (!bigPair(a, b)) continue;
          for (let z = y + 1; z < t.length; z++) tripleMembers.get(tripleKey(a, b, t[z]))?.push(i);
        }
      }
      for (const [k, members] of tripleMembers) {
        cands.push({ key: [Math.floor(k / (W * W)), Math.floor(k / W) % W, k % W], members });
      }
    }

    // Lazy greedy set cover (a max-heap on each candidate's last known gain).
    const covered = new Uint8Array(this.titles.length);
    const gains = cands.map((c) => c.members.length);
    const heap = new MaxHeap(
      cands.map((_, i) => i),
      (a, b) => gains[a] - gains[b] || b - a,
    );
    const chunks: CoverChunk[] = [];
    let left = pricedIdx.length;
    while (left > 0 && heap.size) {
      const top = heap.pop()!;
      let g = 0;
      for (const i of cands[top].members) if (!covered[i]) g++;
      if (g < minGain) continue;
      if (g < gains[top]) {
        gains[top] = g;
        heap.push(top);
        continue;
      }
      for (const i of cands[top].members) {
        if (!covered[i]) {
          covered[i] = 1;
          left--;
        }
      }
      chunks.push({
        words: cands[top].key.map((id) => this.wordText[id]),
        priced: cands[top].members.length,
        gain: g,
      });
    }
    return { chunks, uncovered: left, pricedTitles: pricedIdx.length };
  }
}

/** The pairs of a title's words that pass `keep` (word ids ascending), with the second one's index. */
function* pairsOf(t: Int32Array, keep: (id: number) => boolean): Generator<[number, number, number]> {
  for (let x = 0; x < t.length; x++) {
    if (!keep(t[x])) continue;
    for (let y = x + 1; y < t.length; y++) if (keep(t[y])) yield [t[x], t[y], y];
  }
}

/** A binary max-heap of numbers under a comparator. */
class MaxHeap {
  private readonly items: number[] = [];

  constructor(
    items: number[],
    private readonly cmp: (a: number, b: number) => number,
  ) {
    for (const x of items) this.push(x);
  }

  get size(): number {
    return this.items.length;
  }

  push(x: number): void {
    const a = this.items;
    a.push(x);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (this.cmp(a[i], a[p]) <= 0) break;
      [a[i], a[p]] = [a[p], a[i]];
      i = p;
    }
  }

  pop(): number | undefined {
    const a = this.items;
    if (!a.length) return undefined;
    const top = a[0];
    const last = a.pop()!;
    if (a.length) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && this.cmp(a[l], a[m]) > 0) m = l;
        if (r < a.length && this.cmp(a[r], a[m]) > 0) m = r;
        if (m === i) break;
        [a[i], a[m]] = [a[m], a[i]];
        i = m;
      }
    }
    return top;
  }
}

import { TitleIndex, titleWords } from './title-index.js';

const COLORS = ['black', 'white', 'red', 'blue', 'green', 'grey'];
const BRANDS = ['Koza', 'Lumo', 'Tiva'];
const NOUNS = ['Tent', 'Bottle', 'Lamp', 'Bag'];

/** Titles "Brand Adjective Noun, Color" over every combination (and a few books without a colour). */
function store(n: number, unpricedEvery = 0): TitleIndex {
  const index = new TitleIndex();
  for (let i = 0; i < n; i++) {
    const title =
      i % 50 === 49
        ? `The Silent Garden: A Novel by Anne Carter ${i}`
        : `${BRANDS[i % 3]} ${i % 7 ? 'Premium' : 'Compact'} ${NOUNS[Math.floor(i / 3) % 4]}, ${COLORS[Math.floor(i / 12) % 6]}`;
    index.add(
      `B0${String(i).padStart(8, '0')}`,
      title,
      unpricedEvery && i % unpricedEvery === 0 ? null : 1999,
    );
  }
  return index;
}

describe('title index', () => {
  it('splits titles into lower-case words as keyword search does', () => {
    expect(titleWords("Koza Men's Tent 2-Pack, Black/Grey, 12 inch")).toEqual([
      'koza',
      'men',
      'tent',
      'pack',
      'black',
      'grey',
      '12',
      'inch',
    ]);
  });

  it('keeps the first sighting of an ASIN and knows which words its title has', () => {
    const index = new TitleIndex();
    index.add('B000000001', 'Koza Tent, Black', 1999);
    index.add('B000000001', 'Something Else', 1999);
    index.add('B000000002', null, 1999);
    expect(index.size).toBe(1);
    expect(index.has('B000000002')).toBe(false);
    expect(index.hasWords('B000000001', ['koza', 'black'])).toBe(true);
    expect(index.hasWords('B000000001', ['else'])).toBe(false);
    expect(index.countMatching(['tent'])).toBe(1);
  });

  it('learns an exclusive family that covers the titles, each word small enough', () => {
    const index = store(1200);
    const { words, coverage } = index.family([], { maxShare: 0.2 });
    expect(coverage).toBeGreaterThanOrEqual(0.99);
    // Colours (1/6 each) and the books' own word: no title carries two of them.
    for (const w of words) expect(index.countMatching([w]) / index.size).toBeLessThanOrEqual(0.2);
    for (let a = 0; a < words.length; a++)
      for (let b = a + 1; b < words.length; b++) expect(index.countMatching([words[a], words[b]])).toBe(0);
    // A residual family is learned on the titles the first one missed (here: the books).
    const residual = index.family([], { maxShare: 0.2, avoid: COLORS });
    expect(residual.coverage).toBe(1);
    expect(
      residual.words.some((w) => ['the', 'silent', 'garden', 'novel', 'by', 'anne', 'carter'].includes(w)),
    ).toBe(true);
  });

  it('plans keyword queries that each match at most a query of priced titles and together match all', () => {
    const index = store(3000, 25);
    const { chunks, uncovered, pricedTitles } = index.cover({ limit: 100, minGain: 1 });
    expect(pricedTitles).toBe(3000 - 120);
    expect(uncovered).toBe(0);
    expect(chunks.reduce((a, c) => a + c.gain, 0)).toBe(pricedTitles);
    for (const c of chunks) {
      expect(c.priced).toBeLessThanOrEqual(100);
      expect(c.words.length).toBeGreaterThanOrEqual(1);
      expect(c.words.length).toBeLessThanOrEqual(3);
    }
    // Greedy: the first chunks gain most.
    expect(chunks[0].gain).toBeGreaterThanOrEqual(chunks[chunks.length - 1].gain);
    // Chunks that would gain fewer than `minGain` new titles are left out (and counted).
    const coarse = index.cover({ limit: 100, minGain: 60 });
    expect(coarse.chunks.every((c) => c.gain >= 60)).toBe(true);
    expect(coarse.uncovered).toBe(pricedTitles - coarse.chunks.reduce((a, c) => a + c.gain, 0));
  });
});

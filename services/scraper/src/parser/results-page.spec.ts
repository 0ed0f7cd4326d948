import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { EXPECTED_BLOCKS, EXPECTED_RESULTS } from './__fixtures__/expected.js';
import { listAmazonPages, readAmazonPage } from './__fixtures__/paths.js';
import { SYNTHETIC_EDGE_TILES, SYNTHETIC_NO_RESULTS } from './__fixtures__/synthetic.js';
import { CURRENT_TILE_SELECTOR, LEGACY_TILE_SELECTOR, currentTiles, legacyTiles } from './classify.js';
import { loadHtml, pageIndex } from './dom.js';
import { SPONSORED_INNER_SELECTOR, isSponsoredTile, parseResultsPage } from './results-page.js';
import type { ParsedPage } from './types.js';

const parsed = new Map<string, ParsedPage>();
function page(file: string): ParsedPage {
  let p = parsed.get(file);
  if (!p) {
    p = parseResultsPage(readAmazonPage(file));
    parsed.set(file, p);
  }
  return p;
}

describe('fixture coverage', () => {
  it('has a hand-written expectation for every saved page (14 HTML files)', () => {
    const covered = [...EXPECTED_RESULTS.map((e) => e.file), ...EXPECTED_BLOCKS.map((e) => e.file)].sort();
    expect(listAmazonPages()).toEqual(covered);
    expect(covered).toHaveLength(14);
  });
});

describe.each(EXPECTED_RESULTS)('parseResultsPage($file)', (expected) => {
  it('returns exactly the organic ASINs, in document order', () => {
    const p = page(expected.file);
    expect(p.kind).toBe('results');
    expect(p.layout).toBe(expected.layout);
    expect(p.asins).toEqual(expected.organic);
    expect(p.tiles.map((t) => t.position)).toEqual(expected.organic.map((_, i) => i));
  });

  it('leaves out every sponsored tile and keeps an ASIN shown sponsored and organic once, as organic', () => {
    const p = page(expected.file);
    expect(p.sponsored.tiles).toBe(expected.sponsoredTiles);
    expect(p.sponsored.asins).toHaveLength(expected.sponsoredTiles);
    const overlap = p.sponsored.asins.filter((a) => p.asins.includes(a));
    expect([...new Set(overlap)].sort()).toEqual([...expected.sponsoredAlsoOrganic].sort());
    expect(new Set(p.asins).size).toBe(p.asins.length);
  });

  it('accepts any 10-character ASIN (books are ISBN-10s) and nothing else', () => {
    for (const asin of page(expected.file).asins) expect(asin).toMatch(/^[A-Z0-9]{10}$/);
  });

  it('reads the result count, the pagination strip and the next link', () => {
    const p = page(expected.file);
    expect(p.domain).toBe(expected.domain);
    expect(p.resultCount).toMatchObject(expected.resultCount);
    expect(p.currentPage).toBe(expected.currentPage);
    expect(p.lastPage).toBe(expected.lastPage);
    expect(p.nextPageHref !== null).toBe(expected.hasNext);
  });

  it('reads the department and star refinements of the left navigation', () => {
    const p = page(expected.file);
    expect(p.categories.slice(0, expected.categoriesStartWith.length).map((c) => c.nodeId)).toEqual(
      expected.categoriesStartWith,
    );
    if (!expected.categoriesStartWith.length) expect(p.categories).toEqual([]);
    expect(p.starRefinements.map((s) => s.id)).toEqual(expected.starIds);
  });
});

const spotChecks = EXPECTED_RESULTS.flatMap((e) => e.spotChecks.map((c) => ({ file: e.file, ...c })));

describe.each(spotChecks)('tile $asin of $file', (c) => {
  it('matches what the page shows', () => {
    const tile = page(c.file).tiles.find((t) => t.asin === c.asin);
    expect(tile).toBeDefined();
    if (!tile) return;
    if (c.title) expect(tile.title).toMatch(c.title);
    if (c.priceText !== undefined) expect(tile.price?.text ?? null).toBe(c.priceText);
    if (c.priceMinor !== undefined) expect(tile.price?.minor).toBe(c.priceMinor);
    if (c.currency !== undefined) expect(tile.price?.currency).toBe(c.currency);
    if (c.stars !== undefined) expect(tile.stars).toBe(c.stars);
    if (c.reviewCount !== undefined) expect(tile.reviewCount).toBe(c.reviewCount);
    if (c.amazonsChoice !== undefined) expect(tile.amazonsChoice).toEqual(c.amazonsChoice);
    if (c.bestSeller !== undefined) expect(tile.bestSeller).toEqual(c.bestSeller);
    if (c.listPriceText !== undefined) expect(tile.listPrice?.text ?? null).toBe(c.listPriceText);
    if (c.prime !== undefined) expect(tile.prime).toBe(c.prime);
  });
});

describe('details read by eye', () => {
  it('labels departments with depth and the applied one as selected (com_search_1, zh-TW)', () => {
    const cats = page('com_search_1.html').categories;
    expect(cats[0]).toMatchObject({ nodeId: '2335752011', label: '手機和配件', selected: true, rh: null });
    expect(cats[1]).toMatchObject({
      nodeId: '2407755011',
      label: '手機配件',
      depth: 2,
      selected: false,
      rh: 'n:2335752011,n:2407755011,p_89:Motorola',
    });
  });

  it('reads 2019 departments and star buckets (de_search_1)', () => {
    const p = page('de_search_1.html');
    expect(p.categories[0]).toMatchObject({ nodeId: '16435051', label: 'Sport & Freizeit', depth: 0 });
    expect(p.categories[1]).toMatchObject({
      nodeId: '3024178031',
      label: 'Flaschen, Trinkbehälter & Filter',
      depth: 1,
    });
    expect(p.starRefinements.map((s) => s.minStars)).toEqual([4, 3, 2, 1]);
  });

  it('gives every organic tile on a current-layout page a title', () => {
    for (const t of page('com_search_3.html').tiles) expect(t.title?.length).toBeGreaterThan(5);
  });

  it('does not read ASINs from the 2019 page-2 template hidden in an HTML comment (de_search_1)', () => {
    expect(page('de_search_1.html').asins).not.toContain('B072JWPYJQ');
  });

  it('ignores the "results for fewer keywords" lists (de_search_2)', () => {
    expect(page('de_search_2.html').asins).not.toContain('B07K3Y2XMG');
  });

  it('uses the domain passed in to resolve "$"', () => {
    const p = parseResultsPage(readAmazonPage('com_storefront_1.html'), { domain: 'www.amazon.com.mx' });
    expect(p.domain).toBe('amazon.com.mx');
    expect(p.tiles[0].price?.currency).toBe('MXN');
  });
});

describe('synthetic edge cases', () => {
  const p = parseResultsPage(SYNTHETIC_EDGE_TILES);

  it('keeps organic tiles only, first occurrence, including an ISBN ending in X', () => {
    expect(p.asins).toEqual(['B0ORGANIC1', '030640615X', 'B0ORGANIC2', 'B0ORGANIC3']);
    expect(p.sponsored.asins).toEqual(['B0SPONSOR1', 'B0SPONSOR2', 'B0SPONSOR3', 'B0ORGANIC2']);
    expect(p.duplicatesDropped).toBe(1);
    expect(p.placeholdersSkipped).toBe(2);
    expect(p.asins).not.toContain('B0CAROUSL1');
  });

  it('keeps the title of the first organic occurrence', () => {
    expect(p.tiles[0].title).toBe('First organic');
    expect(p.tiles[2].title).toBe('Organic after featured');
  });

  it('treats a disabled Next as the last page', () => {
    expect(p.nextPageHref).toBeNull();
    expect(p.currentPage).toBe(7);
    expect(p.lastPage).toBe(7);
  });

  it('does not read digits of the query into the result count', () => {
    expect(p.resultCount).toMatchObject({ from: 97, to: 100, total: 100, isLowerBound: false });
  });

  it('reads grouped prices in several notations', () => {
    expect(p.tiles[0].price).toMatchObject({
      amount: 1234.5,
      minor: 123450,
      currency: 'CAD',
      symbol: 'CDN$',
    });
    expect(p.tiles[3].price).toMatchObject({ amount: 1299, minor: 129900, currency: 'EUR' });
  });

  it('returns no ASINs for a no-results page even though a carousel carries some', () => {
    const empty = parseResultsPage(SYNTHETIC_NO_RESULTS);
    expect(empty.kind).toBe('no-results');
    expect(empty.asins).toEqual([]);
    expect(empty.layout).toBe('none');
  });
});

describe('what a tile keeps of its page', () => {
  /** The process's garbage collector (turned on here: node --expose-gc is not needed). */
  function exposeGc(): () => void {
    setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as () => void;
  }

  it('titles kept after their pages are gone do not keep the pages (a scan keeps a title sample)', () => {
    const gc = exposeGc();
    const html = readAmazonPage('ca_search_1.html');
    gc();
    const before = getHeapStatistics().used_heap_size;
    const kept: (string | null)[] = [];
    const pages = 20;
    for (let i = 0; i < pages; i++) {
      // A page of its own each time (as every fetch is), of about 1.7 MB.
      const p = parseResultsPage(`${html}<!-- ${i} -->`);
      kept.push(...p.tiles.map((t) => t.title));
    }
    gc();
    const grownMb = (getHeapStatistics().used_heap_size - before) / 1024 / 1024;
    expect(kept.filter(Boolean).length).toBe(pages * 48);
    // Sliced titles kept every page: about 20 × 1.7 MB (the titles themselves: under 0.2 MB).
    expect(grownMb).toBeLessThan(8);
  });
});

describe('the page index (one walk) answers as the whole-document selectors it replaces', () => {
  it.each([...listAmazonPages(), 'synthetic edge tiles', 'synthetic no results'])('%s', (file) => {
    const html =
      file === 'synthetic edge tiles'
        ? SYNTHETIC_EDGE_TILES
        : file === 'synthetic no results'
          ? SYNTHETIC_NO_RESULTS
          : readAmazonPage(file);
    const $ = loadHtml(html);
    const index = pageIndex($);
    const same = (fromIndex: unknown[], selector: string) => expect(fromIndex).toEqual($(selector).toArray());
    for (const id of ['s-result-count', 'pagn', 'departments', 'leftNav', 'search', 'nav-logo'])
      same(index.byId(id), `#${id}`);
    for (const name of ['s-pagination-strip', 'a-pagination', 's-result-item', 'a-price', 'AdHolder'])
      same(index.byClass(name), `.${name}`);
    for (const value of ['s-search-result', 's-result-info-bar', 'sp-sponsored-result'])
      same(index.byComponent(value), `[data-component-type="${value}"]`);
    same(
      index.byIds('s-refinements', 'leftNavContainer', 'leftNav', 'refinements'),
      '#s-refinements, #leftNavContainer, #leftNav, #refinements',
    );
    same(currentTiles($), CURRENT_TILE_SELECTOR);
    same(legacyTiles($), LEGACY_TILE_SELECTOR);
    // the tile's one walk finds a sponsored marker where the selector does
    for (const el of [...currentTiles($), ...legacyTiles($)]) {
      const tile = $(el);
      expect(isSponsoredTile(tile)).toBe(
        tile.hasClass('AdHolder') || tile.find(SPONSORED_INNER_SELECTOR).length > 0,
      );
    }
    expect(index.byId('no-such-id')).toEqual([]);
  });
});

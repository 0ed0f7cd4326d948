/**
 * Reads an Amazon search / storefront results page: the organic result ASINs in document order
 * and what the scan engine needs to plan the next requests (result count, pagination, category
 * and star refinements). The selectors follow the saved
 * pages in ../shared/fixtures/amazon-pages (services/scraper/README.md, "Parser").
 */
import { ASIN_PATTERN, classifyDocument, currentTiles, legacyTiles } from './classify.js';
import {
  detached,
  loadHtml,
  ownText,
  pageIndex,
  rhOf,
  visibleText,
  type CheerioAPI,
  type Element,
  type Nodes,
} from './dom.js';
import {
  amazonDomainOf,
  collapseWhitespace,
  parseCount,
  parseInteger,
  parsePrice,
  parseResultCount,
  parseStars,
} from './numbers.js';
import type {
  Badge,
  CategoryRefinement,
  PageLayout,
  ParsedPage,
  ParseOptions,
  Price,
  ResultCount,
  ResultTile,
  StarRefinement,
} from './types.js';

/**
 * Markers of a sponsored (or "Featured from Amazon brands") tile, inside the tile. The tile's
 * questions are answered from one walk of its elements (`TileParts`), each predicate being the
 * selector written beside it; `tile.find(selector)` walked the tile once per selector, and with
 * some twenty of them per tile that was most of the parser's time (docs/performance.md).
 */
export const SPONSORED_INNER_SELECTOR = [
  '.puis-sponsored-label-text',
  '.s-sponsored-label-text',
  '.puis-sponsored-label-info-icon',
  '.s-sponsored-label-info-icon',
  '[data-component-type="sp-sponsored-result"]',
  'h5.s-sponsored-header',
  '.s-sponsored-list-header',
  'a[href*="/sspa/click"]',
  'a[href*="/gp/slredirect/"]',
].join(', ');

/** Containers of the left navigation in the current and 2019 layouts (`#s-refinements, #leftNavContainer, …`). */
const LEFT_NAV_IDS = ['s-refinements', 'leftNavContainer', 'leftNav', 'refinements'];

const SPONSORED_CLASSES = [
  'puis-sponsored-label-text',
  's-sponsored-label-text',
  'puis-sponsored-label-info-icon',
  's-sponsored-label-info-icon',
  's-sponsored-list-header',
];

/** An element of a tile, with its classes (split as css-select splits them). */
interface Part {
  el: Element;
  classes: string[];
}

/** A tile's elements below it, in document order, from one walk. */
class TileParts {
  readonly parts: Part[] = [];
  private readonly byElement = new Map<Element, Part>();

  constructor(readonly tile: Element) {
    const stack = [...tile.children].reverse();
    while (stack.length) {
      const node = stack.pop()!;
      if (node.type !== 'tag' && node.type !== 'script' && node.type !== 'style') continue;
      const el = node as Element;
      const part = { el, classes: el.attribs.class ? el.attribs.class.split(/\s+/).filter(Boolean) : [] };
      this.parts.push(part);
      this.byElement.set(el, part);
      for (let i = el.children.length - 1; i >= 0; i--) stack.push(el.children[i]);
    }
  }

  /** The elements matching `test`, in document order (as `tile.find(selector)`). */
  all(test: (p: Part) => boolean): Element[] {
    return this.parts.filter(test).map((p) => p.el);
  }

  first(test: (p: Part) => boolean): Element | undefined {
    return this.parts.find(test)?.el;
  }

  /** The parent of `p` when it is below the tile (a selector's `X > p` is scoped to the tile). */
  parentOf(p: Part): Part | undefined {
    return p.el.parent ? this.byElement.get(p.el.parent as Element) : undefined;
  }

  /** Whether an element between `p` and the tile passes `test` (`X p`, scoped to the tile). */
  hasAncestor(p: Part, test: (a: Part) => boolean): boolean {
    for (let a = this.parentOf(p); a; a = this.parentOf(a)) if (test(a)) return true;
    return false;
  }
}

const has = (p: Part, name: string) => p.classes.includes(name);
const attr = (p: Part, name: string) => p.el.attribs[name];
/** `[name*="value"]`, `[name^="value"]`, `[name$="value"]`. */
const contains = (p: Part, name: string, value: string) => attr(p, name)?.includes(value) ?? false;
const startsWith = (p: Part, name: string, value: string) => attr(p, name)?.startsWith(value) ?? false;
const endsWith = (p: Part, name: string, value: string) => attr(p, name)?.endsWith(value) ?? false;

/** SPONSORED_INNER_SELECTOR, one element at a time. */
const isSponsoredMarker = (p: Part) =>
  SPONSORED_CLASSES.some((name) => has(p, name)) ||
  attr(p, 'data-component-type') === 'sp-sponsored-result' ||
  (p.el.name === 'h5' && has(p, 's-sponsored-header')) ||
  (p.el.name === 'a' && (contains(p, 'href', '/sspa/click') || contains(p, 'href', '/gp/slredirect/')));

function sponsored(tile: TileParts): boolean {
  return (tile.tile.attribs.class ?? '').split(/\s+/).includes('AdHolder') || !!tile.first(isSponsoredMarker);
}

export function isSponsoredTile(tile: Nodes): boolean {
  return (
    tile.hasClass('AdHolder') ||
    tile.toArray().some((el) => 'attribs' in el && !!new TileParts(el).first(isSponsoredMarker))
  );
}

/** Result tiles of the page in document order, leaving out "results for fewer keywords" (2019 fkmr lists). */
function resultTiles($: CheerioAPI): { tiles: Element[]; layout: PageLayout } {
  const current = currentTiles($);
  if (current.length) return { tiles: current, layout: 'current' };
  const legacy = legacyTiles($).filter((el) => $(el).closest('[id^="fkmr-results"]').length === 0);
  if (legacy.length) return { tiles: legacy, layout: 'legacy-2019' };
  return { tiles: current, layout: 'none' };
}

/** The tile's title, detached from the page (the engine keeps a sample of titles for the whole scan). */
function readTitle($: CheerioAPI, tile: TileParts): string | null {
  const legacyEl = tile.first((p) => p.el.name === 'h2' && has(p, 's-access-title')); // h2.s-access-title
  if (legacyEl) {
    const legacy = $(legacyEl);
    const title = legacy.attr('data-attribute')?.trim() || visibleText(legacy);
    return title ? detached(title) : null;
  }
  let best = '';
  tile
    .all((p) => p.el.name === 'h2')
    .forEach((el) => {
      const h2 = $(el);
      const text = h2.attr('aria-label')?.trim() || visibleText(h2);
      if (text.length > best.length) best = text;
    });
  return best ? detached(best) : null;
}

/** The first of `selectors`' elements (in that order) whose text parses as a price of the domain. */
function firstPrice(
  $: CheerioAPI,
  tile: TileParts,
  domain: string | null,
  selectors: ((p: Part) => boolean)[],
): Price | null {
  for (const el of selectors.flatMap((selector) => tile.all(selector))) {
    const text = collapseWhitespace($(el).text());
    if (!/\d/.test(text)) continue;
    const price = parsePrice(text, domain);
    if (price) return price;
  }
  return null;
}

/** `X > .a-offscreen`, X being a `.a-price` element of the tile that passes `test`. */
const offscreenOf = (tile: TileParts, test: (price: Part) => boolean) => (p: Part) => {
  const parent = has(p, 'a-offscreen') ? tile.parentOf(p) : undefined;
  return !!parent && has(parent, 'a-price') && test(parent);
};

function readPrice($: CheerioAPI, tile: TileParts, domain: string | null): Price | null {
  return firstPrice($, tile, domain, [
    // .a-price:not(.a-text-price) > .a-offscreen
    offscreenOf(tile, (price) => !has(price, 'a-text-price')),
    // .s-price, span.a-color-price
    (p) => has(p, 's-price') || (p.el.name === 'span' && has(p, 'a-color-price')),
  ]);
}

/** The struck-through price (`data-a-strike`, 2019 `a-text-strike`); a unit price ("$7.86/count") is not one. */
function readListPrice($: CheerioAPI, tile: TileParts, domain: string | null): Price | null {
  return firstPrice($, tile, domain, [
    // .a-price.a-text-price[data-a-strike="true"] > .a-offscreen
    offscreenOf(tile, (price) => has(price, 'a-text-price') && attr(price, 'data-a-strike') === 'true'),
    (p) => has(p, 'a-text-strike'), // .a-text-strike
  ]);
}

/** `i[class*="a-star"]` */
const isStarIcon = (p: Part) => p.el.name === 'i' && contains(p, 'class', 'a-star');

function readStars($: CheerioAPI, tile: TileParts): number | null {
  // i[class*="a-star"] .a-icon-alt, i.a-icon-star .a-icon-alt, i.a-icon-star-small .a-icon-alt
  const alt = tile.first(
    (p) =>
      has(p, 'a-icon-alt') &&
      tile.hasAncestor(
        p,
        (i) => isStarIcon(i) || (i.el.name === 'i' && (has(i, 'a-icon-star') || has(i, 'a-icon-star-small'))),
      ),
  );
  const fromText = parseStars(alt ? $(alt).text() : '');
  if (fromText !== null) return fromText;
  const cls = /a-star-(?:small-|medium-|mini-)?(\d)(?:-(\d))?/.exec(
    tile.first(isStarIcon)?.attribs.class ?? '',
  );
  return cls ? Number(cls[1]) + (cls[2] ? Number(cls[2]) / 10 : 0) : null;
}

function readReviewCount($: CheerioAPI, tile: TileParts): number | null {
  const el = tile.first((p) => p.el.name === 'a' && contains(p, 'href', 'customerReviews'));
  if (!el) return null;
  const link = $(el);
  return parseCount(link.attr('aria-label')) ?? parseCount(link.text());
}

/** A badge from its label element (`…-amazons-choice-label`, `…-best-seller-label`, `BESTSELLER_…-label`). */
function readBadge(
  $: CheerioAPI,
  tile: TileParts,
  labelSelector: (p: Part) => boolean,
  fallbackSelector: (p: Part) => boolean,
): Badge | null {
  const el = tile.first(labelSelector) ?? tile.first(fallbackSelector);
  if (!el) return null;
  const label = $(el);
  const badge = label.closest('.a-badge');
  const text = visibleText(label.find('.a-badge-text').length ? label.find('.a-badge-text') : label);
  const supplementary = visibleText(
    badge.find('[id$="-supplementary"], .a-badge-supplementary-text').first(),
  );
  return text ? { label: text, supplementary: supplementary || null } : null;
}

function readTile(
  $: CheerioAPI,
  tile: TileParts,
  asin: string,
  position: number,
  domain: string | null,
): ResultTile {
  return {
    asin,
    position,
    title: readTitle($, tile),
    price: readPrice($, tile, domain),
    listPrice: readListPrice($, tile, domain),
    stars: readStars($, tile),
    reviewCount: readReviewCount($, tile),
    amazonsChoice: readBadge(
      $,
      tile,
      (p) => endsWith(p, 'id', '-amazons-choice-label'), // [id$="-amazons-choice-label"]
      // span[id$="-amazons-choice"], [id^="AMAZONS_CHOICE_"]
      (p) =>
        (p.el.name === 'span' && endsWith(p, 'id', '-amazons-choice')) ||
        startsWith(p, 'id', 'AMAZONS_CHOICE_'),
    ),
    bestSeller: readBadge(
      $,
      tile,
      // [id*="best-seller-label"], [id^="BESTSELLER_"][id$="-label"]
      (p) =>
        contains(p, 'id', 'best-seller-label') ||
        (startsWith(p, 'id', 'BESTSELLER_') && endsWith(p, 'id', '-label')),
      (p) => startsWith(p, 'id', 'BESTSELLER_'), // [id^="BESTSELLER_"]
    ),
    // i.a-icon-prime, i.a-icon-prime-jp
    prime: !!tile.first((p) => p.el.name === 'i' && (has(p, 'a-icon-prime') || has(p, 'a-icon-prime-jp'))),
  };
}

function readResultCount($: CheerioAPI): ResultCount | null {
  const bar = $(pageIndex($).byComponent('s-result-info-bar')).first();
  if (bar.length) {
    const spans = bar.find('h1 span, h2 span, .s-breadcrumb-header-text span').toArray();
    for (const el of spans) {
      const span = $(el);
      if (span.hasClass('a-color-state') || span.children().length) continue;
      const text = collapseWhitespace(span.text());
      if (/\d/.test(text)) return parseResultCount(text);
    }
  }
  const legacy = $(pageIndex($).byId('s-result-count')).first();
  if (legacy.length) {
    const text = ownText(legacy);
    if (/\d/.test(text)) return parseResultCount(text);
  }
  return null;
}

interface Pagination {
  currentPage: number | null;
  lastPage: number | null;
  nextPageHref: string | null;
}

function maxPageNumber($: CheerioAPI, items: Nodes): number | null {
  let max: number | null = null;
  items.each((_, el) => {
    const text = collapseWhitespace($(el).text());
    if (!/^\d+$/.test(text)) return;
    const n = Number(text);
    if (max === null || n > max) max = n;
  });
  return max;
}

function readPagination($: CheerioAPI): Pagination {
  const index = pageIndex($);
  const strip = $(index.byClass('s-pagination-strip')).first();
  if (strip.length) {
    const next = strip.find('a.s-pagination-next').not('.s-pagination-disabled').first();
    return {
      currentPage: parseInteger(strip.find('.s-pagination-selected').first().text()),
      lastPage: maxPageNumber($, strip.find('.s-pagination-item')),
      nextPageHref: next.attr('href') ?? null,
    };
  }
  const aPagination = $(index.byClass('a-pagination').filter((el) => el.name === 'ul')).first();
  if (aPagination.length) {
    const next = aPagination.find('li.a-last:not(.a-disabled) > a').first();
    return {
      currentPage: parseInteger(aPagination.find('li.a-selected').first().text()),
      lastPage: maxPageNumber($, aPagination.find('li')),
      nextPageHref: next.attr('href') ?? null,
    };
  }
  const pagn = $(index.byId('pagn')).first();
  if (pagn.length) {
    return {
      currentPage: parseInteger(pagn.find('.pagnCur').first().text()),
      lastPage: maxPageNumber($, pagn.find('.pagnCur, .pagnLink, .pagnDisabled')),
      nextPageHref: pagn.find('a#pagnNextLink').attr('href') ?? null,
    };
  }
  return { currentPage: null, lastPage: null, nextPageHref: null };
}

/** Splits "Camping Tents (1,234)" into label and count. */
function labelAndCount(text: string): { label: string; count: number | null } {
  const m = /^(.*?)\s*\(([\d.,\s\u00a0\u202f]+)\)$/.exec(text);
  return m ? { label: m[1].trim(), count: parseInteger(m[2]) } : { label: text, count: null };
}

function lastNodeOf(rh: string | null): string | null {
  const nodes = [...(rh ?? '').matchAll(/(?:^|,)n:(\d+)/g)];
  return nodes.length ? nodes[nodes.length - 1][1] : null;
}

function readCategories($: CheerioAPI): CategoryRefinement[] {
  const out: CategoryRefinement[] = [];
  const seen = new Set<string>();
  const push = (c: CategoryRefinement) => {
    if (seen.has(c.nodeId)) return;
    seen.add(c.nodeId);
    // The label goes with a page's items to the runner (which awaits the database with them).
    out.push({ ...c, label: detached(c.label) });
  };
  const departments = $(pageIndex($).byId('departments')).first();
  if (departments.length) {
    departments.find('li[id^="n/"]').each((_, el) => {
      const li = $(el);
      const nodeId = (li.attr('id') ?? '').slice(2);
      if (!/^\d+$/.test(nodeId)) return;
      const link = li.find('a').first();
      const depth = Number(/s-navigation-indent-(\d+)/.exec(li.attr('class') ?? '')?.[1] ?? 0);
      const { label, count } = labelAndCount(visibleText(link.length ? link : li));
      push({ nodeId, label, count, depth, selected: link.length === 0, rh: rhOf(link.attr('href')) });
    });
    return out;
  }
  // 2019 layout: department links carry a `sr_nr_n_` ref tag; the node is the last `n:` of their rh.
  $(pageIndex($).byIds(...LEFT_NAV_IDS))
    .first()
    .find('a[href*="sr_nr_n_"]')
    .each((_, el) => {
      const link = $(el);
      const rh = rhOf(link.attr('href'));
      const nodeId = lastNodeOf(rh);
      if (!nodeId) return;
      const depth = link.parents('ul.s-ref-indent-one, ul.s-ref-indent-two').length;
      const { label, count } = labelAndCount(visibleText(link));
      push({ nodeId, label, count, depth, selected: false, rh });
    });
  return out;
}

function readStarRefinements($: CheerioAPI): StarRefinement[] {
  const out: StarRefinement[] = [];
  const seen = new Set<string>();
  $(pageIndex($).byIds(...LEFT_NAV_IDS))
    .find('a[href*="p_72"]')
    .each((_, el) => {
      const link = $(el);
      const id = /(?:^|,)p_72:(\d+)/.exec(rhOf(link.attr('href')) ?? '')?.[1];
      if (!id || seen.has(id)) return;
      seen.add(id);
      const alt = collapseWhitespace(link.find('.a-icon-alt').first().text());
      const label = alt || link.find('section').attr('aria-label') || visibleText(link);
      const cls = /a-star-(?:medium-|small-)?(\d)/.exec(link.find('i[class*="a-star"]').attr('class') ?? '');
      out.push({ id, minStars: cls ? Number(cls[1]) : parseInteger(label), label });
    });
  return out;
}

/** `ue_sn = "www.amazon.ca"` in Amazon's page bootstrap names the market the page came from. */
function detectDomain(html: string): string | null {
  const m = /ue_sn\s*=\s*["']([a-z0-9.-]+)["']/i.exec(html);
  return m ? amazonDomainOf(m[1]) : null;
}

/** Parses an already loaded page. */
export function parseResultsDocument($: CheerioAPI, html: string, opts: ParseOptions = {}): ParsedPage {
  const domain = amazonDomainOf(opts.domain) ?? detectDomain(html);
  const { tiles, layout } = resultTiles($);
  const organic: ResultTile[] = [];
  const seen = new Set<string>();
  const sponsoredAsins: string[] = [];
  let placeholders = 0;
  let duplicates = 0;
  for (const el of tiles) {
    const asin = (el.attribs['data-asin'] ?? '').trim();
    if (!ASIN_PATTERN.test(asin)) {
      placeholders++;
      continue;
    }
    const tile = new TileParts(el);
    if (sponsored(tile)) {
      sponsoredAsins.push(asin);
      continue;
    }
    if (seen.has(asin)) {
      duplicates++;
      continue;
    }
    seen.add(asin);
    organic.push(readTile($, tile, asin, organic.length, domain));
  }
  return {
    kind: classifyDocument($, html),
    layout,
    domain,
    asins: organic.map((t) => t.asin),
    tiles: organic,
    sponsored: { tiles: sponsoredAsins.length, asins: sponsoredAsins },
    duplicatesDropped: duplicates,
    placeholdersSkipped: placeholders,
    resultCount: readResultCount($),
    ...readPagination($),
    categories: readCategories($),
    starRefinements: readStarRefinements($),
  };
}

/**
 * Extracts the organic result ASINs (document order, de-duplicated, sponsored and "Featured from
 * Amazon brands" tiles left out) and the page facts the scan engine plans with.
 */
export function parseResultsPage(html: string, opts: ParseOptions = {}): ParsedPage {
  return parseResultsDocument(loadHtml(html), html, opts);
}

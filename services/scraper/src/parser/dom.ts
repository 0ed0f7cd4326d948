import * as cheerio from 'cheerio';
import type { CheerioAPI } from 'cheerio';
import { collapseWhitespace } from './numbers.js';

export type { CheerioAPI };

function _select($: CheerioAPI, selector: string) {
  return $(selector);
}
/** A cheerio selection of any nodes (typed without importing domhandler, which is not a direct dependency). */
export type Nodes = ReturnType<typeof _select>;

function _elements($: CheerioAPI) {
  return $('div');
}
/** One element of a loaded page (a tag, script or style: what a CSS selector matches). */
export type Element = ReturnType<typeof _elements>[number];

/**
 * The page's elements by id, by class and by `data-component-type`, each list in document order,
 * from one walk of the document. A CSS selector run on the whole document (`$('#pagn')`) walks
 * all of it, every time: on a results page the parser asked about ten such questions, and those
 * walks were most of its time (docs/performance.md, "`make test` time"). Questions scoped to one
 * tile or one strip still go to cheerio.
 */
export interface PageIndex {
  /** Elements whose `id` is `id`, in document order (as `$('#id')`). */
  byId(id: string): Element[];
  /** Elements with the class `name`, in document order (as `$('.name')`). */
  byClass(name: string): Element[];
  /** Elements whose `data-component-type` is `value` (as `$('[data-component-type="value"]')`). */
  byComponent(value: string): Element[];
  /** Elements whose `id` is one of `ids`, in document order (as `$('#a, #b')`). */
  byIds(...ids: string[]): Element[];
}

const indexes = new WeakMap<CheerioAPI, PageIndex>();

interface DomNode {
  type: string;
  children?: DomNode[];
}

/** The index of a loaded page, built on first use and kept as long as the page is. */
export function pageIndex($: CheerioAPI): PageIndex {
  let index = indexes.get($);
  if (!index) {
    index = buildIndex($);
    indexes.set($, index);
  }
  return index;
}

function buildIndex($: CheerioAPI): PageIndex {
  const ids = new Map<string, Element[]>();
  const classes = new Map<string, Element[]>();
  const components = new Map<string, Element[]>();
  const order = new Map<Element, number>();
  const add = (map: Map<string, Element[]>, key: string, el: Element) => {
    const list = map.get(key);
    if (list) list.push(el);
    else map.set(key, [el]);
  };
  // Depth first, children in order: document order, as css-select walks. Elements are the nodes
  // css-select matches (tags, scripts, styles); comments and text have no element below them.
  const stack: DomNode[] = [...(($.root()[0] as DomNode).children ?? [])].reverse();
  let n = 0;
  while (stack.length) {
    const node = stack.pop()!;
    if (node.type !== 'tag' && node.type !== 'script' && node.type !== 'style') continue;
    const el = node as unknown as Element;
    const { id, class: cls } = el.attribs;
    if (id !== undefined) {
      add(ids, id, el);
      order.set(el, n++);
    }
    if (cls) for (const name of cls.split(/\s+/)) if (name) add(classes, name, el);
    const component = el.attribs['data-component-type'];
    if (component !== undefined) add(components, component, el);
    const children = node.children ?? [];
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return {
    byId: (id) => ids.get(id) ?? [],
    byClass: (name) => classes.get(name) ?? [],
    byComponent: (value) => components.get(value) ?? [],
    byIds: (...wanted) =>
      wanted.flatMap((id) => ids.get(id) ?? []).sort((a, b) => order.get(a)! - order.get(b)!),
  };
}

/**
 * Loads a page with cheerio's htmlparser2 back end in HTML mode: about 5x faster than parse5 on
 * Amazon's 2 MB pages, and comments (Amazon ships hidden "next page" templates inside comments)
 * stay comments.
 */
export function loadHtml(html: string): CheerioAPI {
  return cheerio.load(html, { xml: { xmlMode: false, decodeEntities: true } });
}

/**
 * A copy of `text` that does not keep the page alive. V8 makes a substring of 13 characters or more
 * a view into the string it was cut from (a sliced string), and cheerio cuts attribute values and
 * text from the whole page: a title kept past its page (a scan's title sample, for the whole scan)
 * would keep the whole page (hundreds of kB) with it. JSON round-trips any string exactly.
 */
export function detached(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}

/** Text of an element with its `.a-offscreen` / script / style children left out, whitespace collapsed. */
export function visibleText(el: Nodes): string {
  const clone = el.clone();
  clone.find('script, style, noscript, .a-offscreen').remove();
  return collapseWhitespace(clone.text());
}

/** Text of an element itself and of child text nodes only (no descendant elements). */
export function ownText(el: Nodes): string {
  return collapseWhitespace(
    el
      .contents()
      .toArray()
      .filter((n) => n.type === 'text')
      .map((n) => ('data' in n ? String(n.data) : ''))
      .join(' '),
  );
}

/** The decoded `rh` of an Amazon link (`n:123,p_6:A1B2`), or null. */
export function rhOf(href: string | undefined | null): string | null {
  if (!href) return null;
  try {
    return new URL(href, 'https://www.amazon.com').searchParams.get('rh');
  } catch {
    return null;
  }
}

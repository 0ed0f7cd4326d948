import * as cheerio from 'cheerio';
import type { CheerioAPI } from 'cheerio';
import { collapseWhitespace } from './numbers.js';

export type { CheerioAPI };

function _select($: CheerioAPI, selector: string) {
  return $(selector);
}
/** A cheerio selection of any nodes (typed without importing domhandler, which is not a direct dependency). */
export type Nodes = ReturnType<typeof _select>;

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

/** Test-only reader of result pages (simulated or real), written against the real pages' markup. */
import * as cheerio from 'cheerio';

export interface ReadPage {
  kind: 'results' | 'no-results' | 'captcha' | 'error' | 'unknown';
  organic: string[];
  sponsored: string[];
  /** null when the bar says "over N" */
  total: number | null;
  over: boolean;
  infoText: string;
  lastPage: number | null;
  nextHref: string | null;
  nextDisabled: boolean;
  departments: { id: string; href: string; name: string; current: boolean }[];
  starLinks: { id: string; href: string }[];
  $: cheerio.CheerioAPI;
}

export function readPage(html: string): ReadPage {
  const $ = cheerio.load(html);
  const tiles = $('div[data-component-type="s-search-result"][data-asin]');
  const organic: string[] = [];
  const sponsored: string[] = [];
  tiles.each((_, t) => {
    const asin = $(t).attr('data-asin') ?? '';
    if (!asin) return;
    const isAd = $(t).hasClass('AdHolder') || $(t).find('.puis-sponsored-label-text').length > 0;
    (isAd ? sponsored : organic).push(asin);
  });
  const infoText = $('[cel_widget_id^="UPPER-RESULT_INFO_BAR"] h2 span').first().text().trim();
  let total: number | null = null;
  let over = false;
  const m =
    /(?:of|de)\s+(over\s+|más de\s+)?([\d,]+)\s+result/.exec(infoText) ?? /^([\d,]+)\s+result/.exec(infoText);
  if (m) {
    over = m.length > 2 && !!m[1];
    const n = Number((m.length > 2 ? m[2] : m[1]).replace(/,/g, ''));
    total = over ? null : n;
  }
  const strip = $('span.s-pagination-strip');
  let lastPage: number | null = null;
  strip.find('.s-pagination-item').each((_, e) => {
    const n = Number($(e).text().trim());
    if (Number.isInteger(n) && n > 0) lastPage = Math.max(lastPage ?? 0, n);
  });
  const next = strip.find('a.s-pagination-next');
  let kind: ReadPage['kind'] = 'unknown';
  if ($('form[action="/errors/validateCaptcha"]').length) kind = 'captcha';
  else if ($('title').text().includes('Sorry! Something went wrong!')) kind = 'error';
  else if (tiles.length > 0) kind = 'results';
  else if ($('.s-messaging-widget-no-results').text().includes('No results for')) kind = 'no-results';
  const departments = $('#departments li[id^="n/"]')
    .toArray()
    .map((li) => ({
      id: ($(li).attr('id') ?? '').slice(2),
      href: $(li).find('a').attr('href') ?? '',
      name: $(li).text().trim(),
      current: $(li).find('a').length === 0,
    }));
  const starLinks = $('#filter-p_72 li[id^="p_72/"]')
    .toArray()
    .map((li) => ({ id: ($(li).attr('id') ?? '').slice(5), href: $(li).find('a').attr('href') ?? '' }));
  return {
    kind,
    organic,
    sponsored,
    total,
    over,
    infoText,
    lastPage,
    nextHref: next.attr('href') ?? null,
    nextDisabled: strip.find('span.s-pagination-next.s-pagination-disabled').length > 0,
    departments,
    starLinks,
    $,
  };
}

/**
 * Tells a real results page from the pages Amazon serves instead: captchas (classic image form,
 * the 2025 button-only variant, the AWS WAF JavaScript challenge), the 503 "dogs of Amazon" page,
 * "page not found" pages served with 200, genuine "no results" pages, and pages with no result
 * tiles and no "no results" message (a block, never an empty store).
 */
import { loadHtml, pageIndex, type CheerioAPI, type Element } from './dom.js';
import { collapseWhitespace } from './numbers.js';
import type { PageKind } from './types.js';

/** Result tiles of both layouts (current 2020+, and the 2019 `li#result_N`). */
export const CURRENT_TILE_SELECTOR = 'div[data-component-type="s-search-result"][data-asin]';
export const LEGACY_TILE_SELECTOR = 'li[id^="result_"].s-result-item[data-asin]';
export const ASIN_PATTERN = /^[A-Z0-9]{10}$/;

const CAPTCHA_TEXT = [
  'Click the button below to continue shopping',
  'Type the characters you see in this image',
  'Enter the characters you see below',
  "Sorry, we just need to make sure you're not a robot",
];

const NOT_FOUND_TEXT = [
  'Looking for something?',
  'The Web address you entered is not a functioning page',
  'Suchen Sie bestimmte Informationen?',
  'Cerchi qualcosa in particolare?',
  '¿Buscas algo?',
  'Vous recherchez quelque chose ?',
];

/** "No results" messages (current banner and 2019 wording) in the storefront languages. */
const NO_RESULTS_TEXT =
  /No results for|did not match any products|Keine Ergebnisse für|ergab leider keine Produkttreffer|No hay resultados para|No se encontraron resultados|Aucun résultat pour|Nessun risultato per|Nenhum resultado para|Geen resultaten voor|Brak wyników dla|için sonuç (?:yok|bulunamadı)|لا توجد نتائج|に一致する商品はありませんでした|没有找到|找不到符合|沒有.{0,20}結果/;

/** The elements `$(CURRENT_TILE_SELECTOR)` selects, from the page's index (one walk for every question). */
export function currentTiles($: CheerioAPI): Element[] {
  return pageIndex($)
    .byComponent('s-search-result')
    .filter((el) => el.name === 'div' && el.attribs['data-asin'] !== undefined);
}

/** The elements `$(LEGACY_TILE_SELECTOR)` selects, from the page's index. */
export function legacyTiles($: CheerioAPI): Element[] {
  return pageIndex($)
    .byClass('s-result-item')
    .filter(
      (el) =>
        el.name === 'li' && el.attribs.id?.startsWith('result_') && el.attribs['data-asin'] !== undefined,
    );
}

function hasResultTiles($: CheerioAPI): boolean {
  return [...currentTiles($), ...legacyTiles($)].some((el) =>
    ASIN_PATTERN.test(el.attribs['data-asin'] ?? ''),
  );
}

function bodyText($: CheerioAPI): string {
  const body = $('body').clone();
  body.find('script, style, noscript').remove();
  return collapseWhitespace(body.text());
}

function isCaptcha($: CheerioAPI, html: string, text: string): boolean {
  if ($('form[action*="validateCaptcha"], #captchacharacters').length) return true;
  if (/ue_sn\s*=\s*["']opfcaptcha\.amazon\./.test(html)) return true;
  if (/<title[^>]*>\s*Robot Check\s*</i.test(html)) return true;
  // AWS WAF challenge: no Amazon markup at all, just the token script.
  if ($('script[src*="challenge.js"], script[src*="awswaf"]').length) return true;
  if (/awsWafCookieDomainList|AwsWafIntegration/.test(html)) return true;
  return CAPTCHA_TEXT.some((t) => text.includes(t));
}

/** Strong 503 markers: the cs_503 ref tags, the 500_503 image, the page title. */
function isServiceError($: CheerioAPI): boolean {
  if ($('a[href*="cs_503"], img[src*="500_503"]').length) return true;
  return /Sorry! Something went wrong/i.test($('title').text());
}

function isNotFound($: CheerioAPI, html: string, text: string, status?: number): boolean {
  if (status === 404) return true;
  if ($('a[href*="cs_404"], img[src*="/error/title"]').length) return true;
  if (/Page Not Found/i.test($('title').text())) return true;
  if (/pageType\s*[:=]\s*["']PageNotFound["']/.test(html)) return true;
  return NOT_FOUND_TEXT.some((t) => text.includes(t));
}

function isNoResults($: CheerioAPI, text: string): boolean {
  const banner = $(
    '[cel_widget_id*="MAIN-TOP_BANNER_MESSAGE"], [data-component-type="s-no-results"], .s-no-results, #noResultsTitle',
  );
  if (banner.length && NO_RESULTS_TEXT.test(collapseWhitespace(banner.text()))) return true;
  return NO_RESULTS_TEXT.test(text);
}

/** Classifies an already loaded page (the parser uses this to avoid parsing twice). */
export function classifyDocument($: CheerioAPI, html: string, status?: number): PageKind {
  const tiles = hasResultTiles($);
  const text = tiles ? '' : bodyText($);
  if (!tiles && isCaptcha($, html, text)) return 'captcha';
  if (tiles) return 'results';
  if (isServiceError($)) return 'blocked-503';
  if (isNotFound($, html, text, status)) return 'soft-404';
  // The "dogs of Amazon" picture decorates both error pages; alone it means the 503 one.
  if (status === 503 || $('img[alt*="Dogs of Amazon"]').length) return 'blocked-503';
  if (isNoResults($, text)) return 'no-results';
  return 'empty-block';
}

/**
 * What Amazon served: `results`, `no-results` (a real, empty answer), or one of the blocks
 * (`captcha`, `blocked-503`, `soft-404`, `empty-block`). `status` is the HTTP status if known.
 */
export function classifyPage(html: string, status?: number): PageKind {
  return classifyDocument(loadHtml(html), html, status);
}

/**
 * Reads an Amazon product page (`/dp/<ASIN>`): whether the market sells the product, its title,
 * price, rating and badges. The ASIN check asks for one page per ASIN and keeps this per row.
 *
 * The desktop detail page ("dp") keeps its parts in feature blocks with stable ids:
 * `#productTitle`; the buy box price in `#corePrice_feature_div` / `#corePriceDisplay_desktop_feature_div`
 * (`.a-price .a-offscreen`, older pages `#priceblock_ourprice` / `#priceblock_dealprice`);
 * `#acrPopover` ("4.5 out of 5 stars") and `#acrCustomerReviewText` ("1,234 ratings");
 * `#acBadge_feature_div` (Amazon's Choice) and `#zeitgeistBadge_feature_div` ("#1 Best Seller");
 * `#availability` ("In Stock", "Currently unavailable."). An ASIN the market does not have is
 * Amazon's "page not found" (HTTP 404, the dog picture, `cs_404` links).
 */
import { classifyDocument } from './classify.js';
import { loadHtml, visibleText, type CheerioAPI } from './dom.js';
import { collapseWhitespace, parseCount, parsePrice, parseStars } from './numbers.js';
import type { PageKind, Price } from './types.js';

/** What a product page says about one ASIN on one market. */
export type ProductState = 'sold' | 'unavailable' | 'not-found';

/** A product page, or the page Amazon served instead (a block: captcha, 503, empty). */
export type ProductPageKind =
  'product' | 'not-found' | Exclude<PageKind, 'results' | 'no-results' | 'soft-404'>;

export interface ProductPage {
  kind: ProductPageKind;
  /** Meaningful for `product` and `not-found` pages. */
  state: ProductState;
  asin: string | null;
  title: string | null;
  price: Price | null;
  stars: number | null;
  reviewCount: number | null;
  amazonsChoice: boolean;
  bestSeller: boolean;
}

/** "Currently unavailable" and "out of stock" messages of the availability block, by market language. */
const UNAVAILABLE =
  /currently unavailable|out of stock|no longer available|actualmente no disponible|no disponible por el momento|agotado|غير متوفر|غير متاح|momentan nicht verfügbar|actuellement indisponible/i;

const PRICE_SELECTORS = [
  '#corePrice_feature_div .a-price .a-offscreen',
  '#corePriceDisplay_desktop_feature_div .priceToPay .a-offscreen',
  '#corePriceDisplay_desktop_feature_div .a-price .a-offscreen',
  '#corePrice_desktop .a-price .a-offscreen',
  '#priceblock_dealprice',
  '#priceblock_ourprice',
  '#price_inside_buybox',
  '#newBuyBoxPrice',
];

function firstPrice($: CheerioAPI, domain: string | undefined): Price | null {
  for (const selector of PRICE_SELECTORS) {
    for (const el of $(selector).toArray()) {
      const price = parsePrice($(el).text(), domain);
      if (price) return price;
    }
  }
  return null;
}

function readStars($: CheerioAPI): number | null {
  const popover = $('#acrPopover').first();
  return parseStars(popover.attr('title') ?? popover.find('.a-icon-alt').first().text());
}

function hasAmazonsChoice($: CheerioAPI): boolean {
  const block = $('#acBadge_feature_div');
  if (!block.length) return false;
  if (block.find('.ac-badge-wrapper, .ac-badge-rectangle, .a-badge').length) return true;
  return /amazon.?s\s*choice|elecci[oó]n\s+de\s+amazon|اختيار أمازون/i.test(visibleText(block));
}

function hasBestSeller($: CheerioAPI): boolean {
  const block = $('#zeitgeistBadge_feature_div');
  if (!block.length) return false;
  if (block.find('.p13n-best-seller-badge, .zg-badge-wrapper').length) return true;
  return /best\s*seller|m[aá]s\s+vendido|الأكثر مبيع/i.test(visibleText(block));
}

const EMPTY: Omit<ProductPage, 'kind' | 'state' | 'asin'> = {
  title: null,
  price: null,
  stars: null,
  reviewCount: null,
  amazonsChoice: false,
  bestSeller: false,
};

/**
 * Parses a product page. `status` is the HTTP status (a 404 is the "page not found" answer);
 * `domain` resolves `$` to the market's currency.
 */
export function parseProductPage(html: string, opts: { status?: number; domain?: string } = {}): ProductPage {
  const $ = loadHtml(html);
  const titleEl = $('#productTitle').first();
  if (!titleEl.length) {
    const kind = classifyDocument($, html, opts.status);
    const blocked = kind === 'captcha' || kind === 'blocked-503';
    return {
      kind: kind === 'soft-404' ? 'not-found' : blocked ? kind : 'empty-block',
      state: 'not-found',
      asin: null,
      ...EMPTY,
    };
  }
  const asin =
    $('#ASIN').attr('value') ??
    $('input[name="ASIN"]').attr('value') ??
    $('#averageCustomerReviews').attr('data-asin') ??
    null;
  const availability = collapseWhitespace($('#availability').text());
  const price = firstPrice($, opts.domain);
  const unavailable = UNAVAILABLE.test(availability) || ($('#outOfStock').length > 0 && !price);
  return {
    kind: 'product',
    state: unavailable ? 'unavailable' : 'sold',
    asin: asin && /^[A-Z0-9]{10}$/.test(asin) ? asin : null,
    title: collapseWhitespace(titleEl.text()) || null,
    price: unavailable ? null : price,
    stars: readStars($),
    reviewCount: parseCount($('#acrCustomerReviewText').first().text()),
    amazonsChoice: hasAmazonsChoice($),
    bestSeller: hasBestSeller($),
  };
}

/**
 * The `/s` results page in the shape of Amazon's 2025 desktop search page (see the real pages in
 * shared/fixtures/amazon-pages: ca_search_1.html, ca_search_4.html): result-info bar, left refinements,
 * `s-main-slot` with sponsored/organic `s-search-result` tiles, placeholders, a carousel of other ASINs and
 * the `s-pagination-strip`.
 */
import { formatPrice, priceParts, thousands } from '../markets.js';
import type { Market } from '../markets.js';
import type { QueryResult, SearchQuery } from '../query.js';
import { createRng, hashSeed, randomAlnum } from '../rng.js';
import type { Rng } from '../rng.js';
import {
  BADGE_BEST_SELLER,
  BADGE_CHOICE,
  NO_NODE,
  NO_PRICE,
  UNRATED,
  createStore,
  listingExtras,
} from '../store.js';
import type { Store } from '../store.js';
import { esc, footer, navBar, pageHead, siteName } from './common.js';

export interface SearchPageInput {
  store: Store;
  market: Market;
  query: SearchQuery;
  result: QueryResult;
  pageSize: number;
  pageCap: number;
}

interface Ctx extends SearchPageInput {
  qid: string;
  requestId: string;
  rng: Rng;
  dataIndex: number;
  /** position among the page's tiles (organic and sponsored), 1-based */
  slot: number;
}

// ---------------------------------------------------------------------------------------------------------
// URLs

export interface LinkOverrides {
  nodes?: string[];
  priceRaw?: string | null;
  starsId?: string | null;
  page?: number;
  sortRaw?: string;
  ref?: string;
}

/** Builds an `/s` URL keeping the seller in the form the request used (`me=` or `rh=p_6:`). */
export function searchUrl(store: Store, q: SearchQuery, o: LinkOverrides, qid: string): string {
  const nodes = o.nodes ?? q.nodes;
  const priceRaw = o.priceRaw === undefined ? q.priceRaw : o.priceRaw;
  const starsId = o.starsId === undefined ? q.starsId : o.starsId;
  const sortRaw = o.sortRaw ?? q.sortRaw;
  const rh: string[] = nodes.map((n) => `n:${n}`);
  if (q.sellerForm === 'p_6') rh.push(`p_6:${store.sellerId}`);
  if (priceRaw) rh.push(`p_36:${priceRaw}`);
  if (starsId) rh.push(`p_72:${starsId}`);
  const parts: string[] = [];
  if (q.sellerForm === 'me') parts.push(`i=merchant-items`, `me=${store.sellerId}`);
  if (q.keywordsRaw) parts.push(`k=${encodeURIComponent(q.keywordsRaw).replace(/%20/g, '+')}`);
  if (rh.length) parts.push(`rh=${encodeURIComponent(rh.join(','))}`);
  if (sortRaw) parts.push(`s=${encodeURIComponent(sortRaw)}`);
  if (o.page && o.page > 1) parts.push(`page=${o.page}`);
  parts.push(`marketplaceID=${store.market.marketplaceId}`, `qid=${qid}`);
  if (o.ref) parts.push(`ref=${o.ref}`);
  return '/s?' + parts.join('&');
}

function slug(title: string): string {
  return (
    title
      .replace(/[^A-Za-z0-9 ]+/g, ' ')
      .trim()
      .split(/\s+/)
      .slice(0, 6)
      .join('-') || 'product'
  );
}

function productPath(ctx: Ctx, listing: number, ref: string): string {
  const { store } = ctx;
  const kw = ctx.query.keywordsRaw
    ? `&keywords=${encodeURIComponent(ctx.query.keywordsRaw).replace(/%20/g, '+')}`
    : '';
  return `/${slug(store.titles[listing])}/dp/${store.asins[listing]}/ref=${ref}?dib=eyJ2IjoiMSJ9${kw}&qid=${ctx.qid}&s=merchant-items&sr=1-${ctx.slot}`;
}

function sponsoredHref(ctx: Ctx, listing: number, spc: string): string {
  const target = productPath(ctx, listing, `sr_1_${ctx.slot}_sspa`) + '&sp_csd=d2lkZ2V0TmFtZT1zcF9hdGY&psc=1';
  return `/sspa/click?ie=UTF8&spc=${spc}&url=${encodeURIComponent(target)}`;
}

// ---------------------------------------------------------------------------------------------------------
// Tiles

function starsBlock(ctx: Ctx, listing: number, href: string): string {
  const half = ctx.store.halfStars[listing];
  if (half === UNRATED) return '';
  const stars = (half / 2).toFixed(1);
  const cls = `a-star-small-${Math.floor(half / 2)}${half % 2 ? '-5' : ''}`;
  const alt = ctx.market.strings.outOfFiveStars(stars);
  const count = ctx.store.ratingCounts[listing];
  return `<div data-cy="reviews-block" class="a-section a-spacing-none a-spacing-top-micro"><div class="a-row a-size-small"><span class="a-declarative" data-action="a-popover" data-csa-c-func-deps="aui-da-a-popover" data-a-popover="{&quot;position&quot;:&quot;triggerBottom&quot;,&quot;popoverLabel&quot;:&quot;${esc(alt)}, rating details&quot;,&quot;url&quot;:&quot;/review/widgets/average-customer-review/popover/ref=acr_search__popover?ie=UTF8&amp;asin=${ctx.store.asins[listing]}&amp;ref_=acr_search__popover&amp;contextId=search&quot;,&quot;closeButton&quot;:true,&quot;closeButtonLabel&quot;:&quot;&quot;}" data-csa-c-type="widget"><a aria-label="${esc(alt)}, rating details" href="javascript:void(0)" role="button" class="a-popover-trigger a-declarative"><i data-cy="reviews-ratings-slot" aria-hidden="true" class="a-icon a-icon-star-small ${cls}"><span class="a-icon-alt">${esc(alt)}</span></i><i class="a-icon a-icon-popover"></i></a></span> <a aria-label="${thousands(count)} ratings" class="a-link-normal s-underline-text s-underline-link-text s-link-style" href="${esc(href)}#customerReviews"><span aria-hidden="true" class="a-size-base s-underline-text">${thousands(count)}</span> </a> </div></div>`;
}

function priceBlock(ctx: Ctx, listing: number, href: string): string {
  const minor = ctx.store.prices[listing];
  // A listing without a price shows none (Amazon: "See options", "Currently unavailable").
  if (minor === NO_PRICE)
    return `<div data-cy="secondary-offer-recipe" class="a-section a-spacing-none a-spacing-top-mini"><div class="a-row a-size-base a-color-secondary"><span class="a-color-base">See options</span></div></div>`;
  const { whole, fraction } = priceParts(minor);
  const { prime, listPriceMinor } = listingExtras(ctx.store, listing);
  // As amazon.ca's tiles: a struck-through list price after the price, the Prime logo beside them.
  const listPrice =
    listPriceMinor === null
      ? ''
      : `<div class="a-section aok-inline-block"><span class="a-size-base a-color-secondary">${esc(ctx.market.strings.listPrice)} </span><span class="a-price a-text-price" data-a-size="b" data-a-strike="true" data-a-color="secondary"><span class="a-offscreen">${esc(formatPrice(ctx.market, listPriceMinor))}</span><span aria-hidden="true">${esc(formatPrice(ctx.market, listPriceMinor))}</span></span></div>`;
  const primeLogo = prime
    ? `<div class="a-row s-align-children-center"><span class="aok-relative s-icon-text-medium s-prime"><i class="a-icon a-icon-prime a-icon-medium" role="img" aria-label="Amazon Prime"></i></span></div>`
    : '';
  return `<div data-cy="price-recipe" class="a-section a-spacing-none a-spacing-top-small s-price-instructions-style"><div class="a-row a-size-base a-color-base"><div class="a-row"><span id="price-link" class="aok-offscreen">Price, product page</span><a aria-describedby="price-link" class="a-link-normal s-no-hover s-underline-text s-underline-link-text s-link-style a-text-normal" href="${esc(href)}"><span class="a-price" data-a-size="xl" data-a-color="base"><span class="a-offscreen">${esc(formatPrice(ctx.market, minor))}</span><span aria-hidden="true"><span class="a-price-symbol">${esc(ctx.market.currencySymbol)}</span><span class="a-price-whole">${whole}<span class="a-price-decimal">.</span></span><span class="a-price-fraction">${fraction}</span></span></span></a>${listPrice}</div></div>${primeLogo}</div>`;
}

function badgeBlock(ctx: Ctx, listing: number): string {
  const flags = ctx.store.badges[listing];
  const asin = ctx.store.asins[listing];
  const s = ctx.market.strings;
  let out = '';
  if (flags & BADGE_CHOICE) {
    const forWhat = ctx.query.keywordsRaw
      ? `&quot;${esc(ctx.query.keywordsRaw)}&quot;`
      : esc(ctx.store.sellerName);
    out += `<div class="a-section a-spacing-none a-spacing-top-micro s-badge-style"><div class="a-row a-badge-region"><span id="${asin}-amazons-choice" class="a-badge" role="group" aria-labelledby="${asin}-amazons-choice-label ${asin}-amazons-choice-supplementary" data-a-badge-supplementary-position="right" tabindex="0" data-a-badge-type="status"><span id="${asin}-amazons-choice-label" class="a-badge-label" data-a-badge-color="mvt-badge-color-squid-ink" aria-hidden="true"><span class="a-badge-label-inner a-text-ellipsis"><span class="a-badge-text" data-a-badge-color="mvt-badge-text-color-white">${esc(s.amazonsChoice[0])}</span><span class="a-badge-text" data-a-badge-color="mvt-badge-text-color-white">${esc(s.amazonsChoice[1])}</span></span></span><span id="${asin}-amazons-choice-supplementary" class="a-badge-supplementary-text a-text-ellipsis" aria-hidden="true">${esc(s.choiceFor)} ${forWhat}</span></span></div></div>`;
  }
  if (flags & BADGE_BEST_SELLER) {
    out += `<div class="a-section a-spacing-none a-spacing-top-micro s-badge-style"><div class="a-row a-badge-region"><span id="${asin}-best-seller" class="a-badge" aria-labelledby="${asin}-best-seller-label ${asin}-best-seller-supplementary" data-a-badge-supplementary-position="right" tabindex="0" role="link" data-a-badge-type="status"><span id="${asin}-best-seller-label" class="a-badge-label" data-a-badge-color="mvt-badge-color-orange" aria-hidden="true"><span class="a-badge-label-inner a-text-ellipsis"><span class="a-badge-text" data-a-badge-color="mvt-badge-text-color-white">${esc(s.bestSeller)}</span></span></span></span></div></div>`;
  }
  return out;
}

function tile(ctx: Ctx, listing: number, sponsored: boolean, adSlot: string): string {
  const { store, market } = ctx;
  const asin = store.asins[listing];
  const title = esc(store.titles[listing]);
  const uuid = uuidFor(ctx.rng);
  const dataIndex = ctx.dataIndex++;
  const spc = sponsored
    ? Buffer.from(`1:${hashSeed(asin + ctx.qid)}:${ctx.qid}:${adSlot}:${ctx.slot}::0::`).toString('base64')
    : '';
  const href = sponsored ? sponsoredHref(ctx, listing, spc) : productPath(ctx, listing, `sr_1_${ctx.slot}`);
  const hrefEsc = esc(href);
  const image = `https://m.media-amazon.com/images/I/${randomAlnum(ctx.rng, 11)}._AC_UL320_.jpg`;
  const s = market.strings;
  const label = sponsored
    ? `<div class="a-row a-spacing-micro"><span class="a-declarative" data-action="a-popover" data-csa-c-func-deps="aui-da-a-popover" data-a-popover="{&quot;name&quot;:&quot;sp-info-popover-${asin}&quot;,&quot;position&quot;:&quot;triggerVertical&quot;,&quot;popoverLabel&quot;:&quot;View Sponsored information or leave ad feedback&quot;,&quot;closeButtonLabel&quot;:&quot;Close pop-up&quot;,&quot;closeButton&quot;:&quot;true&quot;,&quot;dataStrategy&quot;:&quot;preload&quot;}" data-csa-c-type="widget"><a href="javascript:void(0)" role="button" style="text-decoration: none;" class="puis-label-popover puis-sponsored-label-text"><span class="puis-label-popover-default"><span aria-label="View Sponsored information or leave ad feedback" class="a-color-secondary">${esc(s.sponsored)}</span></span><span class="puis-label-popover-hover"><span aria-hidden="true" class="a-color-base">${esc(s.sponsored)}</span></span> <span class="aok-inline-block puis-sponsored-label-info-icon"></span></a></span></div>`
    : '';
  const ariaTitle = sponsored ? `${esc(s.sponsored)} Ad – ${title}` : title;
  const impression = sponsored
    ? `<div data-component-type="s-impression-logger" data-component-props="{&quot;percentageShownToFire&quot;:&quot;50&quot;,&quot;batchable&quot;:true,&quot;requiredElementSelector&quot;:&quot;.s-image:visible&quot;,&quot;url&quot;:&quot;https://unagi-na.amazon.com/1/events/com.amazon.eel.SponsoredProductsEventTracking.prod?qualifier=${ctx.qid}&amp;widgetName=${adSlot}&amp;eventType=1&amp;adIndex=${ctx.slot}&quot;}" class="rush-component s-expand-height">`
    : '';
  const html = `<div role="listitem" data-asin="${asin}" data-index="${dataIndex}" data-uuid="${uuid}" id="${uuid}" data-component-type="s-search-result" class="sg-col-4-of-24 sg-col-4-of-12 s-result-item s-asin sg-col-4-of-16 ${sponsored ? 'AdHolder ' : ''}sg-col s-widget-spacing-small sg-col-4-of-20"><div class="sg-col-inner"><div cel_widget_id="MAIN-SEARCH_RESULTS-${dataIndex}" class="s-widget-container s-spacing-small s-widget-container-height-small celwidget slot=MAIN template=SEARCH_RESULTS widgetId=search-results_${ctx.slot}" data-csa-c-pos="${ctx.slot}" data-csa-c-item-id="amzn1.asin.1.${asin}" data-csa-op-log-render="" data-csa-c-type="item">${impression}<span class="a-declarative" data-action="puis-card-container-declarative" data-csa-c-func-deps="aui-da-puis-card-container-declarative" data-csa-c-item-id="amzn1.asin.${asin}" data-csa-c-posx="${ctx.slot}" data-csa-c-type="item" data-csa-c-owner="puis"><div class="puis-card-container s-card-container s-overflow-hidden aok-relative puis-expand-height puis-include-content-margin puis s-latency-cf-section puis-card-border" data-cy="asin-faceout-container"><div class="a-section a-spacing-base"><div class="s-product-image-container aok-relative s-text-center s-image-overlay-grey puis-image-overlay-grey s-padding-left-small s-padding-right-small puis-spacing-small s-height-equalized puis" data-cy="image-container"><span data-component-type="s-product-image" class="rush-component"><a class="a-link-normal s-no-outline" tabindex="-1" href="${hrefEsc}"><div class="a-section aok-relative s-image-square-aspect"><img class="s-image" src="${image}" alt="${ariaTitle}" aria-hidden="true" data-image-index="${ctx.slot}" data-image-load="" data-image-latency="s-product-image" data-image-source-density="1"></div></a></span></div><div class="a-section a-spacing-small puis-padding-left-small puis-padding-right-small">${badgeBlock(ctx, listing)}<div data-cy="title-recipe" class="a-section a-spacing-none a-spacing-top-small s-title-instructions-style">${label}<a class="a-link-normal s-line-clamp-4 s-link-style a-text-normal" href="${hrefEsc}"><h2 aria-label="${ariaTitle}" class="a-size-base-plus a-spacing-none a-color-base a-text-normal"><span>${title}</span></h2></a> </div>${starsBlock(ctx, listing, href)}${priceBlock(ctx, listing, href)}<div data-cy="delivery-recipe" class="a-section a-spacing-none a-spacing-top-micro"><div class="a-row a-size-base a-color-secondary s-align-children-center"><div data-cy="delivery-block" class="a-section a-spacing-none a-padding-none udm-delivery-block"><div class="a-row a-color-base udm-primary-delivery-message"><div class="a-column a-span12">${esc(s.freeDelivery)} <span class="a-text-bold">${esc(deliveryDate(ctx.rng))}</span></div></div></div></div></div><div class="a-section a-spacing-none a-spacing-top-mini"><div class="a-row"><div class="puis-atcb-container" data-cy="add-to-cart" data-atcb-uid="atcb-${asin}-${ctx.slot}"><div class="a-section puis-atcb-add-container aok-inline-block"><div class="a-section atc-faceout-container"><form method="post" action="/cart/add-to-cart?ref=sr_atc_rt_add_${ctx.slot}&amp;sr=8-${ctx.slot}&amp;qid=${ctx.qid}&amp;discoveredAsins.0=${asin}" class="a-spacing-none"><input type="hidden" name="clientName" value="EUIC_AddToCart_Search"><input type="hidden" name="items[0.base][asin]" value="${asin}"><input type="hidden" name="items[0.base][quantity]" value="1"><span class="a-button a-button-primary a-button-icon puis-atcb-button"><span class="a-button-inner"><i class="a-icon a-icon-cart"></i><button name="submit.addToCart" aria-label="${esc(s.addToCart)}" class="a-button-text" type="button">${esc(s.addToCart)}</button></span></span></form></div></div></div></div></div></div></div></div></span>${sponsored ? '</div>' : ''}</div></div></div>`;
  ctx.slot++;
  return html;
}

function deliveryDate(rng: Rng): string {
  const days = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const months = ['Jun', 'Jul'];
  return `${rng.pick(days)}, ${rng.pick(months)} ${rng.int(1, 28)}`;
}

function uuidFor(rng: Rng): string {
  const hex = (n: number): string =>
    Array.from({ length: n }, () => '0123456789abcdef'[Math.floor(rng.next() * 16)]).join('');
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[rng.int(0, 3)]}${hex(3)}-${hex(12)}`;
}

// ---------------------------------------------------------------------------------------------------------
// Widgets that are not result tiles (traps for a careless parser)

/** ASINs that belong to other sellers: used by the banner and the carousel. */
function foreignAsins(ctx: Ctx, n: number): string[] {
  const out: string[] = [];
  while (out.length < n) {
    const a = 'B0' + randomAlnum(ctx.rng, 8);
    if (!ctx.store.asinSet.has(a)) out.push(a);
  }
  return out;
}

function brandBanner(ctx: Ctx): string {
  const [asin] = foreignAsins(ctx, 1);
  const s = ctx.market.strings;
  return `<div class="s-result-item s-widget s-widget-spacing-large AdHolder s-flex-full-width" data-asin="" data-uuid="${uuidFor(ctx.rng)}" data-index="${ctx.dataIndex++}"><div class="celwidget pd_rd_w-HRGS9 c-f" cel_widget_id="sb-video-product-collection-desktop_loom-desktop-top-slot_1" data-csa-c-type="widget" data-csa-c-painter="sb-video-product-collection-desktop-cards"><div class="a-section a-spacing-none _c2Itd_container_2Bkiq"><div class="a-section _c2Itd_pdCntr_2lxVH _c2Itd_desktopProductContainer" data-asin="${asin}"><a class="a-link-normal" href="/sspa/click?ie=UTF8&amp;spc=${Buffer.from(`sb:${asin}`).toString('base64')}&amp;url=%2Fdp%2F${asin}"><span class="a-truncate-full">${esc(ctx.rng.pick(['Top rated picks', 'Shop the brand', 'New this season']))}</span></a><span class="puis-sponsored-label-text">${esc(s.sponsored)}</span></div></div></div></div>`;
}

function resultsHeader(ctx: Ctx): string {
  return `<div data-asin="" data-index="${ctx.dataIndex++}" class="a-section a-spacing-none s-result-item s-flex-full-width s-border-bottom-none s-widget s-widget-spacing-large"><div data-uuid="${uuidFor(ctx.rng)}" cel_widget_id="MAIN-MESSAGING-${ctx.dataIndex - 1}" class="s-widget-container s-spacing-mini s-widget-container-height-mini celwidget slot=MAIN template=MESSAGING widgetId=messaging-messages-results-header"><span data-component-type="s-messaging-widget-results-header" class="rush-component"><div class="a-section a-spacing-none s-messaging-widget-results-header"><div class="s-no-outline"><h2 class="a-size-medium-plus a-spacing-none a-color-base a-text-bold">${esc(ctx.market.strings.results)}</h2><div class="a-row a-size-base"><span class="a-size-base a-color-secondary a-text-normal">Check each product page for other buying options.</span></div></div></div></span></div></div>`;
}

function carousel(ctx: Ctx): string {
  const asins = foreignAsins(ctx, ctx.rng.int(4, 6));
  const cards = asins
    .map((asin) => {
      const price = ctx.rng.int(999, 29999);
      return `<div data-asin="${asin}" class="sg-col-4-of-24 sg-col-4-of-12 s-result-item sg-col-4-of-16 sg-col sg-col-4-of-20"><div class="sg-col-inner"><div class="a-section a-spacing-small"><a class="a-link-normal" href="/sspa/click?ie=UTF8&amp;url=%2Fdp%2F${asin}"><span class="a-size-base-plus a-color-base a-text-normal">${esc(ctx.rng.pick(['Travel Organizer', 'Desk Lamp', 'Yoga Mat', 'Coffee Grinder', 'Bluetooth Speaker']))}</span></a><span class="a-price"><span class="a-offscreen">${esc(formatPrice(ctx.market, price))}</span></span></div></div></div>`;
    })
    .join('');
  const idx = ctx.dataIndex++;
  return `<div data-asin="" data-index="${idx}" data-uuid="${uuidFor(ctx.rng)}" data-component-type="" class="sg-col-20-of-24 s-result-item sg-col-0-of-12 sg-col-16-of-20 s-widget sg-col s-flex-geom sg-col-12-of-16 s-widget-spacing-large"><div class="sg-col-inner"><div cel_widget_id="MAIN-FEATURED_ASINS_LIST-${idx}" class="s-widget-container s-spacing-medium s-widget-container-height-medium celwidget slot=MAIN template=FEATURED_ASINS_LIST widgetId=loom-desktop-inline-slot_sptw-highly-rated"><div class="s-include-content-margin s-border-bottom s-border-top-overlap s-widget-padding-bottom"><div class="a-section a-spacing-small"><h2 id="loom-desktop-inline-slot_featuredasins-heading" class="a-size-medium-plus a-color-base">${esc(ctx.market.strings.highlyRated)}</h2></div><div class="sg-row">${cards}</div></div></div></div></div>`;
}

// ---------------------------------------------------------------------------------------------------------
// Result info bar, refinements, pagination

function resultInfoText(input: SearchPageInput): string {
  const { result, query, pageSize, market } = input;
  const s = market.strings;
  const totalPages = Math.ceil(result.total / pageSize);
  if (totalPages <= 1) return s.singlePage(result.total);
  const from = (query.page - 1) * pageSize + 1;
  const to = Math.min(result.total, query.page * pageSize);
  const over = result.total > 1000;
  return s.resultRange(from, to, over ? s.overThousand : thousands(result.total), over);
}

function resultInfoBar(ctx: Ctx): string {
  const { query, store, market } = ctx;
  const s = market.strings;
  const subject = query.keywordsRaw ? `"${query.keywordsRaw}"` : store.sellerName;
  const hidden: string[] = [];
  if (query.sellerForm === 'me') hidden.push(`<input type="hidden" name="me" value="${store.sellerId}">`);
  if (query.keywordsRaw) hidden.push(`<input type="hidden" name="k" value="${esc(query.keywordsRaw)}">`);
  const sorts = ['relevanceblender', 'price-asc-rank', 'price-desc-rank', 'review-rank', 'date-desc-rank'];
  const current = query.sortRaw && sorts.includes(query.sortRaw) ? query.sortRaw : 'relevanceblender';
  const options = sorts
    .map(
      (v) =>
        `<option data-url="${esc(searchUrl(store, query, { sortRaw: v === 'relevanceblender' ? '' : v, ref: `sr_st_${v}` }, ctx.qid))}" value="${v}"${v === current ? ' selected=""' : ''}>${esc(s.sortLabels[v])}</option>`,
    )
    .join(' ');
  return `<span data-component-type="s-result-info-bar" class="rush-component"><div data-uuid="${uuidFor(ctx.rng)}" cel_widget_id="UPPER-RESULT_INFO_BAR-0" class="s-widget-container s-spacing-small s-widget-container-height-small celwidget slot=UPPER template=RESULT_INFO_BAR widgetId=result-info-bar"><h1 data-csa-c-content-id="desktop/1/0/default/default" data-csa-c-slot-id="nav-ribContainer" class="a-size-base s-desktop-toolbar a-text-normal"><div class="s-desktop-width-max sg-row-align-items-center s-wide-grid-style sg-row"><div class="sg-col-14-of-20 sg-col-18-of-24 sg-col s-breadcrumb sg-col-10-of-16 sg-col-6-of-12"><div class="sg-col-inner"><h2 class="a-size-base a-spacing-small a-spacing-top-small a-text-normal"><span>${esc(resultInfoText(ctx))}</span><span> </span><span class="a-color-state a-text-bold">${esc(subject)}</span></h2></div></div><div class="sg-col-6-of-20 sg-col s-desktop-sort-container sg-col-6-of-16 sg-col-6-of-24 sg-col-6-of-12"><div class="sg-col-inner"><div class="a-section a-spacing-small a-spacing-top-small a-text-right"><form method="get" action="/s" class="aok-inline-block a-spacing-none">${hidden.join('')}<input type="hidden" name="qid" value="${ctx.qid}"><span class="a-dropdown-container"><label for="s-result-sort-select" class="a-native-dropdown">${esc(s.sortBy)}</label><select name="s" autocomplete="off" role="combobox" id="s-result-sort-select" tabindex="0" data-action="a-dropdown-select" aria-label="${esc(s.sortBy)}" class="a-native-dropdown a-declarative"> ${options} </select></span></form></div></div></div></div></h1></div></span>`;
}

function navItem(id: string, href: string, label: string, indent: number, current = false): string {
  const cls = `a-spacing-micro${indent ? ` s-navigation-indent-${indent}` : ''}`;
  const inner = current
    ? `<span class="a-size-base a-color-base a-text-bold">${esc(label)}</span>`
    : `<a data-routing="off" aria-current="false" class="a-link-normal s-navigation-item" href="${esc(href)}" role="link"><span class="a-size-base a-color-base">${esc(label)}</span></a>`;
  return `<li id="n/${id}" data-csa-c-content-id="n/${id}" data-csa-c-slot-id="nav-pkr" data-csa-c-type="element" class="${cls}"><span class="a-list-item">${inner}</span></li>`;
}

function departments(ctx: Ctx): string {
  const { store, query } = ctx;
  const s = ctx.market.strings;
  const chain = (n: number): string[] => {
    const ids: string[] = [];
    for (let x = n; x !== NO_NODE; x = store.nodes[x].parent) ids.unshift(store.nodes[x].id);
    return ids;
  };
  const link = (n: number, i: number): string =>
    searchUrl(store, query, { nodes: chain(n), ref: `sr_nr_n_${i}` }, ctx.qid);
  const selected = query.nodes
    .map((id) => store.nodeById.get(id))
    .filter((n): n is number => n !== undefined);
  // The deepest selected node decides what the panel shows.
  const current = selected.sort((a, b) => store.nodes[b].depth - store.nodes[a].depth)[0];
  const items: string[] = [];
  let i = 1;
  if (current === undefined) {
    for (const r of store.roots) {
      if (store.nodes[r].members.length === 0) continue;
      items.push(navItem(store.nodes[r].id, link(r, i++), store.nodes[r].name, 0));
    }
  } else {
    items.push(
      `<li class="a-spacing-micro s-navigation-indent-0"><span class="a-list-item"><a data-routing="off" class="a-link-normal s-navigation-item" href="${esc(searchUrl(store, query, { nodes: [], ref: 'sr_nr_n_0' }, ctx.qid))}"><span class="a-size-base a-color-base">‹ ${esc(s.anyDepartment)}</span></a></span></li>`,
    );
    const ancestors: number[] = [];
    for (let x = store.nodes[current].parent; x !== NO_NODE; x = store.nodes[x].parent) ancestors.unshift(x);
    ancestors.forEach((a, depth) =>
      items.push(navItem(store.nodes[a].id, link(a, i++), store.nodes[a].name, depth)),
    );
    items.push(navItem(store.nodes[current].id, '', store.nodes[current].name, ancestors.length, true));
    for (const c of store.nodes[current].children) {
      if (store.nodes[c].members.length === 0) continue;
      items.push(navItem(store.nodes[c].id, link(c, i++), store.nodes[c].name, ancestors.length + 1));
    }
  }
  return `<div id="departments" aria-labelledby="n-title" class="a-section a-spacing-none" role="group"><div id="n-title" aria-level="2" class="a-section a-spacing-small" role="heading"><span class="a-size-base a-color-base puis-bold-weight-text">${esc(s.department)}</span></div><ul id="filter-n" data-csa-c-slot-id="nav-ref" data-csa-c-type="element" aria-labelledby="n-title" class="a-unordered-list a-nostyle a-vertical a-spacing-medium">${items.join('')}</ul></div>`;
}

function reviews(ctx: Ctx): string {
  const { store, query, market } = ctx;
  const s = market.strings;
  const items = ([4, 3, 2, 1] as const)
    .map((n, i) => {
      const id = market.starIds[n];
      const href = searchUrl(store, query, { starsId: id, ref: `sr_nr_p_72_${i + 1}` }, ctx.qid);
      return `<li id="p_72/${id}"><span class="a-list-item"><div class="a-section"><a data-routing="" aria-current="${query.starsId === id}" aria-label="Apply the filter${n} Stars &amp; Up to narrow results" class="a-link-normal s-navigation-item" href="${esc(href)}" role="link"><i class="a-icon a-icon-star-medium a-star-medium-${n}"><span class="a-icon-alt">${n} Stars</span></i> <span class="a-size-small a-color-base">${s.starsAndUp(n).replace(/^\d+ Stars /, '')}</span></a></div></span></li>`;
    })
    .join('');
  return `<div id="reviewsRefinements" aria-labelledby="p_72-title" class="a-section a-spacing-none" role="group"><div id="p_72-title" aria-level="2" class="a-section a-spacing-small" role="heading"><span class="a-size-base a-color-base puis-bold-weight-text">${esc(s.customerReviews)}</span></div><ul id="filter-p_72" data-csa-c-slot-id="nav-ref" data-csa-c-type="element" aria-labelledby="p_72-title" class="a-unordered-list a-nostyle a-vertical a-spacing-medium">${items}</ul></div>`;
}

function priceRefinements(ctx: Ctx): string {
  const { store, query, market } = ctx;
  const s = market.strings;
  const bands: [number | null, number | null][] = [
    [null, 2500],
    [2500, 5000],
    [5000, 10000],
    [10000, 20000],
    [20000, null],
  ];
  const fmt = (minor: number): string => formatPrice(market, minor).replace(/\.00$/, '');
  const items = bands
    .map(([lo, hi], i) => {
      const raw = `${lo ?? ''}-${hi ?? ''}`;
      const href = searchUrl(store, query, { priceRaw: raw, ref: `sr_nr_p_36_${i + 1}` }, ctx.qid);
      return `<li id="p_36/${raw}"><span class="a-list-item"><a data-routing="" class="a-link-normal s-navigation-item" href="${esc(href)}"><span class="a-size-base a-color-base">${s.priceBand(lo === null ? null : esc(fmt(lo)), hi === null ? null : esc(fmt(hi)))}</span></a></span></li>`;
    })
    .join('');
  return `<div id="priceRefinements" aria-labelledby="p_36-title" class="a-section a-spacing-none" role="group"><div id="p_36-title" aria-level="2" class="a-section a-spacing-small" role="heading"><span class="a-size-base a-color-base puis-bold-weight-text">${esc(s.price)}</span></div><ul id="filter-p_36" class="a-unordered-list a-nostyle a-vertical a-spacing-medium">${items}</ul></div>`;
}

function leftNav(ctx: Ctx): string {
  return `<div class="sg-col-4-of-24 sg-col-4-of-12 s-matching-dir sg-col-4-of-16 sg-col sg-col-4-of-20"><div class="sg-col-inner"><div class="a-section"><span data-component-type="s-filters-panel-view" class="rush-component"><div cel_widget_id="LEFT-REFINEMENTS-0" class="s-widget-container s-spacing-medium s-widget-container-height-medium celwidget slot=LEFT template=REFINEMENTS widgetId=refinements"><span class="a-declarative"><div id="s-refinements" class="a-section a-spacing-none"><div class="a-section a-spacing-double-large">${departments(ctx)}${reviews(ctx)}${priceRefinements(ctx)}</div></div></span></div></span></div></div></div>`;
}

const PREV_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="12" viewBox="0 0 8 12" focusable="false" aria-hidden="true"><path d="M5.874.35a1.28 1.28 0 011.761 0 1.165 1.165 0 010 1.695L3.522 6l4.113 3.955a1.165 1.165 0 010 1.694 1.28 1.28 0 01-1.76 0L0 6 5.874.35z"></path></svg>';
const NEXT_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="12" viewBox="0 0 8 12" focusable="false" aria-hidden="true"><path d="M2.126.35a1.28 1.28 0 00-1.761 0 1.165 1.165 0 000 1.695L4.478 6 .365 9.955a1.165 1.165 0 000 1.694 1.28 1.28 0 001.76 0L8 6 2.126.35z"></path></svg>';
const ELLIPSIS =
  '<span class="s-pagination-item s-pagination-ellipsis" role="button" tabindex="0" aria-disabled="true"><svg xmlns="http://www.w3.org/2000/svg" width="10" height="2" viewBox="0 0 10 2" aria-hidden="true"><path d="M9 2c-.608 0-1-.425-1-1s.392-1 1-1 1 .448 1 1c0 .575-.392 1-1 1zM5 2c-.608 0-1-.425-1-1s.392-1 1-1 1 .448 1 1c0 .575-.392 1-1 1zM1 2c-.608 0-1-.425-1-1s.392-1 1-1 1 .448 1 1c0 .575-.392 1-1 1z"></path>...</svg></span>';

/** Page numbers the strip shows, like Amazon: 1, current±1 (1 2 3 on page 1), an ellipsis, the last page. */
export function stripPages(current: number, last: number): (number | '…')[] {
  const shown = new Set<number>([1, last, current - 1, current, current + 1]);
  if (current <= 2) [2, 3].forEach((p) => shown.add(p));
  if (current >= last - 1) [last - 1, last - 2].forEach((p) => shown.add(p));
  const pages = [...shown].filter((p) => p >= 1 && p <= last).sort((a, b) => a - b);
  const out: (number | '…')[] = [];
  pages.forEach((p, i) => {
    if (i > 0 && p - pages[i - 1] > 1) out.push('…');
    out.push(p);
  });
  return out;
}

function paginationWidget(ctx: Ctx, lastPage: number): string {
  const { store, query, market } = ctx;
  const s = market.strings;
  const cur = query.page;
  const li = (inner: string): string =>
    `<li class="s-list-item-margin-right-adjustment"><span class="a-list-item">${inner}</span></li>`;
  const url = (page: number, ref: string): string => esc(searchUrl(store, query, { page, ref }, ctx.qid));
  const parts: string[] = [];
  parts.push(
    cur > 1
      ? li(
          `<a href="${url(cur - 1, `sr_pg_${cur}`)}" role="button" tabindex="0" aria-label="Go to previous page, page ${cur - 1}" class="s-pagination-item s-pagination-previous s-pagination-button s-pagination-button-accessibility s-pagination-separator">${PREV_SVG}${esc(s.previous)}</a>`,
        )
      : `<span class="s-pagination-item s-pagination-previous s-pagination-disabled " role="button" tabindex="0" aria-disabled="true">${PREV_SVG}${esc(s.previous)}</span>`,
  );
  const items = stripPages(cur, lastPage);
  items.forEach((p, i) => {
    if (p === '…') parts.push(ELLIPSIS);
    else if (p === cur)
      parts.push(
        li(
          `<span class="s-pagination-item s-pagination-selected" role="button" tabindex="0" aria-current="page" aria-label="Page ${p}">${p}</span>`,
        ),
      );
    else if (p === lastPage && items[i - 1] === '…')
      // Amazon shows the last page number after an ellipsis as a disabled span, not a link.
      parts.push(
        `<span class="s-pagination-item s-pagination-disabled" role="button" tabindex="0" aria-disabled="true">${p}</span>`,
      );
    else
      parts.push(
        li(
          `<a href="${url(p, `sr_pg_${p}`)}" role="button" tabindex="0" aria-label="${esc(s.goToPage(p))}" class="s-pagination-item s-pagination-button s-pagination-button-accessibility">${p}</a>`,
        ),
      );
  });
  parts.push(
    cur < lastPage
      ? li(
          `<a href="${url(cur + 1, `sr_pg_${cur}`)}" role="button" tabindex="0" aria-label="Go to next page, page ${cur + 1}" class="s-pagination-item s-pagination-next s-pagination-button s-pagination-button-accessibility s-pagination-separator">${esc(s.next)}${NEXT_SVG}</a>`,
        )
      : `<span class="s-pagination-item s-pagination-next s-pagination-disabled " role="button" tabindex="0" aria-disabled="true">${esc(s.next)}${NEXT_SVG}</span>`,
  );
  const idx = ctx.dataIndex++;
  return `<div data-asin="" data-index="${idx}" class="a-section a-spacing-none s-result-item s-flex-full-width s-widget s-widget-spacing-large"><div cel_widget_id="MAIN-PAGINATION-${idx}" class="s-widget-container s-spacing-medium s-widget-container-height-medium celwidget slot=MAIN template=PAGINATION widgetId=pagination-button"><div role="navigation" class="a-section a-text-center s-pagination-container"><span class="s-pagination-strip" role="region" aria-label="pagination"><ul class="a-unordered-list a-horizontal s-unordered-list-accessibility">${parts.join('')}</ul></span></div></div></div>`;
}

// ---------------------------------------------------------------------------------------------------------
// Page assembly

function pickSponsored(ctx: Ctx, organic: number[], count: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    // Half repeat ASINs organic on this page, half other ASINs of the same store.
    out.push(
      organic.length > 0 && ctx.rng.chance(0.5) ? ctx.rng.pick(organic) : ctx.rng.int(0, ctx.store.size - 1),
    );
  }
  return out;
}

function makeCtx(input: SearchPageInput): Ctx {
  const key = `${input.store.seed}|${input.query.page}|${input.query.nodes.join(',')}|${input.query.priceRaw}|${input.query.starsId}|${input.query.keywordsRaw}|${input.query.sortRaw}`;
  const h = hashSeed(key);
  return {
    ...input,
    qid: String(1748000000 + (h % 1000000)),
    requestId: randomAlnum(createRng(h), 20),
    rng: createRng(key),
    dataIndex: 0,
    slot: 1,
  };
}

function wrap(ctx: Ctx, title: string, mainSlot: string, withNav: boolean, infoBar: string): string {
  const { market } = ctx;
  return `${pageHead(market, title, ctx.requestId)}
<body class="a-aui_72554-c a-aui_a11y_6_837773-c a-aui_template_weblab_cache_333406-c a-bw_aui_cxc_alert_measurement_1074111-c"><div id="a-page">${navBar(market, ctx.query.keywordsRaw)}
<div id="search">${infoBar}<div class="s-desktop-width-max s-desktop-content s-opposite-dir s-wide-grid-style sg-row">${withNav ? leftNav(ctx) : ''}<div class="sg-col-20-of-24 s-matching-dir sg-col-16-of-20 sg-col sg-col-8-of-12 sg-col-12-of-16"><div class="sg-col-inner"><span data-component-type="s-search-results" class="rush-component s-latency-cf-section"><div class="s-main-slot s-result-list s-search-results sg-row">
${mainSlot}
</div></span></div></div></div></div>
${footer(market)}</div></body></html>`;
}

let placeholder: Store | undefined;
/** Stands in when the seller is unknown (only its seed and ASIN set are read). */
function placeholderStore(): Store {
  return (placeholder ??= createStore({ seed: 'no-such-seller', size: 1 }));
}

function titleFor(ctx: Ctx): string {
  const subject = ctx.query.keywordsRaw || ctx.store.sellerName;
  return `${siteName(ctx.market)} : ${subject}`;
}

/** A results page with tiles. The caller makes sure the page is within the cap and has results. */
export function renderSearchPage(input: SearchPageInput): string {
  const ctx = makeCtx(input);
  const { result, query, pageSize, pageCap } = input;
  const start = (query.page - 1) * pageSize;
  const organic = Array.from(result.items.subarray(start, start + pageSize));
  const lastPage = Math.min(Math.ceil(result.total / pageSize), pageCap);
  const adCount = (): number => (input.store.size >= 4 ? ctx.rng.int(0, 4) : 0);
  const atf = pickSponsored(ctx, organic, adCount());
  const mtf = pickSponsored(ctx, organic, adCount());
  const btf = pickSponsored(ctx, organic, adCount());

  const slots: string[] = [];
  slots.push(brandBanner(ctx));
  slots.push(resultsHeader(ctx));
  for (const l of atf) slots.push(tile(ctx, l, true, 'sp_atf'));
  const firstBlock = Math.min(organic.length, 4);
  organic.slice(0, firstBlock).forEach((l) => slots.push(tile(ctx, l, false, '')));
  slots.push(carousel(ctx));
  const middle = Math.min(organic.length, 10);
  organic.slice(firstBlock, middle).forEach((l) => slots.push(tile(ctx, l, false, '')));
  for (const l of mtf) slots.push(tile(ctx, l, true, 'sp_mtf'));
  organic.slice(middle).forEach((l) => slots.push(tile(ctx, l, false, '')));
  for (const l of btf) slots.push(tile(ctx, l, true, 'sp_btf'));
  if (lastPage > 1) slots.push(paginationWidget(ctx, lastPage));
  return wrap(ctx, titleFor(ctx), slots.join('\n'), true, resultInfoBar(ctx));
}

/** Amazon's "No results for …" page: a message banner, no result tiles (but a carousel of other ASINs). */
export function renderNoResultsPage(
  input: Omit<SearchPageInput, 'store' | 'result'> & { store?: Store },
  subject: string,
): string {
  const ctx = makeCtx({
    ...input,
    store: input.store ?? placeholderStore(),
    result: { total: 0, items: new Int32Array(0), valid: true },
  });
  const s = ctx.market.strings;
  const banner = `<div data-asin="" data-index="${ctx.dataIndex++}" class="a-section a-spacing-none s-result-item s-flex-full-width s-widget"><div cel_widget_id="MAIN-TOP_BANNER_MESSAGE-0" class="s-widget-container s-spacing-small s-widget-container-height-small celwidget slot=MAIN template=TOP_BANNER_MESSAGE widgetId=messaging-messages-no-results"><span data-component-type="s-messaging-widget-no-results" class="rush-component"><div class="a-section a-spacing-none s-messaging-widget-no-results"><div class="a-row"><span class="a-size-medium a-color-base">${esc(s.noResultsFor)}</span><span class="a-size-medium a-color-base a-text-bold">${esc(subject)}</span><span class="a-size-medium a-color-base">.</span></div><div class="a-row"><span class="a-size-medium a-color-base">${esc(s.noResultsHint)}</span></div></div></span></div></div>`;
  return wrap(ctx, `${siteName(ctx.market)} : ${subject}`, banner + '\n' + carousel(ctx), false, '');
}

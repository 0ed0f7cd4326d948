/**
 * Product detail pages (`/dp/<ASIN>`) in the shape of Amazon's desktop detail page: the feature
 * blocks a checker reads (`#productTitle`, `#averageCustomerReviews` with `#acrPopover` and
 * `#acrCustomerReviewText`, `#acBadge_feature_div`, `#zeitgeistBadge_feature_div`,
 * `#corePriceDisplay_desktop_feature_div` with the price to pay, `#availability`, the buy box with
 * the ASIN). A listing without a shown price has no buy box price ("See All Buying Options").
 */
import { formatPrice, priceParts, thousands, type Market } from '../markets.js';
import { BADGE_BEST_SELLER, BADGE_CHOICE, NO_NODE, NO_PRICE, UNRATED, type Store } from '../store.js';
import { esc, footer, navBar, pageHead, siteName } from './common.js';

/** The few words of a detail page that differ by language (English, or Spanish on amazon.com.mx). */
function words(market: Market) {
  const spanish = market.lang.startsWith('es');
  return {
    visitStore: (name: string) => (spanish ? `Visita la tienda de ${name}` : `Visit the ${name} Store`),
    ratings: (n: number) => `${thousands(n)} ${spanish ? 'calificaciones' : n === 1 ? 'rating' : 'ratings'}`,
    inStock: spanish ? 'Disponible.' : 'In Stock',
    buyingOptions: spanish ? 'Ver todas las opciones de compra' : 'See All Buying Options',
    soldBy: spanish ? 'Vendido por' : 'Sold by',
    bestSellerRank: spanish ? 'n.º 1 Más vendido' : '#1 Best Seller',
    inCategory: spanish ? 'en' : 'in',
    addToCart: spanish ? 'Agregar al carrito' : 'Add to Cart',
  };
}

function reviewsBlock(store: Store, market: Market, i: number): string {
  const half = store.halfStars[i];
  if (half === UNRATED) return '';
  const stars = (half / 2).toFixed(1);
  const alt = market.strings.outOfFiveStars(stars);
  const cls = `a-star-${Math.floor(half / 2)}${half % 2 ? '-5' : ''}`;
  return `<div id="averageCustomerReviews_feature_div" class="celwidget" data-feature-name="averageCustomerReviews"><div id="averageCustomerReviews" data-asin="${store.asins[i]}" data-ref="dpx_acr_pop_"><span class="a-declarative" data-action="acrStarsLink-click-metrics"><span id="acrPopover" class="reviewCountTextLinkedHistogram noUnderline" title="${esc(alt)}"><span class="a-declarative" data-action="a-popover"><a href="javascript:void(0)" role="button" class="a-popover-trigger a-declarative"><span class="a-size-base a-color-base">${stars}</span> <i class="a-icon a-icon-star ${cls} cm-cr-review-stars-spacing-big"><span class="a-icon-alt">${esc(alt)}</span></i><i class="a-icon a-icon-popover"></i></a></span></span></span><span class="a-letter-space"></span><span class="a-declarative" data-action="acrLink-click-metrics"><a id="acrCustomerReviewLink" class="a-link-normal" href="#customerReviews"><span id="acrCustomerReviewText" class="a-size-base">${words(market).ratings(store.ratingCounts[i])}</span></a></span></div></div>`;
}

function choiceBlock(store: Store, market: Market, i: number): string {
  if (!(store.badges[i] & BADGE_CHOICE))
    return '<div id="acBadge_feature_div" class="celwidget" data-feature-name="acBadge"></div>';
  const [primary, secondary] = market.strings.amazonsChoice;
  return `<div id="acBadge_feature_div" class="celwidget" data-feature-name="acBadge"><div class="ac-badge-wrapper"><span class="a-declarative" data-action="a-popover"><span class="ac-badge-rectangle"><span class="ac-badge-text-primary ac-white">${esc(primary.trim())}</span> <span class="ac-badge-text-secondary ac-orange">${esc(secondary)}</span></span></span><span class="ac-for-text"> ${esc(market.strings.choiceFor)} <span class="ac-keyword-link"><a href="/s?me=${store.sellerId}">${esc(store.sellerName)}</a></span></span></div></div>`;
}

function bestSellerBlock(store: Store, market: Market, i: number): string {
  if (!(store.badges[i] & BADGE_BEST_SELLER))
    return '<div id="zeitgeistBadge_feature_div" class="celwidget" data-feature-name="zeitgeistBadge"></div>';
  const node = store.nodeOf[i] === NO_NODE ? undefined : store.nodes[store.nodeOf[i]];
  const w = words(market);
  const category = node
    ? `<span class="p13n-best-seller-badge-classification-text"><span class="cat-name">${w.inCategory} <span class="cat-link">${esc(node.name)}</span></span></span>`
    : '';
  return `<div id="zeitgeistBadge_feature_div" class="celwidget" data-feature-name="zeitgeistBadge"><div class="zg-badge-wrapper"><a class="badge-link" href="/gp/bestsellers/${node ? `${node.id}/ref=zg_b_bs_${node.id}_1` : 'ref=zg_b_bs_1'}"><i class="a-icon a-icon-addon p13n-best-seller-badge">${esc(w.bestSellerRank)}</i>${category}</a></div></div>`;
}

function priceBlock(store: Store, market: Market, i: number): string {
  const minor = store.prices[i];
  if (minor === NO_PRICE)
    return `<div id="corePriceDisplay_desktop_feature_div" class="celwidget"></div><div id="buybox-see-all-buying-choices"><a class="a-button-text" href="/gp/offer-listing/${store.asins[i]}">${esc(words(market).buyingOptions)}</a></div>`;
  const shown = formatPrice(market, minor);
  const { whole, fraction } = priceParts(minor);
  return `<div id="corePriceDisplay_desktop_feature_div" class="celwidget" data-feature-name="corePriceDisplay_desktop"><div class="a-section a-spacing-none aok-align-center aok-relative"><span class="aok-offscreen">   ${esc(shown)}   </span><span class="a-price aok-align-center reinventPricePriceToPayMargin priceToPay" data-a-size="xl" data-a-color="base"><span class="a-offscreen">${esc(shown)}</span><span aria-hidden="true"><span class="a-price-symbol">${esc(market.currencySymbol)}</span><span class="a-price-whole">${whole}<span class="a-price-decimal">.</span></span><span class="a-price-fraction">${fraction}</span></span></span></div></div>`;
}

/** The detail page of listing `i` of `store`, as `market` shows it. */
export function renderProductPage(store: Store, market: Market, i: number, requestId: string): string {
  const asin = store.asins[i];
  const title = store.titles[i];
  const w = words(market);
  const center = `<div id="title_feature_div" class="celwidget" data-feature-name="title"><div id="titleSection" class="a-section a-spacing-none"><h1 id="title" class="a-size-large a-spacing-none"><span id="productTitle" class="a-size-large product-title-word-break">        ${esc(title)}       </span></h1></div></div>
<div id="bylineInfo_feature_div" class="celwidget"><div class="a-section a-spacing-none"><a id="bylineInfo" class="a-link-normal" href="/s?me=${store.sellerId}&amp;marketplaceID=${market.marketplaceId}">${esc(w.visitStore(store.sellerName))}</a></div></div>
${reviewsBlock(store, market, i)}${choiceBlock(store, market, i)}${bestSellerBlock(store, market, i)}<hr>${priceBlock(store, market, i)}`;
  const right = `<div id="desktop_buybox" class="celwidget"><div id="availability" class="a-section a-spacing-base"><span class="a-size-medium a-color-success">   ${esc(w.inStock)}   </span><br></div>
<div id="merchantInfoFeature_feature_div" class="celwidget"><span class="a-size-small">${esc(w.soldBy)}</span> <a id="sellerProfileTriggerId" href="/sp?seller=${store.sellerId}">${esc(store.sellerName)}</a></div>
<form id="addToCart" method="post" action="/cart/add-to-cart/ref=dp_start-bbf_1_glance"><input type="hidden" id="ASIN" name="ASIN" value="${asin}"><input type="hidden" name="merchantID" value="${store.sellerId}"><span id="submit.add-to-cart" class="a-button a-spacing-small a-button-primary a-button-icon"><span class="a-button-inner"><input id="add-to-cart-button" name="submit.add-to-cart" title="${esc(w.addToCart)}" class="a-button-input" type="submit" value="${esc(w.addToCart)}"></span></span></form></div>`;
  return `${pageHead(market, `${siteName(market)}: ${title}`, requestId)}
<body class="a-aui_72554-c"><div id="a-page">${navBar(market, '')}
<div id="dp" class="${market.lang.replace('-', '_')}"><div id="dp-container" class="a-container" role="main"><div id="ppd">
<div id="leftCol" class="a-section"><div id="imgTagWrapperId" class="imgTagWrapper"><img alt="${esc(title)}" id="landingImage" src="https://m.media-amazon.com/images/I/${asin}._AC_SL1500_.jpg"></div></div>
<div id="centerCol" class="centerColAlign">${center}</div>
<div id="rightCol" class="rightColAlign">${right}</div>
</div></div></div>
${footer(market)}</div></body></html>`;
}

/** The ASIN of a product path: `/dp/<ASIN>`, `/<slug>/dp/<ASIN>[/ref=…]`, `/gp/product/<ASIN>`. */
export function productAsinOf(path: string): string | undefined {
  const m = /^(?:\/[^/]+)?\/(?:dp|gp\/product)\/([A-Za-z0-9]{10})(?:[/?]|$)/.exec(path);
  return m?.[1].toUpperCase();
}

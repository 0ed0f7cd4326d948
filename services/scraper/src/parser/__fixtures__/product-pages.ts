/**
 * SYNTHETIC product pages, hand-written for tests. They are NOT saved Amazon pages (the shared
 * fixtures hold none): they imitate the feature blocks of Amazon's desktop detail page
 * (`#productTitle`, `#corePriceDisplay_desktop_feature_div` / `#corePrice_feature_div`,
 * `#acrPopover`, `#acrCustomerReviewText`, `#acBadge_feature_div`, `#zeitgeistBadge_feature_div`,
 * `#availability`) in their 2019–2025 variants, and the "page not found" answer.
 */

const page = (
  lang: string,
  title: string,
  centerCol: string,
  rightCol: string,
  asin: string,
) => `<!doctype html>
<!-- SYNTHETIC test page, not captured from Amazon -->
<html lang="${lang}" class="a-no-js"><head><meta charset="utf-8"><title>${title}</title>
<script>var ue_sn = "www.amazon.ca", ue_mid = "A2EUQ1WTGCTBG2";</script></head>
<body><div id="a-page"><div id="dp" class="home_improvement en_CA"><div id="dp-container" class="a-container" role="main">
<div id="ppd"><div id="leftCol"><div id="imgTagWrapperId" class="imgTagWrapper"><img alt="" id="landingImage"></div></div>
<div id="centerCol" class="centerColAlign">${centerCol}</div>
<div id="rightCol">${rightCol}<form id="addToCart" method="post" action="/cart/add-to-cart/ref=dp_start-bbf_1_glance">
<input type="hidden" id="ASIN" name="ASIN" value="${asin}"><input id="add-to-cart-button" type="submit" value="Add to Cart"></form></div></div>
<div id="sp_detail" data-a-carousel-options="{}"><div data-asin="B0OTHER001" class="a-carousel-card">Other product</div></div>
</div></div></div></body></html>`;

const title = (text: string) =>
  `<div id="title_feature_div" class="celwidget"><div id="titleSection" class="a-section a-spacing-none"><h1 id="title" class="a-size-large a-spacing-none"><span id="productTitle" class="a-size-large product-title-word-break">        ${text}       </span></h1></div></div>`;

const reviews = (asin: string, alt: string, count: string) =>
  `<div id="averageCustomerReviews_feature_div" class="celwidget"><div id="averageCustomerReviews" data-asin="${asin}" data-ref="dpx_acr_pop_"><span class="a-declarative"><span id="acrPopover" class="reviewCountTextLinkedHistogram noUnderline" title="${alt}"><span class="a-declarative"><a href="javascript:void(0)" role="button" class="a-popover-trigger a-declarative"><span class="a-size-base a-color-base">${alt.split(' ')[0]}</span> <i class="a-icon a-icon-star a-star-4-5 cm-cr-review-stars-spacing-big"><span class="a-icon-alt">${alt}</span></i><i class="a-icon a-icon-popover"></i></a></span></span></span><span class="a-letter-space"></span><a id="acrCustomerReviewLink" class="a-link-normal" href="#customerReviews"><span id="acrCustomerReviewText" class="a-size-base">${count}</span></a></div></div>`;

const corePrice = (shown: string, symbol: string, whole: string, fraction: string) =>
  `<div id="corePriceDisplay_desktop_feature_div" class="celwidget" data-feature-name="corePriceDisplay_desktop"><div class="a-section a-spacing-none aok-align-center aok-relative"><span class="aok-offscreen">   ${shown}   </span><span class="a-price aok-align-center reinventPricePriceToPayMargin priceToPay" data-a-size="xl" data-a-color="base"><span class="a-offscreen">${shown}</span><span aria-hidden="true"><span class="a-price-symbol">${symbol}</span><span class="a-price-whole">${whole}<span class="a-price-decimal">.</span></span><span class="a-price-fraction">${fraction}</span></span></span></div>
<div class="a-section a-spacing-small aok-align-center"><span class="a-size-small a-color-secondary aok-align-center basisPrice">List Price: <span class="a-price a-text-price" data-a-size="s" data-a-strike="true" data-a-color="secondary"><span class="a-offscreen">${symbol}999.99</span></span></span></div></div>`;

/** SYNTHETIC (2024 layout, amazon.ca): sold, $139.99, 4.5 stars from 1,234 ratings, Amazon's Choice, #1 Best Seller. */
export const SYNTHETIC_PRODUCT_CA = page(
  'en-CA',
  'Amazon.ca: Coleman Sundome 6-Person Tent : Sports &amp; Outdoors',
  `${title('Coleman Sundome 6-Person Dome Tent with Rainfly, Green')}
<div id="bylineInfo_feature_div"><a id="bylineInfo" class="a-link-normal" href="/stores/Coleman/page/1">Visit the Coleman Store</a></div>
${reviews('B00ABCDEFG', '4.5 out of 5 stars', '1,234 ratings')}
<div id="acBadge_feature_div" class="celwidget" data-feature-name="acBadge"><div class="ac-badge-wrapper"><span class="a-declarative"><span class="ac-badge-rectangle"><span class="ac-badge-text-primary ac-white">Amazon's</span> <span class="ac-badge-text-secondary ac-orange">Choice</span></span></span><span class="ac-for-text"> for "<span class="ac-keyword-link"><a href="/s?k=6+person+tent">6 person tent</a></span>"</span></div></div>
<div id="zeitgeistBadge_feature_div" class="celwidget"><div class="zg-badge-wrapper"><a class="badge-link" href="/gp/bestsellers/sporting-goods/2439470011/ref=zg_b_bs_2439470011_1" title="Dome Tents"><i class="a-icon a-icon-addon p13n-best-seller-badge">#1 Best Seller</i><span class="p13n-best-seller-badge-classification-text"><span class="cat-name">in <span class="cat-link">Dome Tents</span></span></span></a></div></div>
<hr>${corePrice('$139.99', '$', '139', '99')}`,
  `<div id="availability" class="a-section a-spacing-base"><span class="a-size-medium a-color-success">   In Stock   </span><br></div>`,
  'B00ABCDEFG',
);

/** SYNTHETIC (2025 layout, amazon.com.mx, Spanish): sold, $1,299.00 MXN, no rating, no badges, badge blocks empty. */
export const SYNTHETIC_PRODUCT_MX = page(
  'es-MX',
  'Amazon.com.mx: Lámpara de escritorio LED',
  `${title('Lámpara de escritorio LED con puerto USB, regulable')}
<div id="acBadge_feature_div" class="celwidget" data-feature-name="acBadge"></div>
<div id="zeitgeistBadge_feature_div" class="celwidget" data-feature-name="zeitgeistBadge"></div>
<div id="corePrice_feature_div" class="celwidget"><div class="a-section a-spacing-micro"><span class="a-price a-text-price a-size-medium apexPriceToPay" data-a-size="b" data-a-color="price"><span class="a-offscreen">$1,299.00</span><span aria-hidden="true">$1,299.00</span></span></div></div>`,
  `<div id="availability" class="a-section a-spacing-base"><span class="a-size-medium a-color-success">Disponible.</span></div>`,
  'B0MXLAMP01',
);

/** SYNTHETIC (amazon.ae): sold, "AED 1,049.00", 4.0 stars in the popover title only, Amazon's Choice in the 2025 a-badge markup. */
export const SYNTHETIC_PRODUCT_AE = page(
  'en-AE',
  'Amazon.ae: Air Fryer 5.5L',
  `${title('Air Fryer 5.5L Digital, 1700W')}
<div id="averageCustomerReviews"><span id="acrPopover" class="reviewCountTextLinkedHistogram noUnderline" title="4.0 out of 5 stars"></span><span id="acrCustomerReviewText" class="a-size-base">87 ratings</span></div>
<div id="acBadge_feature_div"><span id="B0AEFRYER1-amazons-choice" class="a-badge"><span class="a-badge-label"><span class="a-badge-label-inner"><span class="a-badge-text">Amazon's </span><span class="a-badge-text">Choice</span></span></span></span></div>
${corePrice('AED 1,049.00', 'AED', '1,049', '00')}`,
  `<div id="availability"><span class="a-size-medium a-color-success">Only 3 left in stock.</span></div>`,
  'B0AEFRYER1',
);

/** SYNTHETIC (amazon.co.uk): the product exists but is "Currently unavailable" (no buy box, no price). */
export const SYNTHETIC_PRODUCT_UNAVAILABLE = page(
  'en-GB',
  'Amazon.co.uk: Garden Hose Reel',
  `${title('Garden Hose Reel with 30m Hose')}
${reviews('B0UKHOSE01', '3.5 out of 5 stars', '12 ratings')}
<div id="acBadge_feature_div"></div><div id="zeitgeistBadge_feature_div"></div>`,
  `<div id="outOfStock" class="a-box a-alert-inline"><div id="availability" class="a-section a-spacing-none"><span class="a-size-medium a-color-price">Currently unavailable.</span><br><span class="a-size-base">We don't know when or if this item will be back in stock.</span></div></div>`,
  'B0UKHOSE01',
);

/** SYNTHETIC (2019 layout): the price in `#priceblock_ourprice`, no availability block. */
export const SYNTHETIC_PRODUCT_2019 = page(
  'en-CA',
  'Amazon.ca: Book',
  `${title('A Field Guide to Birds')}
<div id="price"><table class="a-lineitem"><tr><td class="a-color-secondary">Price:</td><td><span id="priceblock_ourprice" class="a-size-medium a-color-price">CDN$ 24.95</span></td></tr></table></div>`,
  '',
  '0123456789',
);

/** SYNTHETIC: Amazon's "page not found" for an ASIN the market does not sell (served with HTTP 404). */
export const SYNTHETIC_PRODUCT_NOT_FOUND = `<!DOCTYPE html>
<!-- SYNTHETIC test page, not captured from Amazon -->
<html><head><meta charset="utf-8"><title>Page Not Found</title></head><body>
<a href="/ref=cs_404_logo"><img src="https://images-na.ssl-images-amazon.com/images/G/01/error/logo._TTD_.png" alt="Amazon.ca"></a>
<div id="g"><div><a href="/ref=cs_404_link"><img src="https://images-na.ssl-images-amazon.com/images/G/01/error/title._TTD_.png" alt="Sorry! We couldn't find that page. Try searching or go to Amazon.ca's home page."></a></div>
<a href="/dogsofamazon/ref=cs_404_d"><img id="d" alt="Dogs of Amazon" src="https://images-na.ssl-images-amazon.com/images/G/01/error/2._TTD_.jpg"></a></div>
</body></html>`;

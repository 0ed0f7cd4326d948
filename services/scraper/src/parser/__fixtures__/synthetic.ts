/**
 * SYNTHETIC pages, hand-written for tests. They are NOT saved Amazon pages: they imitate the
 * markup of the saved pages (../shared/fixtures/amazon-pages) for cases those do not cover (2025 button captcha, page-not-found, no-results, empty block, edge cases of tiles).
 */

const chrome = (body: string, title = 'Amazon.com : test') => `<!DOCTYPE html>
<!-- SYNTHETIC test page, not captured from Amazon -->
<html lang="en-us"><head><meta charset="utf-8"><title>${title}</title>
<script>var ue_sn = "www.amazon.com", ue_mid = "ATVPDKIKX0DER";</script></head>
<body><div id="navbar"><a href="/ref=nav_logo">Amazon</a><input id="twotabsearchtextbox" name="field-keywords"></div>
${body}
<div id="navFooter"><a href="/gp/help/customer/display.html">Help</a></div></body></html>`;

/** SYNTHETIC: the 2025 captcha without an image ("Click the button below to continue shopping"). */
export const SYNTHETIC_CAPTCHA_2025 = `<!DOCTYPE html>
<!-- SYNTHETIC test page, not captured from Amazon -->
<html lang="en-us"><head><title dir="ltr">Amazon.com</title></head><body>
<div class="a-container a-padding-double-large">
  <div class="a-box a-alert a-alert-info a-spacing-base"><div class="a-box-inner">
    <h4>Click the button below to continue shopping</h4></div></div>
  <form method="get" action="/errors/validateCaptcha" name="">
    <input type=hidden name="amzn" value="abc" /><input type=hidden name="amzn-r" value="&#047;" />
    <input type=hidden name="field-keywords" value="XKCDQ" />
    <span class="a-button a-button-primary a-span12"><span class="a-button-inner">
      <button type="submit" class="a-button-text" alt="Continue shopping">Continue shopping</button></span></span>
  </form>
</div></body></html>`;

/** SYNTHETIC: the same 2025 wording with the form stripped (only the text left). */
export const SYNTHETIC_CAPTCHA_TEXT_ONLY = chrome(
  '<div class="a-section"><h4>Click the button below to continue shopping</h4><button>Continue shopping</button></div>',
);

/** SYNTHETIC: Amazon's "page not found" page served with HTTP 200 (soft 404). */
export const SYNTHETIC_SOFT_404 = `<!DOCTYPE html>
<!-- SYNTHETIC test page, not captured from Amazon -->
<html><head><title>Page Not Found</title></head><body>
<a href="/ref=cs_404_logo"><img src="https://images-na.ssl-images-amazon.com/images/G/01/error/logo._TTD_.png" alt="Amazon.com"></a>
<table><tr><td><b class="h1">Looking for something?</b><br>
We're sorry. The Web address you entered is not a functioning page on our site.<br><br>
<a href="/ref=cs_404_link">Click here to go back to the Amazon home page</a></td></tr></table>
<a href="/dogsofamazon/ref=cs_404_d"><img alt="Dogs of Amazon" src="https://images-na.ssl-images-amazon.com/images/G/01/error/23._TTD_.jpg"></a>
</body></html>`;

/** SYNTHETIC: the same page without the cs_404 links and title, only the text. */
export const SYNTHETIC_SOFT_404_TEXT_ONLY = chrome(
  "<div><b>Looking for something?</b> We're sorry. The Web address you entered is not a functioning page on our site.</div>",
);

/** SYNTHETIC: a genuine "no results" answer, with a recommendation carousel that carries ASINs. */
export const SYNTHETIC_NO_RESULTS = chrome(`
<div class="s-main-slot s-result-list">
  <div data-asin="" data-index="0" class="s-result-item s-widget">
    <span cel_widget_id="MAIN-TOP_BANNER_MESSAGE-0" class="celwidget">
      <div class="a-section a-spacing-none"><span>No results for </span><span class="a-color-state a-text-bold">"zzqxv gadget"</span>.</div>
      <div class="a-row">Try checking your spelling or use more general terms</div>
    </span>
  </div>
  <div data-asin="" data-index="1" class="s-result-item s-widget">
    <div data-component-type="s-searchgrid-carousel">
      <div data-asin="B0AAAAAAA1" class="a-carousel-card"><span>Recommended 1</span></div>
      <div data-asin="B0AAAAAAA2" class="a-carousel-card"><span>Recommended 2</span></div>
    </div>
  </div>
</div>`);

/** SYNTHETIC: a German "no results" page (2019 wording) for the language coverage. */
export const SYNTHETIC_NO_RESULTS_DE = chrome(
  '<div id="noResultsTitle">Keine Ergebnisse für <span>"zzqxv"</span>.</div>',
  'Amazon.de: zzqxv',
);

/** SYNTHETIC: a results page skeleton with placeholders only and no "no results" message (a block). */
export const SYNTHETIC_EMPTY_BLOCK = chrome(`
<div class="s-main-slot s-result-list">
  <div data-asin="" data-index="0" class="s-result-item s-widget"><span>Results</span></div>
  <div data-asin="" data-index="1" class="s-result-item s-widget"></div>
  <div data-asin="" data-component-type="s-search-result" class="s-result-item"></div>
</div>`);

const tile = (asin: string, inner: string, extraClass = '') =>
  `<div role="listitem" data-asin="${asin}" data-index="x" data-component-type="s-search-result" class="s-result-item s-asin ${extraClass}">
  <div class="puis-card-container">${inner}</div></div>`;

const organicInner = (title: string, price = '$10.00') =>
  `<h2 class="a-size-medium"><a href="/dp/x"><span>${title}</span></a></h2>
   <i class="a-icon a-icon-star-small a-star-small-4"><span class="a-icon-alt">4.0 out of 5 stars</span></i>
   <span class="a-price"><span class="a-offscreen">${price}</span></span>`;

/**
 * SYNTHETIC: one page exercising every tile rule: AdHolder, label-only sponsorship, a tile whose
 * only marker is an /sspa/click link, a "Featured from Amazon brands" label, an organic repeat,
 * placeholders, a malformed ASIN, an ISBN ending in X, a carousel outside the tiles, and a
 * disabled Next button (last page). Expected organic order:
 * B0ORGANIC1, 030640615X, B0ORGANIC2, B0ORGANIC3.
 */
export const SYNTHETIC_EDGE_TILES = chrome(`
<span data-component-type="s-result-info-bar"><h2><span>97-100 of 100 results for</span><span> </span><span class="a-color-state">"widget 2000"</span></h2></span>
<div class="s-main-slot s-result-list">
  ${tile('B0SPONSOR1', organicInner('Ad by class'), 'AdHolder')}
  ${tile('B0ORGANIC1', organicInner('First organic', 'CDN$ 1,234.50'))}
  ${tile('', '<span>placeholder</span>')}
  ${tile('B0SPONSOR2', '<span class="puis-sponsored-label-text"><span>Sponsored</span></span>' + organicInner('Ad by label'))}
  ${tile('030640615X', organicInner('A book'))}
  ${tile('B0ORGANIC1', organicInner('First organic again'))}
  ${tile('B0SPONSOR3', '<a href="/sspa/click?ie=UTF8&spc=x">x</a>' + organicInner('Ad by link'))}
  ${tile('B0ORGANIC2', '<span class="puis-sponsored-label-text"><span>Featured from Amazon brands</span></span>' + organicInner('Featured'))}
  ${tile('b0lower001', organicInner('Malformed asin'))}
  <div data-asin="" data-index="9" class="s-result-item s-widget">
    <div data-component-type="s-searchgrid-carousel"><div data-asin="B0CAROUSL1"><span>Carousel</span></div></div>
  </div>
  ${tile('B0ORGANIC2', organicInner('Organic after featured'))}
  ${tile('B0ORGANIC3', organicInner('Third', '1.299,00 €'))}
</div>
<div class="s-pagination-container"><span class="s-pagination-strip">
  <a href="/s?k=widget&page=6" class="s-pagination-item s-pagination-previous s-pagination-button">Previous</a>
  <a href="/s?k=widget&page=1" class="s-pagination-item s-pagination-button">1</a>
  <span class="s-pagination-item s-pagination-ellipsis">...</span>
  <a href="/s?k=widget&page=6" class="s-pagination-item s-pagination-button">6</a>
  <span class="s-pagination-item s-pagination-selected">7</span>
  <span class="s-pagination-item s-pagination-next s-pagination-disabled">Next</span>
</span></div>`);

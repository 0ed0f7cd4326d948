/** Block pages (captcha, 503), the seller profile and the 404 page, in the shapes of the real ones. */
import type { Market } from '../markets.js';
import type { Store } from '../store.js';
import { esc, footer, navBar, pageHead, siteName } from './common.js';

/** The classic image captcha (shared/fixtures/amazon-pages/com_captcha_1.html, uk_captcha_1.html). */
export function renderCaptchaPage(
  market: Market,
  returnTo: string,
  requestId: string,
  token: string,
): string {
  const tld = market.domain.slice('amazon.'.length);
  return `<!DOCTYPE html>
<!--[if lt IE 7]> <html lang="${market.lang}" class="a-no-js a-lt-ie9 a-lt-ie8 a-lt-ie7"> <![endif]-->
<!--[if IE 7]>    <html lang="${market.lang}" class="a-no-js a-lt-ie9 a-lt-ie8"> <![endif]-->
<!--[if IE 8]>    <html lang="${market.lang}" class="a-no-js a-lt-ie9"> <![endif]-->
<!--[if gt IE 8]><!-->
<html class="a-no-js" lang="${market.lang}"><!--<![endif]--><head>
<meta http-equiv="content-type" content="text/html; charset=UTF-8">
<meta charset="utf-8">
<meta http-equiv="X-UA-Compatible" content="IE=edge,chrome=1">
<title dir="ltr">${esc(siteName(market))}</title>
<meta name="viewport" content="width=device-width">
<link rel="stylesheet" href="https://images-na.ssl-images-amazon.com/images/G/01/AUIClients/AmazonUI-3c913031596ca78a3768f4e934b1cc02ce238101.secure.min._V1_.css">
<script>

if (true === true) {
    var ue_t0 = (+ new Date()),
        ue_csm = window,
        ue = { t0: ue_t0, d: function() { return (+new Date() - ue_t0); } },
        ue_furl = "fls-na.${market.domain}",
        ue_mid = "${market.marketplaceId}",
        ue_sid = (document.cookie.match(/session-id=([0-9-]+)/) || [])[1],
        ue_sn = "opfcaptcha.amazon.${tld}",
        ue_id = '${requestId}';
}
</script>
</head>
<body>

<!--
        To discuss automated access to Amazon data please contact api-services-support@amazon.com.
        For information about migrating to our APIs refer to our Marketplace APIs at https://developer.amazonservices.com/ref=rm_c_sv, or our Product Advertising API at https://affiliate-program.amazon.com/gp/advertising/api/detail/main.html/ref=rm_c_ac for advertising use cases.
-->

<!--
Correios.DoNotSend
-->

<div class="a-container a-padding-double-large" style="min-width:350px;padding:44px 0 !important">

    <div class="a-row a-spacing-double-large" style="width: 350px; margin: 0 auto">

        <div class="a-row a-spacing-medium a-text-center"><i class="a-icon a-logo"></i></div>

        <div class="a-box a-alert a-alert-info a-spacing-base">
            <div class="a-box-inner">
                <i class="a-icon a-icon-alert"></i>
                <h4>Enter the characters you see below</h4>
                <p class="a-last">Sorry, we just need to make sure you're not a robot. For best results, please make sure your browser is accepting cookies.</p>
                </div>
            </div>

            <div class="a-section">

                <div class="a-box a-color-offset-background">
                    <div class="a-box-inner a-padding-extra-large">

                        <form method="get" action="/errors/validateCaptcha" name="">
                            <input type=hidden name="amzn" value="${esc(token)}" /><input type=hidden name="amzn-r" value="${esc(returnTo)}" />
                            <div class="a-row a-spacing-large">
                                <div class="a-box">
                                    <div class="a-box-inner">
                                        <h4>Type the characters you see in this image:</h4>
                                        <div class="a-row a-text-center">
                                            <img src="https://images-na.ssl-images-amazon.com/captcha/cdkxpfei/Captcha_${esc(
                                              token
                                                .slice(0, 10)
                                                .toLowerCase()
                                                .replace(/[^a-z]/g, 'q'),
                                            )}.jpg">
                                        </div>
                                        <div class="a-row a-spacing-base">
                                            <div class="a-row">
                                                <div class="a-column a-span6">
                                                </div>
                                                <div class="a-column a-span6 a-span-last a-text-right">
                                                    <a onclick="window.location.reload()">Try different image</a>
                                                </div>
                                            </div>
                                            <input autocomplete="off" spellcheck="false" placeholder="Type characters" id="captchacharacters" name="field-keywords" class="a-span12" autocapitalize="off" autocorrect="off" type="text">
                                        </div>
                                    </div>
                                </div>
                            </div>

                            <div class="a-section a-spacing-extra-large">

                                <div class="a-row">
                                    <span class="a-button a-button-primary a-span12">
                                        <span class="a-button-inner">
                                            <button type="submit" class="a-button-text">Continue shopping</button>
                                        </span>
                                    </span>
                                </div>

                            </div>
                        </form>

                    </div>
                </div>

            </div>

        </div>

        <div class="a-divider a-divider-section"><div class="a-divider-inner"></div></div>

        <div class="a-text-center a-spacing-small a-size-mini">
            <a href="https://www.${market.domain}/gp/help/customer/display.html/ref=footer_cou?ie=UTF8&nodeId=508088">Conditions of Use</a>
            <span class="a-letter-space"></span>
            <span class="a-letter-space"></span>
            <a href="https://www.${market.domain}/gp/help/customer/display.html/ref=footer_privacy?ie=UTF8&nodeId=468496">Privacy Policy</a>
        </div>
        <div class="a-text-center a-size-mini a-color-secondary">
          &copy; 1996-2025, ${esc(siteName(market))}, Inc. or its affiliates
        </div>
    </div>
</body></html>`;
}

/** The "Sorry! Something went wrong!" dogs page served with HTTP 503 (com_503_1.html). */
export function render503Page(market: Market): string {
  return `<!DOCTYPE html><html><head>
  <meta charset="utf-8">
  <meta http-equiv="x-ua-compatible" content="ie=edge">
  <meta name="viewport" content="width=device-width, initial-scale=1, shrink-to-fit=no">
  <title>Sorry! Something went wrong!</title>
  <style>
  html, body { padding: 0; margin: 0 }
  img { border: 0 }
  #a { background: #232f3e; padding: 11px 11px 11px 192px }
  #b { position: absolute; left: 22px; top: 12px }
  #c { position: relative; max-width: 800px; padding: 0 40px 0 0 }
  #e, #f { height: 35px; border: 0; font-size: 1em }
  #e { width: 100%; margin: 0; padding: 0 10px; border-radius: 4px 0 0 4px }
  #f { cursor: pointer; background: #febd69; font-weight: bold; border-radius: 0 4px 4px 0; -webkit-appearance: none; position: absolute; top: 0; right: 0; padding: 0 12px }
  #g { text-align: center; margin: 30px 0 }
  #g img { max-width: 90% }
  #d { display: none }
  #d[src] { display: inline }
  </style>
</head>
<body>
    <a href="/ref=cs_503_logo"><img id="b" src="https://images-na.ssl-images-amazon.com/images/G/01/error/logo._TTD_.png" alt="${esc(siteName(market))}"></a>
    <form id="a" accept-charset="utf-8" action="/s" method="GET" role="search">
        <div id="c">
            <input id="e" name="field-keywords" placeholder="Search">
            <input name="ref" type="hidden" value="cs_503_search">
            <input id="f" type="submit" value="Go">
        </div>
    </form>
<div id="g">
  <div><a href="/ref=cs_503_link"><img src="https://images-na.ssl-images-amazon.com/images/G/01/error/500_503.png" alt="Sorry! Something went wrong on our end. Please go back and try again or go to Amazon's home page."></a>
  </div>
  <a href="/dogsofamazon/ref=cs_503_d" target="_blank" rel="noopener noreferrer"><img id="d" alt="Dogs of Amazon" src="https://images-na.ssl-images-amazon.com/images/G/01/error/14._TTD_.jpg"></a>
  <script>document.getElementById("d").src = "https://images-na.ssl-images-amazon.com/images/G/01/error/" + (Math.floor(Math.random() * 43) + 1) + "._TTD_.jpg";</script>
</div>


</body></html>`;
}

/** Amazon's 404 ("Sorry! We couldn't find that page") with the dog. */
export function render404Page(market: Market): string {
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Page Not Found</title></head><body>
<a href="/ref=cs_404_logo"><img src="https://images-na.ssl-images-amazon.com/images/G/01/error/logo._TTD_.png" alt="${esc(siteName(market))}"></a>
<div id="g"><div><a href="/ref=cs_404_link"><img src="https://images-na.ssl-images-amazon.com/images/G/01/error/title._TTD_.png" alt="Sorry! We couldn't find that page. Try searching or go to ${esc(siteName(market))}'s home page."></a></div>
<a href="/dogsofamazon/ref=cs_404_d"><img id="d" alt="Dogs of Amazon" src="https://images-na.ssl-images-amazon.com/images/G/01/error/2._TTD_.jpg"></a></div>
</body></html>`;
}

/** A simple `/sp?seller=` profile page linking to the storefront. */
export function renderSellerProfile(market: Market, store: Store, requestId: string): string {
  const storefront = `/s?me=${store.sellerId}&marketplaceID=${market.marketplaceId}`;
  const rating = 80 + (store.size % 20);
  return `${pageHead(market, `${siteName(market)} Seller Profile: ${store.sellerName}`, requestId)}
<body class="a-aui_72554-c"><div id="a-page">${navBar(market, '')}
<div id="seller-profile-container" class="a-section a-spacing-none">
<div class="a-row a-spacing-medium"><h1 id="seller-name" class="a-size-extra-large a-text-bold">${esc(store.sellerName)}</h1>
<div id="seller-info-feedback-summary"><span class="a-icon-alt">${(rating / 20).toFixed(1)} out of 5 stars</span> <a class="a-link-normal feedback-detail-description" href="#">${rating}% positive in the last 12 months (${store.size * 3} ratings)</a></div></div>
<div id="storefront-link" class="a-row a-spacing-medium"><a id="seller-info-storefront-link" class="a-link-normal" href="${esc(storefront)}">${esc(market.strings.visitStorefront)}</a></div>
<div id="page-section-detail-seller-info" class="a-box a-spacing-medium"><div class="a-box-inner"><h3>Detailed Seller Information</h3>
<div class="a-row a-spacing-none"><span class="a-text-bold">Business Name:</span><span>${esc(store.sellerName)} Ltd.</span></div>
<div class="a-row a-spacing-none"><span class="a-text-bold">Seller ID:</span><span>${store.sellerId}</span></div></div></div>
</div>
${footer(market)}</div></body></html>`;
}

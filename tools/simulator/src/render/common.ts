/** Shared page chrome in the shape of Amazon's 2025 desktop pages (head, nav bar with delivery location, footer). */
import type { Market } from '../markets.js';

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function esc(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => ESC[c]);
}

/** The `Amazon.ca` style name used in titles and alt texts. */
export function siteName(market: Market): string {
  return 'Amazon.' + market.domain.slice('amazon.'.length);
}

export function pageHead(market: Market, title: string, requestId: string): string {
  return `<!doctype html><html lang="${market.lang}" class="a-no-js" data-19ax5a9jf="dingo"><!-- sp:feature:head-start -->
<head><script>var aPageStart = (new Date()).getTime();</script><meta charset="utf-8"/>
<!-- sp:end-feature:head-start -->
<script type='text/javascript'>var ue_t0=ue_t0||+new Date();</script>
<script type='text/javascript'>
window.ue_ihb = (window.ue_ihb || window.ueinit || 0) + 1;
if (window.ue_ihb === 1) {
var ue_csm = window,
    ue_hob = +new Date();
(function(d){var e=d.ue=d.ue||{},f=Date.now||function(){return+new Date};e.d=function(b){return f()-(b?0:d.ue_t0)};e.stub=function(b,a){if(!b[a]){var c=[];b[a]=function(){c.push([c.slice.call(arguments),e.d(),d.ue_id])};b[a].replay=function(b){for(var a;a=c.shift();)b(a[0],a[1],a[2])};b[a].isStub=1}};e.exec=function(b,a){return function(){try{return b.apply(this,arguments)}catch(c){ueLogError(c,{attribution:a||"undefined",logLevel:"WARN"})}}}})(ue_csm);
var ue_err_chan = 'jserr-rw';
var ue_id = '${requestId}',
    ue_url = '/rd/uedata',
    ue_navtiming = 1,
    ue_mid = '${market.marketplaceId}',
    ue_sid = '141-1752362-1018344',
    ue_sn = 'www.${market.domain}',
    ue_furl = 'fls-na.${market.domain}',
    ue_surl = 'https://unagi-na.amazon.com/1/events/com.amazon.csm.nexusclient.prod',
    ue_int = 0,
    ue_fcsn = 1,
    ue_urt = 3,
    ue_rpl_ns = 'cel-rpl',
    ue_ddq = 1,
    ue_fpf = '//fls-na.${market.domain}/1/batch/1/OP/${market.marketplaceId}:141-1752362-1018344:${requestId}$uedata=s:',
    ue_sbuimp = 1;
}
</script>
<title>${esc(title)}</title>
<link rel="stylesheet" href="https://m.media-amazon.com/images/I/11EIQ5IGqaL._RC|01e5ncglxyL.css,01lF2n-pPaL.css_.css?AUIClients/AmazonUI"/>
<meta name="viewport" content="width=device-width, maximum-scale=1, minimum-scale=1, initial-scale=1, user-scalable=no, shrink-to-fit=no"/>
</head>`;
}

export function navBar(market: Market, keywords: string): string {
  return `<header id="navbar-main" class="nav-opt-sprite nav-flex nav-locale-${market.lang.split('-')[1]} nav-lang-en nav-ssl nav-unrec nav-progressive-attribute" aria-label="Primary">
<div id="navbar" cel_widget_id="Navigation-desktop-navbar" role="navigation" class="nav-sprite-v1 celwidget nav-bluebeacon nav-a11y-t1 bold-focus-hover layout2 nav-flex layout3 layout3-alt nav-packard-glow hamburger nav-progressive-attribute using-mouse">
<div id="nav-belt"><div class="nav-left"><div id="nav-logo"><a href="/ref=nav_logo" id="nav-logo-sprites" class="nav-logo-link nav-progressive-attribute" aria-label="${esc(siteName(market))}"><span class="nav-sprite nav-logo-base"></span><span id="logo-ext" class="nav-sprite nav-logo-ext nav-progressive-content"></span><span class="nav-logo-locale">.${esc(market.domain.slice('amazon.'.length))}</span></a></div>
<div id="nav-global-location-slot"><span id="nav-global-location-data-modal-action" class="a-declarative nav-progressive-attribute" data-a-modal='{"width":375,"closeButton":"true","popoverLabel":"Choose your location","ajaxHeaders":{"anti-csrftoken-a2z":""},"name":"glow-modal","url":"/portal-migration/hz/glow/get-rendered-address-selections?deviceType=desktop&pageType=Search&storeContext=NoStoreName&actionSource=desktop-modal","footer":"","header":"Choose your location"}' data-action="a-modal"><a id="nav-global-location-popover-link" role="button" tabindex="0" class="nav-a nav-a-2 a-popover-trigger a-declarative nav-progressive-attribute" href=""><div class="nav-sprite nav-progressive-attribute" id="nav-packard-glow-loc-icon"></div><div id="glow-ingress-block"><span class="nav-line-1 nav-progressive-content" id="glow-ingress-line1">Deliver to</span><span class="nav-line-2 nav-progressive-content" id="glow-ingress-line2">${esc(market.deliveryCity)}</span></div></a></span><input data-addnewaddress="add-new" id="unifiedLocation1ClickAddress" name="dropdown-selection" type="hidden" value="add-new" class="nav-progressive-attribute"/></div></div>
<div class="nav-fill" id="nav-fill-search"><div id="nav-search"><form id="nav-search-bar-form" accept-charset="utf-8" action="/s/ref=nb_sb_noss" class="nav-searchbar nav-progressive-attribute" method="GET" name="site-search" role="search"><div class="nav-fill"><div class="nav-search-field "><input type="text" id="twotabsearchtextbox" value="${esc(keywords)}" name="field-keywords" autocomplete="off" placeholder="Search ${esc(siteName(market))}" class="nav-input nav-progressive-attribute" dir="auto" tabindex="0" aria-label="Search ${esc(siteName(market))}" spellcheck="false"></div></div><div class="nav-right"><div class="nav-search-submit nav-sprite"><span id="nav-search-submit-text" class="nav-search-submit-text nav-sprite nav-progressive-attribute" aria-label="Go"><input id="nav-search-submit-button" type="submit" class="nav-input nav-progressive-attribute" value="Go" tabindex="0"></span></div></div></form></div></div>
</div></div></header>`;
}

export function footer(market: Market): string {
  return `<div id="navFooter" class="navLeftFooter nav-sprite-v1" role="contentinfo" aria-label="More on ${esc(siteName(market))}"><div class="navFooterLine navFooterLinkLine navFooterPadItemLine"><ul><li><a href="/gp/help/customer/display.html?nodeId=508088&amp;ref_=footer_cou" class="nav_a">Conditions of Use</a></li><li><a href="/gp/help/customer/display.html?nodeId=468496&amp;ref_=footer_privacy" class="nav_a">Privacy Notice</a></li></ul><span>© 1996-2025, ${esc(siteName(market))}, Inc. or its affiliates</span></div></div>`;
}

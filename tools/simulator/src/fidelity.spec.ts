/**
 * The simulated pages must carry the same structural markers as the real saved Amazon pages, so a parser
 * written against the fixtures works on the simulator and the other way round.
 */
import * as cheerio from 'cheerio';
import fs from 'node:fs';
import path from 'node:path';
import { getMarket } from './markets.js';
import { evaluate, parseSearchQuery } from './query.js';
import { render503Page, renderCaptchaPage } from './render/pages.js';
import { renderSearchPage } from './render/search.js';
import { createStore } from './store.js';

// `<repoRoot>/../shared`, or SHELFSCAN_SHARED_DIR (as the scraper's tests).
const shared = process.env.SHELFSCAN_SHARED_DIR ?? path.resolve(__dirname, '../../..', '../shared');
const fixtures = path.resolve(shared, 'fixtures/amazon-pages');
const load = (name: string): cheerio.CheerioAPI =>
  cheerio.load(fs.readFileSync(path.join(fixtures, name), 'utf8'));

const store = createStore({ seed: 'fidelity', size: 3000 });
function simulated(qs: string): cheerio.CheerioAPI {
  const query = parseSearchQuery(new URLSearchParams(qs));
  const result = evaluate(store, query, 112);
  return cheerio.load(
    renderSearchPage({ store, market: store.market, query, result, pageSize: 16, pageCap: 7 }),
  );
}

const RESULT_PAGE_SELECTORS = [
  '#search',
  'span[data-component-type="s-result-info-bar"] [cel_widget_id^="UPPER-RESULT_INFO_BAR"] h2',
  'form[action="/s"] select#s-result-sort-select',
  'span[data-component-type="s-search-results"] div.s-main-slot.s-result-list',
  'div.s-main-slot > div[data-component-type="s-search-result"][data-asin][data-index]',
  'div[data-component-type="s-search-result"].s-result-item.s-asin',
  'div[data-component-type="s-search-result"] a.a-link-normal > h2 > span',
  'div[data-component-type="s-search-result"] span.a-price > span.a-offscreen',
  'div[data-component-type="s-search-result"] i.a-icon-star-small span.a-icon-alt',
  'div[data-component-type="s-search-result"].AdHolder a.puis-sponsored-label-text',
  'div[data-component-type="s-search-result"].AdHolder a[href^="/sspa/click?"]',
  'div.s-main-slot > [data-asin=""]',
  'div.s-main-slot > .AdHolder[data-asin=""]',
  '[cel_widget_id^="MAIN-FEATURED_ASINS_LIST"] .s-result-item[data-asin]',
  '[cel_widget_id^="MAIN-PAGINATION"] span.s-pagination-strip',
  'span.s-pagination-strip span.s-pagination-item.s-pagination-selected',
  'span.s-pagination-strip a.s-pagination-item.s-pagination-button',
  'span.s-pagination-strip span.s-pagination-ellipsis',
  'span.s-pagination-strip span.s-pagination-item.s-pagination-disabled',
  'span.s-pagination-strip a.s-pagination-next',
  '#s-refinements #departments li[id^="n/"] a.s-navigation-item[href*="rh=n%3A"]',
  '#s-refinements #reviewsRefinements li[id^="p_72/"] a[href*="p_72%3A"]',
  '#glow-ingress-line2',
];

describe('structural fidelity with the real pages', () => {
  const real = ['ca_search_1.html', 'ca_search_4.html'].map(load);
  const sim = [simulated(`me=${store.sellerId}`), simulated(`me=${store.sellerId}&page=2`)];

  it.each(RESULT_PAGE_SELECTORS)('%s matches in the real pages and in simulated pages', (selector) => {
    for (const $ of real) expect($(selector).length).toBeGreaterThan(0);
    for (const $ of sim) expect($(selector).length).toBeGreaterThan(0);
  });

  it('has badge markup like the real page somewhere in the first pages', () => {
    const $real = real[0];
    expect($real('span[id$="-amazons-choice"] .a-badge-text').length).toBeGreaterThan(0);
    expect($real('span[id*="best-seller-label"] .a-badge-text').length).toBeGreaterThan(0);
    let choice = 0;
    let best = 0;
    for (let p = 1; p <= 7; p++) {
      const $ = simulated(`me=${store.sellerId}&page=${p}`);
      choice += $(
        'div[data-component-type="s-search-result"] span[id$="-amazons-choice"] .a-badge-text',
      ).length;
      best += $(
        'div[data-component-type="s-search-result"] span[id*="best-seller-label"] .a-badge-text',
      ).length;
    }
    expect(choice).toBeGreaterThan(0);
    expect(best).toBeGreaterThan(0);
  });

  it('shows list prices and the Prime logo with the real markup (ca_search_4)', () => {
    const strike =
      'div[data-component-type="s-search-result"] .a-price.a-text-price[data-a-strike="true"] > .a-offscreen';
    const prime = 'div[data-component-type="s-search-result"] i.a-icon-prime[aria-label]';
    const $real = real[1];
    expect($real(strike).first().text()).toMatch(/^\$\d+\.\d\d$/);
    expect($real(prime).length).toBeGreaterThan(0);
    for (const $ of sim) {
      expect($(strike).length).toBeGreaterThan(0);
      expect($(strike).first().text()).toMatch(/^\$\d[\d,]*\.99$/);
      expect($(prime).length).toBeGreaterThan(0);
      // Not every tile: some without either.
      expect($(prime).length).toBeLessThan($('div[data-component-type="s-search-result"]').length);
    }
  });

  it('writes the result-info bar and the strip in the same formats', () => {
    const info = /^\d+-\d+ of (over )?[\d,]+ results for$/;
    for (const $ of [...real, ...sim]) {
      expect($('[cel_widget_id^="UPPER-RESULT_INFO_BAR"] h2 span').first().text().trim()).toMatch(info);
      const labels = $('span.s-pagination-strip .s-pagination-item')
        .toArray()
        .map((e) => $(e).text().trim());
      expect(labels[0]).toBe('Previous');
      expect(labels[labels.length - 1]).toBe('Next');
      expect(labels).toContain('7');
      expect(labels).toContain('...');
    }
    // page 1: previous disabled; page 2: previous is a link (as in ca_search_1 / ca_search_4)
    expect(real[0]('span.s-pagination-previous.s-pagination-disabled')).toHaveLength(1);
    expect(sim[0]('span.s-pagination-previous.s-pagination-disabled')).toHaveLength(1);
    expect(real[1]('a.s-pagination-previous')).toHaveLength(1);
    expect(sim[1]('a.s-pagination-previous')).toHaveLength(1);
  });

  it('keeps foreign ASINs only outside the result tiles, like the real carousel', () => {
    for (const $ of [...real, ...sim]) {
      const outside = $('[data-asin]')
        .toArray()
        .filter(
          (e) =>
            $(e).attr('data-asin') && $(e).closest('[data-component-type="s-search-result"]').length === 0,
        );
      expect(outside.length).toBeGreaterThan(0);
    }
  });

  it('serves the captcha page with the real captcha markers', () => {
    const market = getMarket('amazon.co.uk');
    const sim$ = cheerio.load(renderCaptchaPage(market, '/s?me=A1', 'RID', 'dG9rZW4='));
    for (const [name, $] of [
      ['com_captcha_1.html', load('com_captcha_1.html')],
      ['uk_captcha_1.html', load('uk_captcha_1.html')],
      ['sim', sim$],
    ] as const) {
      expect([name, $('form[action="/errors/validateCaptcha"]').length]).toEqual([name, 1]);
      expect($('input#captchacharacters').length).toBe(1);
      expect($('input[name="amzn"]').length).toBe(1);
      expect($('input[name="amzn-r"]').length).toBe(1);
      expect($('script').text()).toMatch(/ue_sn\s*=\s*"opfcaptcha\.amazon\./);
    }
    expect(sim$('script').text()).toContain('opfcaptcha.amazon.co.uk');
  });

  it('serves the 503 page with the real markers', () => {
    for (const $ of [load('com_503_1.html'), cheerio.load(render503Page(getMarket('amazon.ca')))]) {
      expect($('title').text()).toBe('Sorry! Something went wrong!');
      expect($('a[href*="cs_503"]').length).toBeGreaterThanOrEqual(2);
      expect($('img[alt="Dogs of Amazon"]').length).toBe(1);
    }
  });
});

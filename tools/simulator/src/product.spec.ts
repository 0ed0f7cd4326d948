import * as cheerio from 'cheerio';
import { formatPrice, getMarket } from './markets.js';
import { startSimulator } from './server.js';
import type { Simulator } from './server.js';
import { BADGE_BEST_SELLER, BADGE_CHOICE, NO_PRICE, UNRATED, createStore } from './store.js';

const ca = createStore({ seed: 'product-ca', size: 400, behaviour: { unpriced: 0.05 } });
const mx = createStore({ seed: 'product-mx', size: 60, marketDomain: 'amazon.com.mx' });

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator({ stores: [ca, mx] });
});
afterAll(() => sim.close());

async function get(path: string, host = 'www.amazon.ca') {
  const res = await fetch(sim.url + path, { headers: { 'x-original-host': host } });
  return { status: res.status, $: cheerio.load(await res.text()) };
}

const indexWhere = (ok: (i: number) => boolean) => ca.asins.findIndex((_, i) => ok(i));

describe('product pages (/dp/<ASIN>)', () => {
  it('shows a listing of the store: title, price to pay, rating, availability and the ASIN in the buy box', async () => {
    const i = indexWhere((k) => ca.prices[k] !== NO_PRICE && ca.halfStars[k] !== UNRATED);
    const { status, $ } = await get(`/dp/${ca.asins[i]}`);
    expect(status).toBe(200);
    expect($('#productTitle').text().trim()).toBe(ca.titles[i]);
    expect($('#corePriceDisplay_desktop_feature_div .priceToPay .a-offscreen').text()).toBe(
      formatPrice(getMarket('amazon.ca'), ca.prices[i]),
    );
    expect($('#acrPopover').attr('title')).toBe(`${(ca.halfStars[i] / 2).toFixed(1)} out of 5 stars`);
    expect($('#acrCustomerReviewText').text()).toMatch(/^[\d,]+ ratings?$/);
    expect($('#availability').text().trim()).toBe('In Stock');
    expect($('#ASIN').attr('value')).toBe(ca.asins[i]);
  });

  it('shows the badges a listing has, and empty badge blocks otherwise', async () => {
    const choice = indexWhere((k) => (ca.badges[k] & BADGE_CHOICE) !== 0);
    const best = indexWhere((k) => (ca.badges[k] & BADGE_BEST_SELLER) !== 0);
    const plain = indexWhere((k) => ca.badges[k] === 0);
    const c = (await get(`/dp/${ca.asins[choice]}`)).$;
    expect(c('#acBadge_feature_div .ac-badge-wrapper').text()).toContain("Amazon's Choice");
    const b = (await get(`/dp/${ca.asins[best]}`)).$;
    expect(b('#zeitgeistBadge_feature_div .p13n-best-seller-badge').text()).toBe('#1 Best Seller');
    const p = (await get(`/dp/${ca.asins[plain]}`)).$;
    expect(p('#acBadge_feature_div').children()).toHaveLength(0);
    expect(p('#zeitgeistBadge_feature_div').children()).toHaveLength(0);
  });

  it('a listing without a shown price has no price to pay, only "See All Buying Options"', async () => {
    const i = indexWhere((k) => ca.prices[k] === NO_PRICE);
    const { $ } = await get(`/dp/${ca.asins[i]}`);
    expect($('.priceToPay')).toHaveLength(0);
    expect($('#buybox-see-all-buying-choices').text()).toBe('See All Buying Options');
  });

  it('answers the slug and /gp/product forms too, and Spanish on amazon.com.mx', async () => {
    expect((await get(`/Some-Product-Name/dp/${ca.asins[3]}/ref=sr_1_3?qid=1`)).status).toBe(200);
    expect((await get(`/gp/product/${ca.asins[3]}`)).status).toBe(200);
    const { $ } = await get(`/dp/${mx.asins[0]}`, 'www.amazon.com.mx');
    expect($('#availability').text().trim()).toBe('Disponible.');
  });

  it("an ASIN the market does not sell is Amazon's page not found (404), also another market's listing", async () => {
    const before = sim.stats();
    const unknown = await get('/dp/B000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.$('a[href*="cs_404"]').length).toBeGreaterThan(0);
    expect(unknown.$('#productTitle')).toHaveLength(0);
    expect((await get(`/dp/${mx.asins[0]}`, 'www.amazon.ca')).status).toBe(404);
    expect((await get(`/dp/${ca.asins[0]}`, 'www.amazon.com.mx')).status).toBe(404);
    const after = sim.stats();
    expect(after.notFound - before.notFound).toBe(3);
    expect(after.productPages).toBe(before.productPages);
  });
});

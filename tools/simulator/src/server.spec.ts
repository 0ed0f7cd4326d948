import { readPage } from '../test/page-reader.js';
import { startSimulator } from './server.js';
import type { Simulator } from './server.js';
import { createStore, listingOf } from './store.js';

const small = createStore({ seed: 'small', size: 40 });
const mid = createStore({ seed: 'mid', size: 250 });
const large = createStore({ seed: 'large', size: 3000 });
const mx = createStore({ seed: 'mx', size: 100, marketDomain: 'amazon.com.mx' });
const tiny = createStore({ seed: 'tiny', size: 10 });

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator({ stores: [small, mid, large, mx, tiny] });
});
afterAll(() => sim.close());

async function get(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  const res = await fetch(sim.url + path, { headers, redirect: 'manual' });
  return { status: res.status, body: await res.text() };
}

describe('results pages', () => {
  it('serves 16 organic tiles per page with an exact count under 1,000 and walks to the last page', async () => {
    const seen: string[] = [];
    let path: string | null = `/s?me=${mid.sellerId}`;
    let pages = 0;
    while (path) {
      const { status, body } = await get(path);
      expect(status).toBe(200);
      const page = readPage(body);
      expect(page.kind).toBe('results');
      expect(page.total).toBe(250);
      pages++;
      expect(page.infoText).toBe(`${(pages - 1) * 16 + 1}-${Math.min(pages * 16, 250)} of 250 results for`);
      seen.push(...page.organic);
      path = page.nextHref;
      if (!path) expect(page.nextDisabled).toBe(true);
      expect(page.lastPage).toBe(7);
    }
    expect(pages).toBe(7); // the cap: 7 pages of 16, although 250 results would need 16 pages
    expect(seen).toEqual(Array.from(mid.orders.relevance.slice(0, 112)).map((i) => mid.asins[i]));
  });

  it('says "over 1,000" above 1,000 results and serves no tiles beyond the cap', async () => {
    const first = readPage((await get(`/s?me=${large.sellerId}`)).body);
    expect(first.infoText).toBe('1-16 of over 1,000 results for');
    expect(first.over).toBe(true);
    expect(first.lastPage).toBe(7);
    const last = readPage((await get(`/s?me=${large.sellerId}&page=7`)).body);
    expect(last.kind).toBe('results');
    expect(last.nextHref).toBeNull();
    expect(last.nextDisabled).toBe(true);
    const beyond = readPage((await get(`/s?me=${large.sellerId}&page=8`)).body);
    expect(beyond.kind).toBe('no-results');
    expect(beyond.organic).toEqual([]);
  });

  it('has no pagination strip when everything fits on one page', async () => {
    const page = readPage((await get(`/s?me=${tiny.sellerId}`)).body);
    expect(page.kind).toBe('results');
    expect(page.infoText).toBe('10 results for');
    expect(page.organic).toHaveLength(10);
    expect(page.$('span.s-pagination-strip')).toHaveLength(0);
  });

  it('mixes in sponsored tiles that repeat store ASINs, empty placeholders and foreign ASINs outside the results', async () => {
    let sponsoredTotal = 0;
    let repeatsOnPage = 0;
    for (let p = 1; p <= 7; p++) {
      const page = readPage((await get(`/s?me=${large.sellerId}&page=${p}`)).body);
      sponsoredTotal += page.sponsored.length;
      for (const a of page.sponsored) {
        expect(large.asinSet.has(a)).toBe(true);
        if (page.organic.includes(a)) repeatsOnPage++;
      }
      const $ = page.$;
      expect($('[data-asin=""]').length).toBeGreaterThanOrEqual(2);
      const outside = $('[data-asin]')
        .toArray()
        .filter(
          (e) =>
            $(e).attr('data-asin') && $(e).closest('[data-component-type="s-search-result"]').length === 0,
        )
        .map((e) => $(e).attr('data-asin') as string);
      expect(outside.length).toBeGreaterThan(0);
      expect(outside.every((a) => !large.asinSet.has(a))).toBe(true);
      $('.AdHolder[data-component-type="s-search-result"]').each((_, t) => {
        expect($(t).find('a.puis-sponsored-label-text').text()).toContain('Sponsored');
        expect($(t).find('h2').parent('a').attr('href')).toMatch(/^\/sspa\/click\?/);
      });
    }
    expect(sponsoredTotal).toBeGreaterThan(0);
    expect(repeatsOnPage).toBeGreaterThan(0);
  });

  it('renders price, stars and badges from the store data', async () => {
    const page = readPage((await get(`/s?me=${large.sellerId}&s=price-asc-rank&page=2`)).body);
    const $ = page.$;
    const tile = $(`div[data-component-type="s-search-result"][data-asin="${page.organic[0]}"]`).not(
      '.AdHolder',
    );
    const i = large.asins.indexOf(page.organic[0]);
    const price = large.prices[i];
    expect(tile.find('span.a-price > span.a-offscreen').text()).toBe(
      `$${Math.floor(price / 100)}.${String(price % 100).padStart(2, '0')}`,
    );
    const prices = page.organic.map((a) => large.prices[large.asins.indexOf(a)]);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    // stars and badges over the first 7 pages
    let choice = 0;
    let best = 0;
    for (let p = 1; p <= 7; p++) {
      const r = readPage((await get(`/s?me=${large.sellerId}&page=${p}`)).body);
      for (const a of r.organic) {
        const idx = large.asins.indexOf(a);
        const t = r
          .$(`div[data-component-type="s-search-result"][data-asin="${a}"]`)
          .not('.AdHolder')
          .first();
        const alt = t.find('i.a-icon-star-small span.a-icon-alt').text();
        expect(alt).toBe(
          large.halfStars[idx] ? `${(large.halfStars[idx] / 2).toFixed(1)} out of 5 stars` : '',
        );
        if (t.find('span[id$="-amazons-choice"]').text().includes("Amazon's Choice")) choice++;
        if (t.find('span[id*="best-seller-label"] .a-badge-text').text() === 'Bestseller') best++;
      }
    }
    expect(choice + best).toBeGreaterThan(0);
  });

  it('accepts the seller as rh=p_6 and combines refinements; links keep the seller form', async () => {
    const node = large.nodes[large.roots[0]];
    const rh = encodeURIComponent(`n:${node.id},p_6:${large.sellerId},p_36:1000-4999`);
    const page = readPage((await get(`/s?rh=${rh}`)).body);
    const expected = Array.from(large.nodes[node.index].members).filter(
      (i) => large.prices[i] >= 1000 && large.prices[i] <= 4999,
    );
    expect(expected.length).toBeLessThan(1000);
    expect(page.total).toBe(expected.length);
    expect(page.organic).toEqual(expected.slice(0, 16).map((i) => large.asins[i]));
    expect(page.nextHref).toContain(encodeURIComponent(`p_6:${large.sellerId}`));
    for (const d of page.departments.filter((x) => !x.current && x.id !== node.id)) {
      expect(decodeURIComponent(d.href)).toContain(
        `n:${node.id},n:${d.id},p_6:${large.sellerId},p_36:1000-4999`,
      );
    }
  });

  it('offers department links (with descendants) and per-market star links in the left navigation', async () => {
    const top = readPage((await get(`/s?me=${large.sellerId}`)).body);
    expect(top.departments.map((d) => d.id).sort()).toEqual(large.roots.map((r) => large.nodes[r].id).sort());
    const parent = large.nodes[large.roots.find((r) => large.nodes[r].children.length > 0)!];
    const inside = readPage((await get(top.departments.find((d) => d.id === parent.id)!.href)).body);
    expect(inside.departments.find((d) => d.current)?.id).toBe(parent.id);
    const childIds = inside.departments.filter((d) => !d.current).map((d) => d.id);
    for (const c of parent.children)
      if (large.nodes[c].members.length) expect(childIds).toContain(large.nodes[c].id);
    expect(top.starLinks.map((s) => s.id)).toContain('11192170011');
    const mxPage = readPage((await get(`/s?me=${mx.sellerId}`)).body);
    expect(mxPage.starLinks.map((s) => s.id)).not.toContain('11192170011');
    expect(mxPage.$('html').attr('lang')).toBe('es-mx');
  });

  it('picks the market from X-Original-Host: strings and currency, and no results for a seller of another market', async () => {
    const ca = await get(`/s?me=${small.sellerId}`, { 'x-original-host': 'www.amazon.ca' });
    expect(readPage(ca.body).kind).toBe('results');
    expect(ca.body).toContain("ue_sn = 'www.amazon.ca'");
    const elsewhere = readPage(
      (await get(`/s?me=${small.sellerId}`, { 'x-original-host': 'www.amazon.co.uk' })).body,
    );
    expect(elsewhere.kind).toBe('no-results');
    const mxPage = await get(`/s?me=${mx.sellerId}`, { 'x-original-host': 'www.amazon.com.mx' });
    expect(mxPage.body).toContain('resultados para');
    expect(mxPage.body).toContain('A1AM78C64UM0Y8');
  });

  it('answers an unknown seller with a real-looking "No results for" page', async () => {
    const { status, body } = await get('/s?me=A00000000000000');
    expect(status).toBe(200);
    const page = readPage(body);
    expect(page.kind).toBe('no-results');
    expect(page.$('.s-messaging-widget-no-results').text()).toContain('A00000000000000');
  });

  it('serves a seller profile at /sp?seller= linking to the storefront, and 404 for unknown sellers', async () => {
    const { status, body } = await get(`/sp?seller=${small.sellerId}`);
    expect(status).toBe(200);
    expect(body).toContain(`/s?me=${small.sellerId}`);
    expect(body).toContain(small.sellerName);
    expect((await get('/sp?seller=ANOPE')).status).toBe(404);
  });
});

describe('admin endpoints', () => {
  it('lists stores, serves the true ASIN list, counts requests and resets', async () => {
    const list = (await (await fetch(`${sim.url}/__sim/stores`)).json()) as {
      sellerId: string;
      size: number;
      domain: string;
    }[];
    expect(list.map((s) => [s.sellerId, s.size, s.domain])).toContainEqual([
      mx.sellerId,
      100,
      'amazon.com.mx',
    ]);
    const res = await fetch(`${sim.url}/__sim/stores/${mid.sellerId}/asins`);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect((await res.text()).trim().split('\n')).toEqual(mid.asins);
    expect((await fetch(`${sim.url}/__sim/stores/ANOPE/asins`)).status).toBe(404);
    // Each listing as its tile shows it (what a rich export of a scan is compared with).
    const listings = (await (await fetch(`${sim.url}/__sim/stores/${mid.sellerId}/listings`)).json()) as {
      asin: string;
      title: string;
    }[];
    expect(listings.map((l) => l.asin)).toEqual(mid.asins);
    expect(listings.map((l) => l.title)).toEqual(mid.titles);
    expect(listings[0]).toEqual(listingOf(mid, 0));

    await fetch(`${sim.url}/__sim/reset-stats`, { method: 'POST' });
    await get(`/s?me=${small.sellerId}`);
    await get(`/s?me=${small.sellerId}&page=2`);
    await get('/s?me=ANOPE');
    const stats = await (await fetch(`${sim.url}/__sim/stats`)).json();
    expect(stats).toMatchObject({ requests: 3, pages: 2, noResults: 1, captchas: 0, errors503: 0 });
    expect(stats.pagesBySeller[small.sellerId]).toBe(2);
  });
});

describe('store changes between scans', () => {
  const asinsOf = async (seller: string) =>
    (await (await fetch(`${sim.url}/__sim/stores/${seller}/asins`)).text()).trim().split('\n');
  const change = (seller: string, body: unknown) =>
    fetch(`${sim.url}/__sim/stores/${seller}/changes`, { method: 'POST', body: JSON.stringify(body) });

  it("adds the store's next listings and delists some, deterministically, and serves the store changed", async () => {
    const seed = 'changing';
    const store = createStore({ seed, size: 300, behaviour: { unpriced: 0.03, sortDrift: 0.2 } });
    const own = await startSimulator({ stores: [store] });
    let firstRemoved: string[] | undefined;
    try {
      const before = (await (await fetch(`${own.url}/__sim/stores/${store.sellerId}/asins`)).text())
        .trim()
        .split('\n');
      const res = await fetch(`${own.url}/__sim/stores/${store.sellerId}/changes`, {
        method: 'POST',
        body: JSON.stringify({ add: 3, remove: 4 }),
      });
      expect(res.status).toBe(200);
      const done = (await res.json()) as { added: string[]; removed: string[]; size: number };
      expect(done.added).toEqual(createStore({ seed, size: 303 }).asins.slice(300));
      expect(done.removed).toHaveLength(4);
      expect(done.size).toBe(299);
      firstRemoved = done.removed;
      const after = (await (await fetch(`${own.url}/__sim/stores/${store.sellerId}/asins`)).text())
        .trim()
        .split('\n');
      expect(new Set(after)).toEqual(
        new Set([...before.filter((a) => !done.removed.includes(a)), ...done.added]),
      );
      // The marketplace serves the changed store: the count, an added listing's page, a delisted one's 404.
      expect(readPage(await fetch(`${own.url}/s?me=${store.sellerId}`).then((r) => r.text())).total).toBe(
        299,
      );
      expect((await fetch(`${own.url}/dp/${done.added[0]}`)).status).toBe(200);
      expect((await fetch(`${own.url}/dp/${done.removed[0]}`)).status).toBe(404);
      // A second change builds on the first: earlier delistings stay delisted.
      const second = (await (
        await fetch(`${own.url}/__sim/stores/${store.sellerId}/changes`, {
          method: 'POST',
          body: JSON.stringify({ add: 1, remove: 0 }),
        })
      ).json()) as { added: string[]; size: number };
      expect(second.size).toBe(300);
      const last = (await (await fetch(`${own.url}/__sim/stores/${store.sellerId}/asins`)).text())
        .trim()
        .split('\n');
      expect(last.some((a) => done.removed.includes(a))).toBe(false);
      expect(last).toContain(second.added[0]);
    } finally {
      await own.close();
    }
    // The same changes on a fresh simulator give the same store.
    const again = await startSimulator({
      stores: [createStore({ seed, size: 300, behaviour: { unpriced: 0.03, sortDrift: 0.2 } })],
    });
    try {
      const res = await fetch(`${again.url}/__sim/stores/${store.sellerId}/changes`, {
        method: 'POST',
        body: JSON.stringify({ add: 3, remove: 4 }),
      });
      expect(((await res.json()) as { removed: string[] }).removed).toEqual(firstRemoved);
    } finally {
      await again.close();
    }
  });

  it('refuses bad counts and unknown sellers', async () => {
    expect((await change(tiny.sellerId, { add: -1 })).status).toBe(400);
    expect((await change(tiny.sellerId, { remove: 11 })).status).toBe(400);
    expect((await change(tiny.sellerId, { add: 1.5 })).status).toBe(400);
    expect((await change('ANOPE', { add: 1 })).status).toBe(404);
    expect(await asinsOf(tiny.sellerId)).toEqual(tiny.asins);
  });
});

describe('faults', () => {
  afterEach(() =>
    sim.setFaults({ captchaRate: 0, errorRate: 0, latencyMs: 0, jitterMs: 0, rateLimit: { perSecond: 0 } }),
  );

  it('serves the captcha page in the real markup at captchaRate 1', async () => {
    sim.setFaults({ captchaRate: 1 });
    const { status, body } = await get(`/s?me=${small.sellerId}`, { 'x-original-host': 'www.amazon.ca' });
    expect(status).toBe(200);
    const page = readPage(body);
    expect(page.kind).toBe('captcha');
    expect(page.$('#captchacharacters')).toHaveLength(1);
    expect(body).toContain('ue_sn = "opfcaptcha.amazon.ca"');
    expect(page.$('input[name="amzn-r"]').attr('value')).toBe(`/s?me=${small.sellerId}`);
    const back = await get(
      `/errors/validateCaptcha?amzn=x&amzn-r=${encodeURIComponent(`/s?me=${small.sellerId}`)}&field-keywords=ABC`,
    );
    expect(back.status).toBe(302);
  });

  it('serves the 503 dogs page at errorRate 1, set through POST /__sim/faults', async () => {
    const res = await fetch(`${sim.url}/__sim/faults`, {
      method: 'POST',
      body: JSON.stringify({ errorRate: 1 }),
    });
    expect((await res.json()).errorRate).toBe(1);
    const { status, body } = await get(`/s?me=${small.sellerId}`);
    expect(status).toBe(503);
    expect(readPage(body).kind).toBe('error');
    expect(body).toContain('cs_503');
    const bad = await fetch(`${sim.url}/__sim/faults`, {
      method: 'POST',
      body: JSON.stringify({ errorRate: 2 }),
    });
    expect(bad.status).toBe(400);
  });

  it('serves about captchaRate of pages as captchas, the same ones for the same seed', async () => {
    const run = async (): Promise<string> => {
      sim.setFaults({ captchaRate: 0.3, seed: 99 });
      let kinds = '';
      for (let i = 0; i < 30; i++) kinds += readPage((await get(`/s?me=${small.sellerId}`)).body).kind[0];
      return kinds;
    };
    const a = await run();
    expect(await run()).toBe(a);
    const captchas = [...a].filter((c) => c === 'c').length;
    expect(captchas).toBeGreaterThan(3);
    expect(captchas).toBeLessThan(18);
  });

  it('adds latency', async () => {
    sim.setFaults({ latencyMs: 150, jitterMs: 0 });
    const t = performance.now();
    await get(`/s?me=${small.sellerId}`);
    expect(performance.now() - t).toBeGreaterThanOrEqual(140);
  });

  it('makes a page when it sends it, after the latency (a page is not held through the delay)', async () => {
    sim.setFaults({ latencyMs: 400, jitterMs: 0 });
    sim.resetStats();
    const answered = get(`/s?me=${small.sellerId}`);
    while (sim.stats().requests === 0) await new Promise((r) => setTimeout(r, 5));
    // The request is in and waits out its latency: no page made yet.
    expect(sim.stats().pages).toBe(0);
    expect((await answered).status).toBe(200);
    expect(sim.stats().pages).toBe(1);
  });

  it('serves captchas when a client goes faster than the rate limit, per IP', async () => {
    // 5 requests per 10 s window (0.5/s), so a slow machine still goes "too fast"
    sim.setFaults({ rateLimit: { perSecond: 0.5, windowMs: 10_000, scope: 'ip', blockMs: 0 } });
    await fetch(`${sim.url}/__sim/reset-stats`, { method: 'POST' });
    const kinds: string[] = [];
    for (let i = 0; i < 10; i++) {
      kinds.push(
        readPage((await get(`/s?me=${small.sellerId}`, { 'x-forwarded-for': '10.0.0.1' })).body).kind,
      );
    }
    expect(kinds.slice(0, 5)).toEqual(Array(5).fill('results'));
    expect(kinds.slice(5)).toContain('captcha');
    // another client is not affected
    expect(
      readPage((await get(`/s?me=${small.sellerId}`, { 'x-forwarded-for': '10.0.0.2' })).body).kind,
    ).toBe('results');
    const stats = sim.stats();
    expect(stats.rateLimited).toBeGreaterThan(0);
    expect(stats.captchas).toBe(stats.rateLimited);
  });
});

import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  DEMO_SELLER,
  demoURL,
  logIn,
  setSimFaults,
  simStores,
  startDemo,
  stopDemo,
  type SimStore,
} from './scans-demo';

/**
 * Every page in Turkish, as the demo seller and the demo admin see them on `make demo`, with scans in
 * every state on the dashboard: no English sentence may show. The words below never occur in Turkish
 * text nor in the brand names the pages show (ShelfScan, Amazon, iyzico, ASIN); a page that shows one
 * fails naming the page and the word.
 */
const ENGLISH = [
  'Found',
  'ASINs of the',
  'Amazon reports',
  'All Categories',
  'United Kingdom',
  'Canada',
  'Mexico',
  'Australia',
  'Singapore',
  'Turkey',
  'failed',
  'Failed',
  // 'Daily', not 'daily': the admin's parameter keys (search.deep.dailyLimit) are keys, not prose.
  'Daily',
  'Monthly',
  'Blocked',
  'not found',
  'Not found',
  'Checked',
  'sold there',
  'unavailable',
  'Incomplete',
  'listings',
  'Completed',
  'Pending',
  'Processing',
  'Canceled',
  'Cancelled',
  'Last updated',
  'VAT',
  'Please',
  'You have',
  'Your ',
  'The ',
  ' the ',
  ' of ',
  ' and ',
  'Search',
  'Download',
  'Delete',
  'Settings',
  'Loading',
  'Error',
];

const ADMIN = { email: 'admin@shelfscan.local', password: 'demo-admin' };

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: demoURL, locale: 'tr-TR' });

let small: SimStore;
let uk: SimStore;
let partialStore: SimStore;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  await startDemo();
  const stores = await simStores();
  small = stores.find((s) => s.seed === 'demo-small')!;
  uk = stores.find((s) => s.seed === 'demo-uk')!;
  partialStore = stores.find((s) => s.seed === 'demo-partial')!;
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  await stopDemo();
});

/** The English words a page shows (its visible text, once it has settled). */
async function englishOn(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  // Skeletons and lazy chunks settle; a loader's text is not the page's.
  await page.waitForTimeout(500);
  const text = await page.evaluate(shownText);
  return ENGLISH.filter((w) => text.includes(w));
}

/**
 * The page's visible text but the marketplace's own (product titles, marked `translate="no"`): an
 * amazon.ca listing's English title on a Turkish page is the store's data, not the page's words.
 */
function shownText(on: Element | void): string {
  const root = (on || document.body) as HTMLElement;
  const data = [...root.querySelectorAll<HTMLElement>('[translate="no"]')];
  const before = data.map((e) => e.style.display);
  for (const e of data) e.style.display = 'none';
  const text = root.innerText;
  data.forEach((e, i) => (e.style.display = before[i]!));
  return text;
}

async function scan(request: APIRequestContext, token: string, data: Record<string, unknown>, path = '') {
  const res = await request.post(`${demoURL}/api/search-info${path}`, {
    data,
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'tr' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as { id: string; status: string };
}

async function statusOf(request: APIRequestContext, token: string, id: string): Promise<string> {
  const res = await request.get(`${demoURL}/api/search-info?size=100`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const all = ((await res.json()).data ?? []) as { id: string; status: string }[];
  return all.find((t) => t.id === id)?.status ?? '';
}

test('every page in Turkish shows no English word, with scans in every state', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(240_000);
  const problems: string[] = [];
  const check = async (path: string) => {
    for (const word of await englishOn(page, path)) problems.push(`${path}: "${word}"`);
  };

  // Logged out: the landing page, the auth pages, the legal pages, a page that does not exist.
  for (const path of [
    '/',
    '/auth/login',
    '/auth/register',
    '/auth/forgotpassword',
    '/privacy',
    '/security',
    '/no-such-page',
  ])
    await check(path);

  // The demo seller with scans in every state.
  const seller = await logIn(request, context, DEMO_SELLER);
  const store = `https://www.amazon.ca/s?me=${small.sellerId}`;
  const done = await scan(request, seller, {
    searchType: 'standard',
    fileName: 'Tamam',
    storeUrl: store,
    market: 'CA',
  });
  await expect.poll(() => statusOf(request, seller, done.id), { timeout: 60_000 }).toBe('COMPLETED');
  const check1 = await scan(
    request,
    seller,
    { fileName: 'Kontrol', market: 'CA', asins: 'B000000000, B000000001' },
    '/asin-check',
  );
  await expect.poll(() => statusOf(request, seller, check1.id), { timeout: 60_000 }).toBe('COMPLETED');
  // A Deep scan of the store it cannot read in full: partial, its card says what is missing and why.
  const partial = await scan(request, seller, {
    searchType: 'deep',
    fileName: 'Eksik',
    storeUrl: `https://www.amazon.ca/s?me=${partialStore.sellerId}`,
    market: 'CA',
  });
  await expect
    .poll(() => statusOf(request, seller, partial.id), { timeout: 120_000 })
    .toBe('COMPLETED_PARTIAL');
  // A tracked store whose baseline run has ended: the tracked stores page and its store page.
  const asSeller = { authorization: `Bearer ${seller}`, 'accept-language': 'tr' };
  const created = await request.post(`${demoURL}/api/trackers`, {
    data: {
      storeUrl: `https://www.amazon.ca/s?me=${small.sellerId}`,
      market: 'CA',
      searchType: 'standard',
      schedule: 'weekly',
      fileName: 'Rakip',
    },
    headers: asSeller,
  });
  expect(created.status(), await created.text()).toBe(200);
  const trackerId = (await created.json()).data.id as string;
  const run = await request.post(`${demoURL}/api/trackers/${trackerId}/run`, { headers: asSeller });
  expect(run.status(), await run.text()).toBe(200);
  await expect
    .poll(
      async () =>
        (await (await request.get(`${demoURL}/api/trackers/${trackerId}`, { headers: asSeller })).json()).data
          .lastRun?.status,
      { timeout: 60_000 },
    )
    .toBe('COMPLETED');
  // One meets only captchas and fails (the demo here retries a blocked scan 0 times: scans-demo.ts),
  // on amazon.co.uk: the scraper then pauses that domain, not amazon.ca. Then slow scans stay queued
  // and running while the pages are read; one of them is cancelled.
  const faults = await setSimFaults({ captchaRate: 1 });
  try {
    const blocked = await scan(request, seller, {
      searchType: 'standard',
      fileName: 'Engellendi',
      storeUrl: `https://www.amazon.co.uk/s?me=${uk.sellerId}`,
      market: 'UK',
    });
    await expect.poll(() => statusOf(request, seller, blocked.id), { timeout: 60_000 }).toBe('FAILED');
    await setSimFaults({ captchaRate: 0, latencyMs: 20_000, jitterMs: 0 });
    await scan(request, seller, { searchType: 'deep', fileName: 'Derin', storeUrl: store, market: 'CA' });
    const running = await scan(request, seller, {
      searchType: 'standard',
      fileName: 'Sürüyor',
      storeUrl: store,
      market: 'CA',
    });
    await scan(request, seller, {
      searchType: 'standard',
      fileName: 'Sırada',
      storeUrl: store,
      market: 'CA',
    });
    const admin = (await (await request.post(`${demoURL}/api/authenticate`, { data: ADMIN })).json()).data
      .token as string;
    const cancel = await request.put(`${demoURL}/api/search-info/${running.id}/status`, {
      data: { status: 'CANCELED' },
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(cancel.status(), await cancel.text()).toBe(200);

    await check('/dashboard');
    // The page read showed the finished and the partial scan's coverage and the failed scan's reason.
    await expect(page.getByTestId(`todo-${done.id}-coverage`)).toBeVisible();
    await expect(page.getByTestId(`todo-${partial.id}-coverage`)).toBeVisible();
    await expect(page.getByTestId(`todo-${blocked.id}-reason`)).toBeVisible();
    // The ASIN check's table and the filter tool.
    await page.getByTestId(`todo-${check1.id}-table`).click();
    const tableText = await page.getByTestId(`check-table-${check1.id}`).evaluate(shownText);
    for (const w of ENGLISH.filter((x) => tableText.includes(x)))
      problems.push(`/dashboard (ASIN check table): "${w}"`);
    await page.keyboard.press('Escape');
    await page.getByTestId('nav-filter-tool').click();
    await page.waitForTimeout(500);
    const panel = await page.evaluate(() => document.body.innerText);
    for (const w of ENGLISH.filter((x) => panel.includes(x)))
      problems.push(`/dashboard (filter tool): "${w}"`);
    for (const path of [
      '/account',
      '/payment',
      '/payment/addPlan',
      '/payment/addCard',
      '/trackers',
      `/trackers/${trackerId}`,
    ])
      await check(path);

    // The admin's pages.
    await logIn(request, context, ADMIN);
    for (const path of [
      '/admin',
      '/admin/search-urls',
      '/admin/invoices',
      '/admin/promotions',
      '/admin/system-parameters',
      `/admin/user/${encodeURIComponent(DEMO_SELLER.email)}`,
    ])
      await check(path);
  } finally {
    await setSimFaults({
      captchaRate: faults.captchaRate,
      latencyMs: faults.latencyMs,
      jitterMs: faults.jitterMs,
    });
  }

  expect(problems, `English on Turkish pages:\n${problems.join('\n')}`).toEqual([]);
});

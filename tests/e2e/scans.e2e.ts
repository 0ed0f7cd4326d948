import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { sixDigitCode, waitForMail } from './outbox';
import {
  DEMO_SELLER,
  demoURL,
  logIn,
  setSimFaults,
  simListings,
  simStores,
  startDemo,
  stopDemo,
  trueAsins,
  type SimStore,
} from './scans-demo';

/**
 * Scans as the demo seller does them on `make demo`: the marketplace simulator stands in for
 * amazon.ca (a 60-ASIN store, one of 1,200 past the 7-page cap). Each journey compares what the
 * browser shows and downloads with the simulator's own truth.
 */
test.describe.configure({ mode: 'serial' });
test.use({ baseURL: demoURL, locale: 'en-US' });

let small: SimStore;
let medium: SimStore;
let uk: SimStore;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  await startDemo();
  const stores = await simStores();
  small = stores.find((s) => s.seed === 'demo-small')!;
  medium = stores.find((s) => s.seed === 'demo-medium')!;
  uk = stores.find((s) => s.seed === 'demo-uk')!;
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  await stopDemo();
});

test.beforeEach(async ({ request, context }) => {
  await logIn(request, context, DEMO_SELLER);
});

const storeUrl = (s: SimStore) => `https://www.amazon.ca/s?me=${s.sellerId}`;

/** Picks an option of a Mantine Select. */
async function choose(page: Page, testId: string, label: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: label }).click();
}

/** The card of the scan named `name` (file names are unique per journey). */
async function cardOf(page: Page, name: string): Promise<{ card: Locator; id: string }> {
  const title = page.locator('[data-testid^="todo-"][data-testid$="-name"]', { hasText: name });
  await expect(title).toHaveCount(1, { timeout: 15_000 });
  const id = (await title.getAttribute('data-testid'))!.replace(/^todo-|-name$/g, '');
  return { card: page.getByTestId(`todo-${id}`), id };
}

async function startScan(page: Page, type: 'standard' | 'deep', name: string, store: SimStore) {
  await page.getByTestId('create-scan').click();
  await page.getByTestId(`create-${type}`).click();
  const dialog = page.getByTestId(`dialog-${type}`);
  await dialog.getByTestId('scan-file-name').fill(name);
  await choose(page, 'scan-market', 'Canada');
  await dialog.getByTestId('scan-store-url').fill(storeUrl(store));
  return dialog;
}

async function download(page: Page, id: string, which: 'download' | 'download-csv') {
  await page.getByTestId(`todo-${id}-menu`).click();
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId(`todo-${id}-${which}`).click(),
  ]);
  return { name: file.suggestedFilename(), bytes: fs.readFileSync((await file.path())!) };
}

const lines = (bytes: Buffer) => bytes.toString('utf8').trim().split('\n');

test('a standard scan: its progress bar moves live, then the download is the store’s true list', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // Slow the simulator down so the scan runs for a few seconds (four pages and the delivery pin).
  const faults = await setSimFaults({ latencyMs: 900, jitterMs: 0 });
  try {
    await page.goto('/us/dashboard');
    // Record every value the progress bars take, as the page shows them (no sampling gaps).
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { barValues: string[] }).barValues = seen;
      const record = () =>
        document.querySelectorAll('[data-testid$="-bar"]').forEach((bar) => {
          const value = bar.getAttribute('data-value') ?? '';
          if (seen.at(-1) !== value) seen.push(value);
        });
      new MutationObserver(record).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
      });
    });
    const dialog = await startScan(page, 'standard', 'Şapka mağazası', small);
    await dialog.getByTestId('scan-submit').click();
    const { card, id } = await cardOf(page, 'Şapka mağazası');

    // It runs: the card moves to "ongoing" with pages, ASINs found of the store's count, and the bar.
    await expect(page.getByTestId('column-ongoing').getByTestId(`todo-${id}`)).toBeVisible({
      timeout: 15_000,
    });
    await expect(card.getByTestId(`todo-${id}-progress-text`)).toContainText(
      'ASINs found of 60 the store shows',
    );
    await expect(page.getByTestId('column-completed').getByTestId(`todo-${id}`)).toBeVisible({
      timeout: 30_000,
    });
    await expect(card.getByTestId(`todo-${id}-status`)).toHaveText('Completed');
    await expect(card.getByTestId(`todo-${id}-count`)).toHaveText('60 ASINs');

    const values = (await page.evaluate(() => (window as unknown as { barValues: string[] }).barValues))
      .filter((v) => v !== '')
      .map(Number);
    // The bar took at least two values between empty and full while the scan ran, never going back.
    const between = values.filter((v) => v > 0 && v < 100);
    expect(new Set(values).size, `bar values: ${values.join(', ')}`).toBeGreaterThanOrEqual(2);
    expect(between.length, `bar values: ${values.join(', ')}`).toBeGreaterThanOrEqual(1);
    expect([...values].sort((a, b) => a - b)).toEqual(values);
  } finally {
    await setSimFaults({ latencyMs: faults.latencyMs, jitterMs: faults.jitterMs });
  }

  const { id } = await cardOf(page, 'Şapka mağazası');
  const file = await download(page, id, 'download');
  expect(file.name).toBe('Şapka mağazası.txt');
  expect(lines(file.bytes).sort()).toEqual((await trueAsins(small.sellerId)).sort());
});

test('a deep scan of a store past the 7-page cap: the wait estimated for it, then every ASIN', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/us/dashboard');
  // Record every time left the cards show, as the page shows them (issue 22: it stayed put).
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { timesLeft: string[] }).timesLeft = seen;
    const record = () =>
      document.querySelectorAll('[data-testid$="-progress-text"]').forEach((line) => {
        const left = /about (\d+ (?:s|min)) left/.exec(line.textContent ?? '')?.[1];
        if (left && seen.at(-1) !== left) seen.push(left);
      });
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  const dialog = await startScan(page, 'deep', 'Big store deep', medium);
  // The engine's estimate for this store: its first page says "over 1,000 results" (as a store of
  // 6,000's does), so its price ranges are counted: 1,200, and the wait for that many.
  await expect(dialog.getByTestId('deep-wait')).toContainText(
    'The store shows over 1,000 listings; counted by price range, it holds 1,200 with a price. A deep scan of it takes about',
    { timeout: 20_000 },
  );
  await dialog.getByTestId('scan-submit').click();
  const { card, id } = await cardOf(page, 'Big store deep');
  await expect(page.getByTestId('column-completed').getByTestId(`todo-${id}`)).toBeVisible({
    timeout: 90_000,
  });
  // The time left moved with the work done: several values, going down over the scan.
  const seconds = (await page.evaluate(() => (window as unknown as { timesLeft: string[] }).timesLeft)).map(
    (v) => (v.endsWith('min') ? 60 * parseInt(v, 10) : parseInt(v, 10)),
  );
  expect(new Set(seconds).size, `times left: ${seconds.join(', ')}`).toBeGreaterThanOrEqual(3);
  expect(seconds.at(-1)!, `times left: ${seconds.join(', ')}`).toBeLessThan(seconds[0]);
  await expect(card.getByTestId(`todo-${id}-count`)).toHaveText('1200 ASINs');
  const file = await download(page, id, 'download');
  const asins = lines(file.bytes);
  expect(asins).toHaveLength(1200);
  expect(new Set(asins)).toEqual(new Set(await trueAsins(medium.sellerId)));
});

test('a UK store on a Turkish page: the United Kingdom is offered by name, its amazon.co.uk link is taken, the download is the store’s list', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/dashboard');
  await page.getByTestId('create-scan').click();
  await page.getByTestId('create-deep').click();
  await page.getByTestId('scan-market').click();
  await expect(page.getByRole('option')).toHaveText([
    'Kanada',
    'Meksika',
    'Birleşik Arap Emirlikleri',
    'Birleşik Krallık',
  ]);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');

  await page.getByTestId('create-scan').click();
  await page.getByTestId('create-standard').click();
  const dialog = page.getByTestId('dialog-standard');
  await dialog.getByTestId('scan-file-name').fill('Londra mağazası');
  await choose(page, 'scan-market', 'Birleşik Krallık');
  await dialog.getByTestId('scan-store-url').fill(`https://www.amazon.co.uk/s?me=${uk.sellerId}`);
  await dialog.getByTestId('scan-submit').click();
  await expect(dialog).toHaveCount(0);
  const { card, id } = await cardOf(page, 'Londra mağazası');
  await expect(page.getByTestId('column-completed').getByTestId(`todo-${id}`)).toBeVisible({
    timeout: 60_000,
  });
  await expect(card.getByTestId(`todo-${id}-status`)).toHaveText('Tamamlandı');
  const file = await download(page, id, 'download');
  expect(lines(file.bytes).sort()).toEqual((await trueAsins(uk.sellerId)).sort());
});

test('an ASIN check: a row per ASIN on the card, the sold ones as .txt, the table as .csv for Excel', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const [a, b, c] = (await trueAsins(small.sellerId)).slice(0, 3);
  const [d] = await trueAsins(medium.sellerId);
  await page.goto('/us/dashboard');
  await page.getByTestId('create-scan').click();
  await page.getByTestId('create-asinCheck').click();
  const dialog = page.getByTestId('dialog-asinCheck');
  await dialog.getByTestId('check-file-name').fill('Kontrol listesi');
  await choose(page, 'check-market', 'Canada');
  await dialog.getByTestId('check-asins').fill(`${a}, ${b}\n${c} B0NOTSOLD1 ${d.toLowerCase()}`);
  await expect(dialog.getByTestId('check-count')).toHaveText('5 ASINs entered');
  await dialog.getByTestId('check-submit').click();

  const { card, id } = await cardOf(page, 'Kontrol listesi');
  await expect(page.getByTestId('column-completed').getByTestId(`todo-${id}`)).toBeVisible({
    timeout: 60_000,
  });
  await expect(card.getByTestId(`todo-${id}-count`)).toHaveText('4 ASINs');
  await card.getByTestId(`todo-${id}-table`).click();
  const table = page.getByTestId(`check-table-${id}`);
  await expect(table.getByTestId(`check-table-${id}-summary`)).toHaveText('5 ASINs');
  for (const asin of [a, b, c, d])
    await expect(table.getByTestId(`check-table-${id}-state-${asin}`)).toHaveText('Yes');
  await expect(table.getByTestId(`check-table-${id}-state-B0NOTSOLD1`)).toHaveText('No');
  await expect(table.getByTestId(`check-table-${id}-row-${a}`)).toContainText('★');
  await page.keyboard.press('Escape');

  const txt = await download(page, id, 'download');
  expect(lines(txt.bytes)).toEqual([a, b, c, d]);
  const csv = await download(page, id, 'download-csv');
  expect(csv.name).toBe('Kontrol listesi.csv');
  expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = csv.bytes.toString('utf8').slice(1).trim().split('\r\n');
  expect(rows[0]).toBe(
    "ASIN,Sold there,Title,Price,Price as shown,Currency,Stars,Ratings,Amazon's Choice,Best Seller",
  );
  expect(rows.slice(1).map((r) => r.split(',')[0])).toEqual([a, b, c, 'B0NOTSOLD1', d]);
  expect(rows[4]).toBe('B0NOTSOLD1,No,,,,,,,No,No');
});

test('many stores at once: a batch of three, the combined .xlsx matches every listing the simulator shows', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const stores = await simStores();
  const three = ['demo-small', 'demo-medium', 'demo-large'].map((seed) =>
    stores.find((s) => s.seed === seed)!,
  );
  await page.goto('/us/dashboard');
  await page.getByTestId('create-scan').click();
  await page.getByTestId('create-batch').click();
  const dialog = page.getByTestId('dialog-batch');
  await dialog.getByTestId('batch-file-name').fill('Rivals');
  await choose(page, 'batch-market', 'Canada');
  await dialog.getByTestId('batch-lines').fill(three.map(storeUrl).join('\n'));
  await expect(dialog.getByTestId('batch-count')).toHaveText('3 stores');
  await dialog.getByTestId('batch-submit').click();
  const card = page.locator('[data-testid^="batch-"][data-testid$="-summary"]');
  await expect(card).toContainText('3 of 3 scans finished', { timeout: 120_000 });
  const id = (await card.getAttribute('data-testid'))!.replace(/^batch-|-summary$/g, '');
  // The card is the account's batch list (GET /api/search-info/batch), nothing kept in this
  // browser: it is still there with the browser's storage emptied.
  await page.evaluate(() => window.localStorage.clear());
  await page.reload();
  await expect(page.getByTestId(`batch-${id}-summary`)).toContainText('3 of 3 scans finished', {
    timeout: 30_000,
  });

  await page.getByTestId(`batch-${id}-menu`).click();
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId(`batch-${id}-download-xlsx`).click(),
  ]);
  expect(file.suggestedFilename()).toBe('Rivals.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(fs.readFileSync((await file.path())!) as unknown as ExcelJS.Buffer);
  const sheet = book.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(header).toEqual([
    'Store',
    'Market',
    'ASIN',
    'Title',
    'Price',
    'Currency',
    'List price',
    'Stars',
    'Ratings',
    "Amazon's Choice",
    'Best Seller',
    'Prime',
    'Also sponsored',
    'Book',
    'Category',
    'First page',
    'Query',
    'First seen',
    'Stores carrying it',
  ]);
  const col = (name: string) => header.indexOf(name) + 1;
  const truth = new Map<string, Map<string, Awaited<ReturnType<typeof simListings>>[number]>>();
  for (const s of three)
    truth.set(storeUrl(s), new Map((await simListings(s.sellerId)).map((l) => [l.asin, l])));
  const yes = (b: boolean) => (b ? 'Yes' : 'No');
  const perStore = new Map<string, number>();
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const store = String(row.getCell(col('Store')).value);
    const asin = String(row.getCell(col('ASIN')).value);
    const l = truth.get(store)?.get(asin);
    expect(l, `${store} ${asin}`).toBeDefined();
    expect({
      asin,
      market: row.getCell(col('Market')).value,
      title: row.getCell(col('Title')).value,
      price: row.getCell(col('Price')).value,
      listPrice: row.getCell(col('List price')).value,
      stars: row.getCell(col('Stars')).value,
      ratings: row.getCell(col('Ratings')).value,
      choice: row.getCell(col("Amazon's Choice")).value,
      best: row.getCell(col('Best Seller')).value,
      prime: row.getCell(col('Prime')).value,
      carriers: row.getCell(col('Stores carrying it')).value,
    }).toEqual({
      asin,
      market: 'CA',
      title: l!.title,
      price: l!.price,
      listPrice: l!.listPrice,
      stars: l!.stars,
      ratings: l!.ratings,
      choice: yes(l!.amazonsChoice),
      best: yes(l!.bestSeller),
      prime: yes(l!.prime),
      carriers: 1,
    });
    perStore.set(store, (perStore.get(store) ?? 0) + 1);
  }
  // Every store's rows: the small store whole, the others to the 7-page cap of a standard scan.
  expect(perStore.get(storeUrl(three[0]!))).toBe(60);
  expect(perStore.size).toBe(3);
});

test('the filter tool combines the batch: in at least 2 of 3 lists, minus my store', async ({
  page,
  request,
  context,
}) => {
  const token = await logIn(request, context, DEMO_SELLER);
  // The batch's scans (the test above) as the filter tool lists them, and their downloads.
  const list = await request.get(`${demoURL}/api/search-info?size=100`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const scans = ((await list.json()).data as { id: string; fileName: string }[]).filter((t) =>
    /^Rivals [12]$/.test(t.fileName),
  );
  const asinsOf = async (name: string) => {
    const scan = scans.find((t) => t.fileName === name)!;
    const file = await request.get(`${demoURL}/api/search-info/${scan.id}/download`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return (await file.text()).trim().split('\n');
  };
  const [first, second] = [await asinsOf('Rivals 1'), await asinsOf('Rivals 2')];
  // A third list sharing 30 ASINs with the first and 10 with the second; my store holds 5 of them.
  const third = [...first.slice(0, 30), ...second.slice(0, 10), 'B0ONLYHERE'];
  const mine = [...first.slice(0, 3), ...second.slice(0, 2)];

  await page.goto('/us/dashboard');
  await page.getByTestId('nav-filter-tool').click();
  const panel = page.getByTestId('set-ops');
  for (const name of ['Rivals 1', 'Rivals 2']) {
    await panel.getByTestId('set-ops-scan').click();
    await page.getByRole('option', { name: new RegExp(`^${name} \\(`) }).click();
  }
  const paste = async (name: string, asins: string[]) => {
    await panel.getByTestId('set-ops-paste-name').fill(name);
    await panel.getByTestId('set-ops-paste').fill(asins.join('\n'));
    await panel.getByTestId('set-ops-add').click();
  };
  await paste('Third', third);
  await paste('Mine', mine);
  const rows = panel.getByTestId('set-ops-list');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0).getByTestId('set-ops-list-size')).toHaveText(String(first.length));
  // "Mine" becomes my store and leaves the lists combined.
  await rows.nth(3).getByTestId('set-ops-list-mine').click();
  await rows.nth(3).getByTestId('set-ops-list-remove').click();
  await expect(rows).toHaveCount(3);

  await panel.getByTestId('set-ops-kind').click();
  await page.getByRole('option', { name: 'In at least k of the lists' }).click();
  await panel.getByTestId('set-ops-k').fill('2');
  await panel.getByTestId('set-ops-subtract').check();
  await panel.getByTestId('set-ops-compute').click();
  const expected = [...first.slice(0, 30), ...second.slice(0, 10)].filter((a) => !mine.includes(a));
  await expect(panel.getByTestId('set-ops-counts')).toContainText(
    `Result: 40 ASINs, ${expected.length} after`,
  );
  const shown = (await panel.getByTestId('set-ops-preview').inputValue()).trim().split(/\s+/);
  expect(shown.sort()).toEqual([...expected].sort());
});

test('drag a finished scan to archived', async ({ page }) => {
  await page.goto('/us/dashboard');
  const { id } = await cardOf(page, 'Şapka mağazası');
  const handle = page.getByTestId(`todo-${id}-drag`);
  const archived = page.getByTestId('column-archived');
  await handle.scrollIntoViewIfNeeded();
  const from = (await handle.boundingBox())!;
  const to = (await archived.boundingBox())!;
  const y = from.y + from.height / 2;
  // The columns are as tall as the board: the archived one is beside the card, at the same height.
  expect(to.y).toBeLessThan(y);
  expect(to.y + to.height).toBeGreaterThan(y);
  await page.mouse.move(from.x + from.width / 2, y);
  await page.mouse.down();
  // Past the sensor's 6 px activation distance, then over the column, in steps.
  await page.mouse.move(from.x + from.width / 2 + 20, y, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, y, { steps: 12 });
  await page.mouse.up();
  await expect(archived.getByTestId(`todo-${id}`)).toBeVisible();
  await expect(page.getByTestId('column-completed').getByTestId(`todo-${id}`)).toHaveCount(0);
  // It stays there after a reload (the move was saved).
  await page.reload();
  await expect(page.getByTestId('column-archived').getByTestId(`todo-${id}`)).toBeVisible();
});

test('the ASIN filter tool on a pasted list', async ({ page }) => {
  await page.goto('/us/dashboard');
  await page.getByTestId('nav-filter-tool').click();
  const panel = page.getByTestId('filter-tool-panel');
  await panel.getByTestId('filter-input').fill('b0abcdefgh, B0ABCDEFGH 0123456789\nB0ZZZZZZZZ;B0YYYYYYYY');
  await panel.getByLabel('Remove duplicates').check();
  await panel.getByLabel('Remove', { exact: true }).check();
  await panel.getByTestId('filter-apply').click();
  await expect(panel.getByTestId('filter-count-total')).toContainText('5');
  await expect(panel.getByTestId('filter-count-duplicate')).toContainText('1');
  await expect(panel.getByTestId('filter-count-digital')).toContainText('1');
  await expect(panel.getByTestId('filter-count-result')).toContainText('3');
  const result = (await panel.getByTestId('filter-result').inputValue()).split(/\W+/).filter(Boolean);
  expect(result).toEqual(['B0ABCDEFGH', 'B0ZZZZZZZZ', 'B0YYYYYYYY']);
});

test('a user without a plan is told so in both locales: dashboard, scan types, filter tool', async ({
  page,
  request,
  context,
}) => {
  const email = `no.plan.${Date.now()}@example.com`;
  const password = 'e2e-secret-1';
  await context.clearCookies();
  const registered = await request.post(`${demoURL}/api/public/register`, {
    data: { firstName: 'Ece', lastName: 'Yılmaz', email, password },
  });
  expect(registered.status()).toBe(200);
  const code = sixDigitCode((await waitForMail(email)).text);
  expect((await request.post(`${demoURL}/api/public/activate`, { data: { email, code } })).status()).toBe(
    200,
  );
  await logIn(request, context, { email, password });

  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-no-plan')).toContainText('Henüz bir paketiniz yok');
  await expect(page.getByTestId('dashboard-buy-plan')).toHaveAttribute('href', '/payment');
  await page.getByTestId('create-scan').click();
  await expect(page.getByTestId('create-standard-hint')).toHaveText('Standart planınız yok.');
  await page.keyboard.press('Escape');
  await page.getByTestId('nav-filter-tool').click();
  await expect(page.getByTestId('filter-tool-premium-warning')).toContainText('premium plan gerektirir');
  await expect(page.getByTestId('filter-input')).toBeDisabled();

  await page.goto('/us/dashboard');
  await expect(page.getByTestId('dashboard-no-plan')).toContainText('You have no plan yet');
  await expect(page.getByTestId('dashboard-buy-plan')).toHaveAttribute('href', '/us/payment');
  await page.getByTestId('create-scan').click();
  await expect(page.getByTestId('create-deep-hint')).toHaveText('You do not have a Deep plan.');
  await page.keyboard.press('Escape');
  await page.getByTestId('nav-filter-tool').click();
  await expect(page.getByTestId('filter-tool-premium-warning')).toContainText('needs a premium plan');
  await expect(page.getByTestId('filter-input')).toBeDisabled();
});

/** The viewport boxes of the scan cards on the page (the elements whose test id is a card's own). */
const cardBoxes = (page: Page) =>
  page
    .locator('[data-testid^="todo-"]')
    .evaluateAll((els) =>
      els
        .filter((e) => /^todo-[0-9a-f-]{36}$/.test(e.getAttribute('data-testid') ?? ''))
        .map((e) => e.getBoundingClientRect().toJSON() as DOMRect),
    );
const overlaps = (a: DOMRect, b: DOMRect) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

test('at 390 × 844: the four state tabs in one row, the contact button over no card, toasts below the navigation', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [path, completed] of [
    ['/dashboard', 'Tamamlanan'],
    ['/us/dashboard', 'Completed'],
  ]) {
    await page.goto(path);
    const tabs = page.getByTestId('board-tabs').getByRole('tab');
    await expect(tabs).toHaveCount(4);
    const tabBoxes = await tabs.evaluateAll((els) =>
      els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect),
    );
    for (const box of tabBoxes) {
      expect(box.top, `${path}: the tabs in one row`).toBe(tabBoxes[0].top);
      expect(box.right, `${path}: every tab inside the screen`).toBeLessThanOrEqual(390);
    }
    await tabs.filter({ hasText: completed }).click();
    await expect(page.locator('[data-testid^="todo-"][data-testid$="-name"]').first()).toBeVisible();
    const contact = page.getByTestId('contact-button');
    await expect(contact).toBeVisible();
    // At the top of the page and scrolled to its end, the button covers no card.
    for (const scroll of ['top', 'end']) {
      if (scroll === 'end') await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const button = (await contact.evaluate((e) => e.getBoundingClientRect().toJSON())) as DOMRect;
      const cards = await cardBoxes(page);
      expect(cards.length).toBeGreaterThan(0);
      for (const card of cards)
        expect(overlaps(button, card), `${path}, ${scroll}: a card under the button`).toBe(false);
    }
  }

  // A toast (the scan created) opens below the header's navigation, not over it.
  await page.evaluate(() => window.scrollTo(0, 0));
  const dialog = await startScan(page, 'standard', 'Dar ekran', small);
  await dialog.getByTestId('scan-submit').click();
  const toast = page.getByRole('alert').filter({ hasText: 'Your scan has been created.' });
  await expect(toast).toBeVisible();
  const nav = (await page.locator('header').evaluate((e) => e.getBoundingClientRect().toJSON())) as DOMRect;
  const box = (await toast.evaluate((e) => e.getBoundingClientRect().toJSON())) as DOMRect;
  expect(box.top).toBeGreaterThanOrEqual(nav.bottom);
});

/**
 * Last in the file: a check of timing on a shared machine, whose failure (serial mode) skips nothing.
 * Rounds of the check below: each a fresh operation on the same five lists.
 */
const LONG_TASK_ROUNDS = 5;
/** The bound on one task of the page's thread while the lists are combined. */
const LONG_TASK_MS = 50;

/** Five lists of 100,000 distinct ASINs drawn from 250,000 (they overlap, as rivals' stores do). */
function rivalLists(): string[][] {
  let x = 19;
  const next = () => (x = (Math.imul(x, 1_103_515_245) + 12_345) >>> 0);
  const pool = Array.from(
    { length: 250_000 },
    (_, i) => `B0${i.toString(36).toUpperCase().padStart(8, '0')}`,
  );
  return Array.from({ length: 5 }, () => {
    const list = new Set<string>();
    while (list.size < 100_000) list.add(pool[next() % pool.length]!);
    return [...list];
  });
}

test('the filter tool combines 5 lists of 100,000 ASINs without blocking the page over 50 ms', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const lists = rivalLists();
  const carried = new Map<string, number>();
  for (const list of lists) for (const asin of list) carried.set(asin, (carried.get(asin) ?? 0) + 1);
  const expected = {
    union: carried.size,
    intersection: [...carried.values()].filter((n) => n === 5).length,
    atLeast: [...carried.values()].filter((n) => n >= 2).length,
  };
  await page.goto('/us/dashboard');
  await page.getByTestId('nav-filter-tool').click();
  const panel = page.getByTestId('set-ops');
  await panel.locator('input[type="file"]').setInputFiles(
    lists.map((list, i) => ({
      name: `rival-${i + 1}.txt`,
      mimeType: 'text/plain',
      buffer: Buffer.from(list.join('\n') + '\n'),
    })),
  );
  await expect(panel.getByTestId('set-ops-list-size')).toHaveText(Array(5).fill('100,000'), {
    timeout: 30_000,
  });

  const kinds = ['union', 'intersection', 'atLeast'] as const;
  const label = {
    union: 'Union: in any of the lists',
    intersection: 'Intersection: in every list',
    atLeast: 'In at least k of the lists',
  };
  type Round = { kind: string; longTasks: number[]; longestGapMs: number; resultAfterMs: number };
  const rounds: Round[] = [];
  /** Rounds measured again (a long task the first time): reported, not counted. */
  const retried: Round[] = [];
  // Playwright's trace recorder copies the DOM and its CSS on the page's own thread (tasks of its own
  // of 50–600 ms on a loaded machine): paused while the rounds run, so only the app's tasks count.
  const paused = await context.tracing.stopChunk().then(
    () => true,
    () => false,
  );
  try {
    const measure = async (kind: (typeof kinds)[number]) => {
      // Choosing the operation hides the last result, and its dropdown closes (its transition's
      // last render is not the operation's).
      await choose(page, 'set-ops-kind', label[kind]);
      await expect(panel.getByTestId('set-ops-counts')).toHaveCount(0);
      await expect(page.getByRole('listbox')).toHaveCount(0);
      // In the page, so that nothing of Playwright's (its polling of a locator) runs meanwhile: from
      // the click until the result has been painted, the long tasks (over 50 ms: the Long Tasks API),
      // and the longest gap between the beats of a 0 ms timer (how long the thread was taken, also
      // below 50 ms; a chained timer beats about every 4 ms).
      const seen = await page.evaluate(async () => {
        // What the page had left to do (the last round's deferred renders, an idle-time GC) first.
        await new Promise<void>((done) => {
          const idle = (d: IdleDeadline) =>
            d.didTimeout || d.timeRemaining() >= 40 ? done() : requestIdleCallback(idle, { timeout: 5000 });
          requestIdleCallback(idle, { timeout: 5000 });
        });
        const longTasks: number[] = [];
        const observer = new PerformanceObserver((entries) => {
          for (const e of entries.getEntries()) longTasks.push(Math.round(e.duration));
        });
        observer.observe({ type: 'longtask' });
        let beating = true;
        let last = performance.now();
        let longestGap = 0;
        const beat = () => {
          const now = performance.now();
          longestGap = Math.max(longestGap, now - last);
          last = now;
          if (beating) setTimeout(beat, 0);
        };
        setTimeout(beat, 0);
        const counts = () => document.querySelector('[data-testid="set-ops-counts"]');
        const shown = new Promise<number>((resolve, reject) => {
          const watch = new MutationObserver(() => {
            if (!counts()) return;
            watch.disconnect();
            resolve(performance.now());
          });
          watch.observe(document.body, { childList: true, subtree: true });
          setTimeout(() => reject(new Error('no result in 30 s')), 30_000);
        });
        const started = performance.now();
        document.querySelector<HTMLButtonElement>('[data-testid="set-ops-compute"]')!.click();
        const shownAt = await shown;
        // Two frames: the result is painted and the observer has delivered its entries.
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
        await new Promise((done) => setTimeout(done, 0));
        beating = false;
        for (const e of observer.takeRecords()) longTasks.push(Math.round(e.duration));
        observer.disconnect();
        return {
          longTasks,
          longestGapMs: Math.round(longestGap),
          resultAfterMs: Math.round(shownAt - started),
          text: counts()!.textContent,
        };
      });
      const { text, ...figures } = seen;
      expect(text).toContain(`Result: ${expected[kind].toLocaleString('en-US')} ASINs`);
      return { kind, ...figures };
    };
    for (let round = 0; round < LONG_TASK_ROUNDS; round++) {
      const kind = kinds[round % kinds.length]!;
      let measured = await measure(kind);
      // A round with a long task is measured once more: on a loaded machine (load average 8, a
      // fresh-clone run) one round once had a 51 ms task. The check fails when the same
      // operation blocks twice in a row; a page that combined the lists on its own thread (hundreds of
      // ms) blocks every time.
      if (measured.longTasks.some((ms) => ms > LONG_TASK_MS)) {
        retried.push(measured);
        measured = await measure(kind);
      }
      rounds.push(measured);
    }
  } finally {
    if (paused) await context.tracing.startChunk();
  }
  const report = rounds.map((r) => `${r.kind} ${r.resultAfterMs} ms, longest gap ${r.longestGapMs} ms`);
  for (const r of retried)
    report.push(`measured again after a ${r.kind} round with long tasks of ${r.longTasks.join(', ')} ms`);
  test.info().annotations.push({ type: 'set operations, page thread', description: report.join('; ') });
  console.log(`set operations, page thread: ${report.join('; ')}`);
  expect(rounds.filter((r) => r.longTasks.some((ms) => ms > LONG_TASK_MS))).toEqual([]);
});

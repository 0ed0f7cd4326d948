import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { waitForMail } from './outbox';
import {
  DEMO_ADMIN,
  DEMO_SELLER,
  demoURL,
  logIn,
  setSimFaults,
  simListings,
  simStores,
  simURL,
  startDemo,
  stopDemo,
  trueAsins,
  type SimStore,
} from './scans-demo';

/**
 * Store tracking as a seller uses it on `make demo` (issue 18): track a simulator store, run it (the
 * baseline), change the store in the simulator (listings added and delisted), run again and see
 * exactly those ASINs on the store page, in its downloads and in the email digest; then a run the
 * marketplace blocks ends without reporting any removal.
 */
test.describe.configure({ mode: 'serial' });
test.use({ baseURL: demoURL, locale: 'en-US' });

let store: SimStore;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  await startDemo();
  store = (await simStores()).find((s) => s.seed === 'demo-small')!;
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  await stopDemo();
});

test.beforeEach(async ({ request, context }) => {
  await logIn(request, context, DEMO_SELLER);
});

/** The simulator changes the store: its next listings added, some delisted (the ASINs of each). */
async function changeStore(add: number, remove: number): Promise<{ added: string[]; removed: string[] }> {
  const res = await fetch(`${simURL}/__sim/stores/${store.sellerId}/changes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ add, remove }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { added: string[]; removed: string[] };
}

/** Runs the tracker now from its card and waits until the run has ended (the card's last run line). */
async function runNow(card: Locator, id: string, ended: RegExp) {
  await card.getByTestId(`tracker-${id}-run`).click();
  await expect(card.getByTestId(`tracker-${id}-last`)).toHaveText(ended, { timeout: 45_000 });
}

async function downloadOf(page: Page, runId: string, list: 'added' | 'removed', format: 'txt' | 'csv') {
  await page.getByTestId(`run-${runId}-download`).click();
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId(`run-${runId}-${list}-${format}`).click(),
  ]);
  return fs.readFileSync((await file.path())!, 'utf8');
}

test('track a store, change it, see exactly what it added and removed; a blocked run removes nothing', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const label = `Rival ${Date.now() % 100_000}`;
  const storeUrl = `https://www.amazon.ca/s?me=${store.sellerId}`;
  const before = await trueAsins(store.sellerId);

  // Track the store from the tracked stores page.
  await page.goto('/us/trackers');
  await page.getByRole('button', { name: 'Track your first store' }).click();
  const dialog = page.getByTestId('tracker-dialog');
  await dialog.getByTestId('tracker-store-url').fill(storeUrl);
  await dialog.getByTestId('tracker-market').click();
  await page.getByRole('option', { name: 'Canada' }).click();
  await dialog.getByTestId('tracker-file-name').fill(label);
  await dialog.getByTestId('tracker-submit').click();
  const card = page.getByRole('article', { name: label });
  await expect(card).toBeVisible();
  const id = (await card.getAttribute('data-testid'))!.replace(/^tracker-/, '');
  await expect(card.getByTestId(`tracker-${id}-schedule`)).toHaveText('Every day at 06:00 Istanbul time');

  // The first run is the baseline: the whole store, nothing "added".
  await runNow(card, id, new RegExp(`Baseline: ${before.length} ASINs`));

  // The store changes between two runs.
  const change = await changeStore(3, 2);
  expect([change.added.length, change.removed.length]).toEqual([3, 2]);
  await runNow(card, id, /\+3 added.*−2 removed/);

  // The store page: the run's lists, its downloads and the ASIN history say the same.
  await card.getByTestId(`tracker-${id}-open`).click();
  await expect(page).toHaveURL(new RegExp(`/us/trackers/${id}$`));
  const runs = page.getByTestId('runs-table');
  const second = runs.locator('tbody tr').first();
  const runId = (await second.getAttribute('data-testid'))!.replace(/^run-/, '');
  await expect(page.getByTestId(`run-${runId}-added`)).toHaveText('+3');
  await expect(page.getByTestId(`run-${runId}-removed`)).toHaveText('−2');
  const added = (await downloadOf(page, runId, 'added', 'txt')).trim().split('\n');
  expect(added.sort()).toEqual([...change.added].sort());
  const removed = (await downloadOf(page, runId, 'removed', 'txt')).trim().split('\n');
  expect(removed.sort()).toEqual([...change.removed].sort());
  await page.getByTestId('asins-filter').getByText('Removed').click();
  for (const asin of change.removed) await expect(page.getByTestId(`asin-${asin}`)).toBeVisible();
  await expect(page.getByTestId('asins-total')).toHaveText('2 ASINs');

  // The email digest, in the seller's language, names the same ASINs.
  const subject = new RegExp(`${label}: 3 (added, 2 removed|eklendi, 2 kaldırıldı)`);
  const mail = await waitForMail(DEMO_SELLER.email, (m) => subject.test(m.subject), { timeout: 30_000 });
  for (const asin of change.added) expect(mail.text).toContain(asin);
  // With the titles the scan's tiles showed (the simulator's listings are the truth).
  const listings = await simListings(store.sellerId);
  const title = listings.find((l) => l.asin === change.added[0])!.title;
  expect(mail.text).toContain(title);
  expect(mail.text).toContain(`/trackers/${id}`);

  // A run the marketplace blocks ends partial: what it did not see is "not seen", never "removed".
  await page.goto('/us/trackers');
  const faults = await setSimFaults({ captchaRate: 1 });
  try {
    await runNow(card, id, /partial: \d+ not seen, no removals reported/);
  } finally {
    await setSimFaults({ captchaRate: faults.captchaRate });
  }
  await card.getByTestId(`tracker-${id}-open`).click();
  const third = page.getByTestId('runs-table').locator('tbody tr').first();
  const thirdId = (await third.getAttribute('data-testid'))!.replace(/^run-/, '');
  await expect(page.getByTestId(`run-${thirdId}-partial`)).toBeVisible();
  await expect(page.getByTestId(`run-${thirdId}-removed`)).toHaveText(/no removals reported/);

  // The admin home counts the three tracked runs as their own kind (issue 18), not as the seller's scans.
  const adminContext = await browser.newContext({ baseURL: demoURL, locale: 'en-US' });
  try {
    await logIn(request, adminContext, DEMO_ADMIN);
    const adminPage = await adminContext.newPage();
    await adminPage.goto('/us/admin');
    const tracked = adminPage.getByTestId('counter-trackedScansToday');
    await expect(tracked).toContainText('Tracked-store scans today');
    await expect(tracked.getByTestId('counter-trackedScansToday-value')).toHaveText(/^\d+$/);
    expect(
      Number(await tracked.getByTestId('counter-trackedScansToday-value').textContent()),
    ).toBeGreaterThanOrEqual(3);
  } finally {
    await adminContext.close();
  }
});

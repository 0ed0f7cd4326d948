/**
 * Admin journeys (issue 11) through the real SPA, gateway and services: the users list, system
 * parameters and promotions on their own; then one seller from sign-up to deletion
 * with the admin beside them (the "Done when"): counters and charts, finding the user, their
 * plans, invoices and scans, a plan granted by hand, a refund, a running scan cancelled, a promotion
 * used at checkout, a daily limit enforced at once, the contact form, the guard of /admin, and the
 * deletion. The admin is the account ensured at start from ADMIN_EMAIL / ADMIN_PASSWORD; the scans
 * run on the marketplace simulator's stores (server-with-catcher.mjs).
 */
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { sixDigitCode, waitForMail } from './outbox';

const ADMIN = { email: 'admin@shelfscan.test', password: 'admin-e2e-pass' };

async function loginAsAdmin(page: Page, prefix: '' | '/us' = '') {
  await page.goto(`${prefix}/auth/login`);
  await page.getByTestId('login-email').fill(ADMIN.email);
  await page.getByTestId('login-password').fill(ADMIN.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('the admin home: the counters and the users list with search', async ({ page }) => {
  await loginAsAdmin(page);
  await page.getByTestId('nav-admin').click();
  await page.getByTestId('nav-admin-users').click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('counter-totalUsers-value')).toHaveText(/^[1-9][\d.]*$/);
  await expect(page.getByTestId(/^counter-[a-zA-Z]+$/)).toHaveCount(11);

  await page.getByTestId('users-search').fill('shelfscan.test');
  await expect(page).toHaveURL(/\/admin\?q=shelfscan\.test$/);
  const row = page.getByTestId(`user-row-${ADMIN.email}`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId('flag-membership')).toHaveText('Üyelik aktif');
  await expect(row.getByRole('link', { name: ADMIN.email })).toHaveAttribute(
    'href',
    `/admin/user/${encodeURIComponent(ADMIN.email)}`,
  );
  await page.getByTestId('users-search').fill('no-such-user-anywhere');
  await expect(page.getByTestId('users-empty')).toContainText('no-such-user-anywhere');
});

test("the admin's Turkish header fits the window from the widest to the narrowest wide layout", async ({
  page,
}) => {
  await loginAsAdmin(page);
  await page.goto('/admin');
  await expect(page.getByTestId('nav-logout')).toBeVisible();
  // 992 px is Mantine's md, where the burger gives way to the full row; it ran 145 px past 1,000 px.
  for (const width of [1440, 1280, 1000, 992]) {
    await page.setViewportSize({ width, height: 800 });
    const box = await page.getByTestId('nav-logout').boundingBox();
    expect(box && box.x + box.width, `the logout button's right edge at ${width} px`).toBeLessThanOrEqual(
      width,
    );
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      `${width} px`,
    ).toBe(0);
  }
  await expect(page.getByTestId('nav-logout')).toHaveAccessibleName('Çıkış yap');
});

test('system parameters: a bad value stays in the browser, a change is saved, audited and reverted (English)', async ({
  page,
}) => {
  await loginAsAdmin(page, '/us');
  await page.goto('/us/admin/system-parameters');
  const limit = page.getByTestId('parameter-search.standard.dailyLimit-value1');
  await expect(limit).toHaveValue(/^\d+$/);
  const before = await limit.inputValue();
  const changed = String(Number(before) + 1);

  // Checked by key before anything is sent.
  const whatsapp = page.getByTestId('parameter-contact.whatsapp-value1');
  const number = await whatsapp.inputValue();
  await whatsapp.fill('0532');
  await page.getByTestId('parameters-save').click();
  await expect(page.getByText('A phone number in international form, e.g. +905321234567.')).toBeVisible();
  await whatsapp.fill(number);

  await limit.fill(changed);
  await page.getByTestId('parameters-save').click();
  await expect(page.getByText('Change has been saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('parameter-search.standard.dailyLimit-value1')).toHaveValue(changed);
  await expect(
    page.getByTestId('parameters-audit').locator('[data-testid^="change-"]').first(),
  ).toContainText(`${ADMIN.email}`);
  await expect(
    page.getByTestId('parameters-audit').locator('[data-testid^="change-"]').first(),
  ).toContainText(`search.standard.dailyLimit Value 1: ${before} → ${changed}`);

  // Put the limit back for the other journeys.
  await page.getByTestId('parameter-search.standard.dailyLimit-value1').fill(before);
  await page.getByTestId('parameters-save').click();
  await expect(page.getByText('Change has been saved.').first()).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('parameter-search.standard.dailyLimit-value1')).toHaveValue(before);
});

test('promotions: create (with the form’s and billing’s checks), edit, turn off, delete', async ({
  page,
}) => {
  await loginAsAdmin(page);
  await page.goto('/admin/promotions');
  const code = `E2E${Date.now()}`;

  await page.getByTestId('promotion-new').click();
  await page.getByTestId('promotion-code').fill(code);
  await page.getByTestId('promotion-value').fill('120');
  await page.getByTestId('promotion-count').fill('0');
  await page.getByTestId('promotion-save').click();
  await expect(page.getByText('Yüzde indirimi en fazla 100 olabilir.')).toBeVisible();
  await expect(page.getByText('Adet en az 1 olan bir tam sayı olmalıdır.')).toBeVisible();

  await page.getByTestId('promotion-value').fill('25');
  await page.getByTestId('promotion-count').fill('10');
  await page.getByTestId('promotion-expiry').fill('2099-12-31');
  await page.getByTestId('promotion-save').click();
  const row = page.getByTestId(`promotion-${code}`);
  await expect(row).toContainText(/%25(?![.,\d])/);
  await expect(row).toContainText('10 hakkın 0 tanesi');

  // The same code again is billing's answer, on the code field.
  await page.getByTestId('promotion-new').click();
  await page.getByTestId('promotion-code').fill(code);
  await page.getByTestId('promotion-value').fill('5');
  await page.getByTestId('promotion-save').click();
  await expect(page.getByTestId('promotion-form').getByText('Bu kodla bir promosyon var.')).toBeVisible();
  await page.getByRole('button', { name: 'Vazgeç' }).click();

  await page.getByTestId(`promotion-edit-${code}`).click();
  await page.getByTestId('promotion-value').fill('30');
  await page.getByTestId('promotion-save').click();
  await expect(row).toContainText(/%30(?![.,\d])/);

  // The switch's input is visually hidden: its track is what a user clicks.
  await row.locator('.mantine-Switch-track').click();
  await expect(page.getByText(`${code} artık aktif değil.`)).toBeVisible();
  await expect(page.getByTestId(`promotion-active-${code}`)).not.toBeChecked();

  await page.getByTestId(`promotion-delete-${code}`).click();
  await page.getByTestId('confirm-delete-promotion-confirm').click();
  await expect(row).toHaveCount(0);
});

// ---------------------------------------------------------------------------------------------
// One seller and the admin, end to end (serial: each journey builds on the one before).

const SELLER = {
  email: `seller.${Date.now().toString(36)}@example.com`,
  password: 'e2e-seller-1',
  name: 'Deniz Kaya',
};
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function tokenOf(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/authenticate', { data: { email, password } });
  expect(res.status(), `login of ${email}`).toBe(200);
  return (await res.json()).data.token as string;
}

/** A storefront of the simulator, found by its seed (its stores: server-with-catcher.mjs). */
async function storeUrl(request: APIRequestContext, seed: string): Promise<string> {
  const res = await request.get(`http://127.0.0.1:${process.env.E2E_SIM_PORT}/__sim/stores`);
  const store = ((await res.json()) as { seed: string; sellerId: string }[]).find((s) => s.seed === seed);
  if (!store) throw new Error(`the simulator has no store ${seed}: see server-with-catcher.mjs`);
  return `https://www.amazon.ca/s?me=${store.sellerId}`;
}

/** A logged-in browser context of its own (the journeys share it; the config's `use` is not applied). */
async function loggedIn(browser: Browser, email: string, password: string, prefix: '' | '/us' = '') {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, locale: 'tr-TR' });
  const page = await context.newPage();
  await page.goto(`${prefix}/auth/login`);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return { context, page };
}

/** The seller's quota as the search service sees it (plans seen in billing's events, limits). */
async function quota(request: APIRequestContext, token: string) {
  return (await (await request.get('/api/search-info/quota', { headers: bearer(token) })).json()).data as {
    plans: Record<string, boolean>;
    standard: { dayUsed: number; dayLimit: number };
  };
}

async function startScan(
  request: APIRequestContext,
  token: string,
  body: { searchType: 'standard' | 'deep'; fileName: string; storeUrl: string },
  lang = 'tr',
) {
  return request.post('/api/search-info', {
    headers: { ...bearer(token), 'Accept-Language': lang },
    data: { ...body, market: 'CA' },
  });
}

test.describe.serial('an admin and a seller, end to end', () => {
  let admin: { context: BrowserContext; page: Page };
  let seller: { context: BrowserContext; page: Page };
  let sellerToken: string;
  let adminToken: string;
  const promotion = `E2ESELL${Date.now().toString(36).toUpperCase()}`;

  test.beforeAll(async ({ browser, request }) => {
    // The seller signs up (the mailed code) and saves a card, through the API.
    const reg = await request.post('/api/public/register', {
      data: {
        firstName: 'Deniz',
        lastName: 'Kaya',
        email: SELLER.email,
        password: SELLER.password,
        langKey: 'tr',
      },
    });
    expect(reg.status()).toBe(200);
    const code = sixDigitCode((await waitForMail(SELLER.email)).text);
    expect(
      (await request.post('/api/public/activate', { data: { email: SELLER.email, code } })).status(),
    ).toBe(200);
    sellerToken = await tokenOf(request, SELLER.email, SELLER.password);
    adminToken = await tokenOf(request, ADMIN.email, ADMIN.password);
    const card = await request.post('/api/card', {
      headers: bearer(sellerToken),
      data: {
        cardHolderName: SELLER.name,
        cardNumber: '5528790000000008',
        expireMonth: '12',
        expireYear: String(new Date().getFullYear() + 3),
        cvc: '123',
        billing: {
          address: 'Caferağa Mah. Moda Cd. 1',
          zipCode: '34710',
          contactName: SELLER.name,
          city: 'Kadıköy',
          country: 'TR',
          region: '34',
        },
      },
    });
    expect(card.status()).toBe(200);
    admin = await loggedIn(browser, ADMIN.email, ADMIN.password);
    seller = await loggedIn(browser, SELLER.email, SELLER.password);
  });
  test.afterAll(async () => {
    await admin?.context.close();
    await seller?.context.close();
  });

  test('the admin creates a promotion; the seller uses it at checkout and sees the discount', async () => {
    const { page } = admin;
    await page.goto('/admin/promotions');
    await page.getByTestId('promotion-new').click();
    await page.getByTestId('promotion-code').fill(promotion);
    await page.getByTestId('promotion-value').fill('20');
    await page.getByTestId('promotion-count').fill('3');
    await page.getByTestId('promotion-save').click();
    await expect(page.getByTestId(`promotion-${promotion}`)).toContainText('3 hakkın 0 tanesi');

    const shop = seller.page;
    await shop.goto('/payment/addPlan');
    await expect(shop.getByTestId('breakdown-try')).toBeVisible();
    await expect(shop.getByTestId('breakdown-discount')).toHaveCount(0);
    await shop.getByTestId('coupon-input').fill(promotion);
    await expect(shop.getByTestId('coupon-applied')).toBeVisible();
    await expect(shop.getByTestId('breakdown-discount')).toContainText('$');
    await shop.getByTestId('buy-submit').click();
    await expect(shop).toHaveURL(/\/payment\/addPlan\/success\?conversationId=/);

    await page.reload();
    await expect(page.getByTestId(`promotion-${promotion}`)).toContainText('3 hakkın 1 tanesi');
  });

  test('the admin finds the seller (search, direct link, get-user-info) and sees the plan and the invoice, then refunds it', async () => {
    const { page } = admin;
    await page.goto('/admin');
    await page.getByTestId('users-search').fill(SELLER.email.split('@')[0]);
    // The search applies after its debounce (?q= in the address, then the list again): click once
    // the list is the search's, not while its rows are being replaced (a click then is lost).
    await expect(page).toHaveURL(/[?&]q=seller\./);
    await expect(page.locator('[data-testid^="user-row-"]')).toHaveCount(1);
    const row = page.getByTestId(`user-row-${SELLER.email}`);
    await expect(row.getByTestId('flag-plan')).toHaveText('Plan aktif');
    await row.getByRole('link', { name: SELLER.email }).click();
    await expect(page.getByTestId('user-name')).toHaveText(SELLER.name);

    // A reload of the page's own address (its last segment looks like a file name) is the page.
    await page.goto(`/admin/user/${SELLER.email}`);
    await expect(page.getByTestId('user-email')).toHaveText(SELLER.email);
    await page.goto('/admin/get-user-info');
    await page.getByTestId('user-lookup-email').fill(SELLER.email);
    await page.getByTestId('user-lookup-submit').click();
    await expect(page.getByTestId('user-email')).toHaveText(SELLER.email);

    const plans = page.getByTestId('plans-table');
    await expect(plans).toContainText('Standart');
    await expect(plans).toContainText('Aktif');
    const invoices = page.getByTestId('invoices-table');
    await expect(invoices).toContainText('₺');
    await invoices.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/admin\/user\/invoice\//);
    await expect(page.getByTestId('invoice-user')).toHaveText(SELLER.email);
    await expect(page.getByTestId('invoice-discount')).toContainText('−');

    // All that was paid goes back (the same day: the payment is cancelled whole).
    await page.getByTestId('refund-reason').fill('E2E goodwill');
    await page.getByTestId('refund-submit').click();
    await page.getByTestId('confirm-refund-confirm').click();
    await expect(page.getByText('İade yapıldı.')).toBeVisible();
    const paid = (await page.getByTestId('invoice-try').textContent())!;
    await expect(page.getByTestId('invoice-refunded')).toHaveText(`İade edilen: ${paid}`);
    await expect(page.getByTestId('invoice-refunds')).toContainText('E2E goodwill');
    await expect(page.getByTestId('refund-form')).toHaveCount(0);
    // The user's invoices show it too (the admin read model, from billing's event).
    await page.getByTestId('invoice-user').getByRole('link').click();
    await expect(page.getByTestId('invoices-table')).toContainText(`${paid}`);
    await expect(page.getByTestId('invoices-table').locator('a[data-testid^="invoice-refund-"]')).toHaveCount(
      0,
    );
  });

  test('the admin grants a deep plan by hand, then cancels the seller’s running deep scan from search URLs', async ({
    request,
  }) => {
    const { page } = admin;
    await page.goto(`/admin/user/${encodeURIComponent(SELLER.email)}`);
    await page.getByTestId('plan-grant-open').click();
    await page.getByTestId('plan-grant-standard').uncheck();
    await page.getByTestId('plan-grant-deep').check();
    const end = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    await page.getByTestId('plan-grant-end').fill(end);
    await page.getByTestId('plan-grant-reason').fill('E2E support gesture');
    await page.getByTestId('plan-grant-submit').click();
    await expect(page.getByText('Plan tanımlandı.')).toBeVisible();
    await expect(page.getByTestId('plans-table')).toContainText(
      `${ADMIN.email} tanımladı: E2E support gesture`,
    );

    // The search service learns the plan from billing's event; then the seller scans a large store.
    await expect.poll(async () => (await quota(request, sellerToken)).plans.deep).toBe(true);
    const started = await startScan(request, sellerToken, {
      searchType: 'deep',
      fileName: 'E2E big store',
      storeUrl: await storeUrl(request, 'e2e-admin-large'),
    });
    expect(started.status()).toBe(200);
    const scan = (await started.json()).data as { id: string };
    await expect
      .poll(
        async () =>
          (await (await request.get(`/api/search-info/${scan.id}`, { headers: bearer(sellerToken) })).json())
            .data.status,
        { timeout: 30_000 },
      )
      .toBe('PROCESSING');

    await page.goto(`/admin/search-urls?userEmail=${encodeURIComponent(SELLER.email)}`);
    await expect(page.getByTestId(`scan-status-${scan.id}`)).toHaveText('İşleniyor');
    await page.getByTestId(`scan-cancel-${scan.id}`).click();
    await page.getByTestId('confirm-cancel-scan-confirm').click();
    await expect(page.getByTestId(`scan-status-${scan.id}`)).toHaveText('İptal edildi');
    const after = await request.get(`/api/search-info/${scan.id}`, { headers: bearer(sellerToken) });
    expect((await after.json()).data.status).toBe('CANCELED');

    // The user's page lists the scan and counts it.
    await page.getByTestId(`scan-${scan.id}`).getByRole('link', { name: SELLER.email }).click();
    await expect(page.getByTestId('user-scan-counts')).toContainText('1 derin');
    await expect(page.getByTestId(`scan-${scan.id}`)).toContainText('E2E big store');
    await expect(page.getByTestId(`scan-status-${scan.id}`)).toHaveText('İptal edildi');
  });

  test('a lower standard daily limit refuses the seller’s next scan at once (API and dashboard), then the counters and charts', async ({
    request,
  }) => {
    const small = await storeUrl(request, 'e2e-admin-small');
    const first = await startScan(request, sellerToken, {
      searchType: 'standard',
      fileName: 'E2E small',
      storeUrl: small,
    });
    expect(first.status()).toBe(200);
    const original = (
      await (await request.get('/api/system-parameter', { headers: bearer(adminToken) })).json()
    ).data as { key: string; value1: string }[];
    const { page } = admin;
    try {
      await page.goto('/admin/system-parameters');
      const limit = page.getByTestId('parameter-search.standard.dailyLimit-value1');
      await expect(limit).toHaveValue(/^\d+$/);
      await limit.fill('1');
      await page.getByTestId('parameters-save').click();
      await expect(page.getByText('Değişiklik kaydedildi.')).toBeVisible();

      // Every service applies the change within moments (SystemParametersChanged), no restart.
      await expect.poll(async () => (await quota(request, sellerToken)).standard.dayLimit).toBe(1);
      const refused = await startScan(
        request,
        sellerToken,
        { searchType: 'standard', fileName: 'E2E small again', storeUrl: small },
        'en',
      );
      expect(refused.status()).toBe(429);
      expect(await refused.json()).toMatchObject({
        code: 'noRemainingDailySearchRights',
        message: 'You have no remaining daily search rights.',
      });

      // The dashboard says the same when the seller tries.
      const board = seller.page;
      await board.goto('/dashboard');
      await board.getByTestId('create-scan').click();
      await board.getByTestId('create-standard').click();
      await expect(board.getByTestId('create-limit')).toBeVisible();
      await board.getByTestId('scan-file-name').fill('E2E from the dashboard');
      await board.getByTestId('scan-store-url').fill(small);
      await board.getByTestId('scan-market').click();
      await board.getByRole('option', { name: 'Kanada' }).click();
      await board.getByTestId('scan-submit').click();
      await expect(board.getByTestId('scan-error')).toContainText('Kalan günlük arama hakkınız yok.');
    } finally {
      // The other journeys keep the limit they started with.
      const put = await request.put('/api/system-parameter', { headers: bearer(adminToken), data: original });
      expect(put.status()).toBe(200);
    }

    // The admin home: the counters and the charts, with the seller's scans of today.
    await page.goto('/admin');
    await expect(page.getByTestId(/^counter-[a-zA-Z]+$/)).toHaveCount(11);
    await expect(page.getByTestId('counter-activeDeepUsers-value')).toHaveText(/^[1-9]/);
    await page.getByTestId('tab-charts').click();
    await expect(page.getByTestId('chart-scans-summary')).toContainText(/[1-9]\d* standart, [1-9]\d* derin/);
    await expect(page.getByTestId('chart-revenue-summary')).toContainText('₺');
  });

  test('the seller’s contact form reaches the admin; /admin sends a seller to the dashboard (both locales)', async () => {
    const subject = `E2E seller question ${Date.now()}`;
    const page = seller.page;
    await page.goto('/dashboard');
    await page.getByTestId('contact-button').click();
    await page.getByTestId('contact-form-open').click();
    await expect(page.getByTestId('contact-email')).toHaveValue(SELLER.email);
    await expect(page.getByTestId('contact-name')).toHaveValue(SELLER.name);
    await page.getByTestId('contact-subject').fill(subject);
    await page.getByTestId('contact-message').fill('Faturamı nereden indiririm?');
    await page.getByTestId('contact-send').click();
    await expect(page.getByText('Mesajınız gönderildi. En kısa sürede size dönüş yapacağız.')).toBeVisible();

    await page.goto('/admin');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/us/admin/promotions');
    await expect(page).toHaveURL(/\/us\/dashboard$/);

    await admin.page.goto('/admin?tab=messages');
    const messages = admin.page.getByTestId('messages-table');
    await expect(messages).toContainText(subject);
    await expect(messages).toContainText(SELLER.name);
  });

  test('the admin deletes the seller: the login fails and the users list no longer shows them', async ({
    request,
  }) => {
    const { page } = admin;
    await page.goto('/us/admin/delete-user');
    await page.getByTestId('delete-user-email').fill(SELLER.email);
    await page.getByTestId('delete-user-submit').click();
    await page.getByTestId('confirm-delete-user-retype').fill(SELLER.email);
    await page.getByTestId('confirm-delete-user-confirm').click();
    await expect(page.getByText(`${SELLER.email} has been deleted.`)).toBeVisible();

    await expect
      .poll(async () =>
        (
          await request.post('/api/authenticate', {
            data: { email: SELLER.email, password: SELLER.password },
          })
        ).status(),
      )
      .toBe(401);
    await page.goto(`/us/admin?q=${encodeURIComponent(SELLER.email)}`);
    await expect(page.getByTestId('users-empty')).toBeVisible();
    await expect(page.getByTestId(`user-row-${SELLER.email}`)).toHaveCount(0);

    const login = await seller.context.browser()!.newContext({ baseURL: process.env.E2E_BASE_URL });
    const again = await login.newPage();
    await again.goto('/us/auth/login');
    await again.getByTestId('login-email').fill(SELLER.email);
    await again.getByTestId('login-password').fill(SELLER.password);
    await again.getByTestId('login-submit').click();
    await expect(again.getByTestId('login-error')).toBeVisible();
    await login.close();
  });
});

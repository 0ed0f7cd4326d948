import { expect, test } from '@playwright/test';

test.describe('landing page', () => {
  test('Turkish at / with every section', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('landing-title')).toHaveText(
      'Her Amazon mağazasını hazır bir ASIN listesine dönüştürün',
    );
    await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
    for (const id of ['used-for', 'services', 'markets', 'fee', 'about', 'faq', 'contact']) {
      await expect(page.locator(`section#${id}, #${id}`).first()).toBeVisible();
    }
    for (const market of ['CA', 'MX', 'AE', 'AU', 'SG', 'UK'])
      await expect(page.getByTestId(`market-${market}`)).toBeVisible();
    await expect(page.getByTestId('fee-price')).toContainText('10');
    await expect(page.getByTestId('payment-provider-logo')).toBeVisible();
  });

  test('English under /us', async ({ page }) => {
    await page.goto('/us');
    await expect(page.getByTestId('landing-title')).toHaveText(
      'Turn any Amazon storefront into a ready ASIN list',
    );
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('#faq')).toContainText(/FAQ|Frequently/i);
  });

  test('an unknown route says the page could not be found', async ({ page }) => {
    await page.goto('/us/no/such/page');
    await expect(page.getByText('This page could not be found')).toBeVisible();
    await page.goto('/hic-yok');
    await expect(page.getByText('Bu sayfa bulunamadı')).toBeVisible();
  });
});

test.describe('locale', () => {
  test('the switch goes to the same page in the other language and remembers it in i18n_redirected', async ({
    page,
    context,
  }) => {
    await page.goto('/auth/login');
    await page.getByTestId('lang-switch').first().click();
    await expect(page).toHaveURL(/\/us\/auth\/login$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
    expect(cookie?.value).toBe('en');
    // ~365 days
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(360 * 24 * 3600 * 1000);

    // The root path follows the remembered locale.
    await page.goto('/');
    await expect(page).toHaveURL(/\/us\/?$/);
    await expect(page.getByTestId('landing-title')).toHaveText(
      'Turn any Amazon storefront into a ready ASIN list',
    );
    await expect(page.getByTestId('lang-switch').first()).toHaveText('TR');

    await page.getByTestId('lang-switch').first().click();
    await expect(page).toHaveURL(/localhost:\d+\/?$/);
    expect((await context.cookies()).find((c) => c.name === 'i18n_redirected')?.value).toBe('tr');
  });

  test('an English browser is sent to /us on the root path when no locale is remembered', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ locale: 'en-US', baseURL });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(/\/us\/?$/);
    await context.close();
  });
});

/**
 * Admin journeys on the routes that exist today (the users list, system parameters, promotions, the
 * contact form); the user detail's plans, invoices, deletion and charts follow when their backends
 * land. The admin is the account ensured at start from ADMIN_EMAIL / ADMIN_PASSWORD.
 */
import { expect, test, type Page } from '@playwright/test';

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
  await expect(page.getByTestId(/^counter-[a-zA-Z]+$/)).toHaveCount(10);

  await page.getByTestId('users-search').fill('shelfscan.test');
  await expect(page).toHaveURL(/\/admin\?q=shelfscan\.test$/);
  const row = page.getByTestId(`user-row-${ADMIN.email}`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId('flag-membership')).toHaveText('Üyelik aktif');
  await expect(row.getByRole('link', { name: ADMIN.email })).toHaveAttribute(
    'href',
    `/admin/user/${encodeURIComponent(ADMIN.email).replace(/\./g, '%2E')}`,
  );
  await page.getByTestId('users-search').fill('no-such-user-anywhere');
  await expect(page.getByTestId('users-empty')).toContainText('no-such-user-anywhere');
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
  await expect(row).toContainText('%25.00');
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
  await expect(row).toContainText('%30.00');

  // The switch's input is visually hidden: its track is what a user clicks.
  await row.locator('.mantine-Switch-track').click();
  await expect(page.getByText(`${code} artık aktif değil.`)).toBeVisible();
  await expect(page.getByTestId(`promotion-active-${code}`)).not.toBeChecked();

  await page.getByTestId(`promotion-delete-${code}`).click();
  await page.getByTestId('confirm-delete-promotion-confirm').click();
  await expect(row).toHaveCount(0);
});

test('the contact form reaches the admins’ list', async ({ page }) => {
  await loginAsAdmin(page, '/us');
  const subject = `E2E question ${Date.now()}`;
  await page.getByTestId('contact-button').click();
  await page.getByTestId('contact-form-open').click();
  await expect(page.getByTestId('contact-email')).toHaveValue(ADMIN.email);
  await expect(page.getByTestId('contact-send')).toBeDisabled();
  await page.getByTestId('contact-subject').fill(subject);
  await page.getByTestId('contact-message').fill('Where do I see my invoices?');
  await page.getByTestId('contact-send').click();
  await expect(page.getByText('Your message has been sent. We will get back to you soon.')).toBeVisible();

  await page.goto('/us/admin?tab=messages');
  await expect(page.getByTestId('messages-table')).toContainText(subject);
  await expect(page.getByTestId('messages-table')).toContainText('Where do I see my invoices?');
});

import { expect, test, type Page } from '@playwright/test';

const password = 'e2e-secret-1';

async function register(page: Page, prefix: '' | '/us', email: string) {
  await page.goto(`${prefix}/auth/register`);
  await page.getByTestId('register-first-name').fill('Zeynep');
  await page.getByTestId('register-last-name').fill('Şahin');
  await page.getByTestId('register-email').fill(email);
  await page.getByTestId('register-phone').fill('+90 532 000 00 01');
  await page.getByTestId('register-password').fill(password);
  await page.getByTestId('register-confirm-password').fill(password);
  await page.getByTestId('register-terms').check();
  await page.getByTestId('register-submit').click();
}

test('a guest is sent away from a page that needs login', async ({ page }) => {
  await page.goto('/account');
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await page.goto('/us/dashboard');
  await expect(page).toHaveURL(/\/us\/?$/);
});

test('register → login → my account → logout, in Turkish', async ({ page, context }) => {
  const email = `zeynep.${Date.now()}@example.com`;
  await register(page, '', email);
  // After 1 s the register page sends the user to the login page.
  await expect(page).toHaveURL(/\/auth\/login\?redirect=register$/, { timeout: 5000 });

  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const authCookie = (await context.cookies()).find((c) => c.name === 'frontend-nuxt-auth-key');
  expect(authCookie?.value.split('.')).toHaveLength(3);

  await page.getByTestId('nav-account').click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId('account-email')).toHaveText(email);
  await expect(page.getByTestId('account-first-name')).toHaveText('Zeynep');
  await expect(page.getByTestId('account-last-name')).toHaveText('Şahin');
  await expect(page.getByTestId('account-no-plans')).toBeVisible();

  // A logged-in user is sent away from the guest-only pages.
  await page.goto('/auth/login');
  await expect(page).toHaveURL(/localhost:\d+\/$/);

  await page.goto('/account');
  await page.getByTestId('nav-logout').click();
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  expect((await context.cookies()).find((c) => c.name === 'frontend-nuxt-auth-key')).toBeUndefined();
  await page.goto('/account');
  await expect(page).toHaveURL(/localhost:\d+\/$/);
});

test('English register screen, taken email and validation messages', async ({ page }) => {
  const email = `taken.${Date.now()}@example.com`;
  await register(page, '/us', email);
  await expect(page).toHaveURL(/\/us\/auth\/login\?redirect=register$/, { timeout: 5000 });

  await register(page, '/us', email);
  await expect(page.getByText(/email address already taken/i).first()).toBeVisible();

  await page.goto('/us/auth/register');
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-form')).toContainText(/required|invalid/i);
});

test('a wrong password is refused with the login error', async ({ page }) => {
  await page.goto('/us/auth/login');
  await page.getByTestId('login-email').fill('admin@shelfscan.test');
  await page.getByTestId('login-password').fill('not-the-password');
  await page.getByTestId('login-submit').click();
  await expect(page.getByText(/login failed/i).first()).toBeVisible();
  await expect(page).toHaveURL(/\/us\/auth\/login/);
});

test('an admin sees the admin menu; a user does not', async ({ page }) => {
  await page.goto('/us/auth/login');
  await page.getByTestId('login-email').fill('admin@shelfscan.test');
  await page.getByTestId('login-password').fill('admin-e2e-pass');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/us\/dashboard$/);
  await expect(page.getByTestId('nav-admin')).toBeVisible();
});

import { expect, test, type Page } from '@playwright/test';
import { linkIn, mailFiles, sixDigitCode, waitForMail } from './outbox';

const password = 'first-pass-1';

async function typeCode(page: Page, prefix: string, code: string) {
  await page.getByTestId(`${prefix}-0`).click();
  await page.keyboard.type(code);
}

async function registerOnly(page: Page, prefix: '' | '/us', email: string) {
  await page.goto(`${prefix}/auth/register`);
  await page.getByTestId('register-first-name').fill('Ali');
  await page.getByTestId('register-last-name').fill('Demir');
  await page.getByTestId('register-email').fill(email);
  await page.getByTestId('register-password').fill(password);
  await page.getByTestId('register-confirm-password').fill(password);
  await page.getByTestId('register-terms').check();
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('activation-form')).toBeVisible();
}

async function login(page: Page, email: string, pass: string) {
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(pass);
  await page.getByTestId('login-submit').click();
}

test('the emailed activation link activates the account (English)', async ({ page }) => {
  const email = `link.${Date.now()}@example.com`;
  const before = mailFiles();
  await registerOnly(page, '/us', email);
  const mail = await waitForMail(email, () => true, { seen: before });
  const link = linkIn(mail, '/auth/register-verification');
  expect(link.pathname).toBe('/us/auth/register-verification');
  expect(link.searchParams.get('email')).toBe(email);
  expect(link.searchParams.get('key')).toBe(sixDigitCode(mail.text));

  // A wrong key first: the fail message.
  await page.goto(`/us/auth/register-verification?email=${encodeURIComponent(email)}&key=000001`);
  await expect(page.getByTestId('verification-message')).toHaveText(
    'Sorry, we cannot verify your email. Please try again.',
  );

  await page.goto(link.pathname + link.search);
  await expect(page.getByTestId('verification-message')).toHaveText(
    'You are now verified. Please use your username/password to login.',
  );
  await page.getByTestId('verification-login').click();
  await expect(page).toHaveURL(/\/us\/auth\/login$/);
  await login(page, email, password);
  await expect(page).toHaveURL(/\/us\/dashboard$/);
});

test('login of a not activated account: the message, a rate-limited resend, the code and login (Turkish)', async ({
  page,
}) => {
  const email = `inactive.${Date.now()}@example.com`;
  await registerOnly(page, '', email);
  // On the register screen the resend action waits a minute: a code was just sent.
  await expect(page.getByTestId('activation-resend')).toBeDisabled();
  await expect(page.getByTestId('activation-resend')).toContainText(/\d+ saniye/);
  const mail = await waitForMail(email);

  await page.goto('/auth/login');
  await login(page, email, password);
  await expect(page.getByTestId('login-error')).toHaveText('E-posta hesabınız aktif değil');
  await expect(page.getByTestId('login-activation')).toBeVisible();

  // The server allows one code a minute: the resend is answered 429 and its Retry-After is shown.
  await page.getByTestId('activation-resend').click();
  await expect(page.getByTestId('activation-error')).toContainText(/\d+ saniye bekleyip/);
  await expect(page.getByTestId('activation-resend')).toBeDisabled();
  await expect(page.getByTestId('activation-resend')).toContainText(/\d+ saniye/);

  await typeCode(page, 'activation-code', sixDigitCode(mail.text));
  await expect(page.getByTestId('login-activated')).toBeVisible();
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('forgot password → mailed link → reset → log in with the new password', async ({ page }) => {
  const email = `reset.${Date.now()}@example.com`;
  const newPassword = 'second-pass-2';
  let before = mailFiles();
  await registerOnly(page, '', email);
  const activation = await waitForMail(email, () => true, { seen: before });
  await typeCode(page, 'activation-code', sixDigitCode(activation.text));
  await expect(page).toHaveURL(/\/auth\/login\?redirect=register$/, { timeout: 5000 });

  // Unknown and known addresses get the same confirmation.
  await page.goto('/auth/forgotpassword');
  await page.getByTestId('forgot-email').fill(`nobody.${Date.now()}@example.com`);
  await page.getByTestId('forgot-submit').click();
  const unknownAnswer = await page.getByTestId('forgot-result').textContent();
  before = mailFiles();
  await page.goto('/auth/forgotpassword');
  await page.getByTestId('forgot-email').fill(email);
  await page.getByTestId('forgot-submit').click();
  await expect(page.getByTestId('forgot-result')).toHaveText(unknownAnswer!);

  const mail = await waitForMail(email, (m) => m.text.includes('/auth/resetpassword'), { seen: before });
  const link = linkIn(mail, '/auth/resetpassword');
  expect(link.searchParams.get('email')).toBe(email);

  // A wrong key is refused with registerConfirmValidationError.
  await page.goto(`/auth/resetpassword?email=${encodeURIComponent(email)}&key=not-the-key`);
  await page.getByTestId('reset-password').fill(newPassword);
  await page.getByTestId('reset-confirm-password').fill(newPassword);
  await page.getByTestId('reset-submit').click();
  await expect(page.getByTestId('reset-result')).toHaveText(
    'Bağlantının süresi dolmuş ya da geçersiz. Lütfen tekrar deneyin.',
  );

  await page.goto(link.pathname + link.search);
  await expect(page.getByTestId('reset-email')).toHaveValue(email);
  await page.getByTestId('reset-password').fill(newPassword);
  await page.getByTestId('reset-confirm-password').fill('different-3');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByText('Şifreler eşleşmiyor.')).toBeVisible();
  await page.getByTestId('reset-confirm-password').fill(newPassword);
  await page.getByTestId('reset-submit').click();
  await expect(page.getByTestId('reset-result')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login\?redirect=reset$/, { timeout: 5000 });

  // The old password no longer works; the new one does.
  await login(page, email, password);
  await expect(page.getByTestId('login-error')).toHaveText(
    'Giriş başarısız, e-posta adresinizi ve şifrenizi kontrol edin.',
  );
  await login(page, email, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The key was single-use.
  await page.getByTestId('nav-logout').click();
  await page.goto(link.pathname + link.search);
  await page.getByTestId('reset-password').fill('third-pass-3');
  await page.getByTestId('reset-confirm-password').fill('third-pass-3');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByTestId('reset-result')).toHaveText(
    'Bağlantının süresi dolmuş ya da geçersiz. Lütfen tekrar deneyin.',
  );
});

import { expect, test, type Page } from '@playwright/test';
import { makePng } from '@shelfscan/testing';
import { e164, mailFiles, sixDigitCode, smsFiles, waitForMail, waitForSmsCode } from './outbox';

const password = 'e2e-secret-1';

async function register(page: Page, prefix: '' | '/us', email: string, phone = '+90 532 000 00 01') {
  await page.goto(`${prefix}/auth/register`);
  await page.getByTestId('register-first-name').fill('Zeynep');
  await page.getByTestId('register-last-name').fill('Şahin');
  await page.getByTestId('register-email').fill(email);
  await page.getByTestId('register-phone').fill(phone);
  await page.getByTestId('register-password').fill(password);
  await page.getByTestId('register-confirm-password').fill(password);
  await page.getByTestId('register-terms').check();
  await page.getByTestId('register-submit').click();
}

/** Types a six-digit code into a PinInput (its boxes carry `<prefix>-0` … `<prefix>-5`). */
export async function typeCode(page: Page, prefix: string, code: string) {
  await page.getByTestId(`${prefix}-0`).click();
  await page.keyboard.type(code);
}

/** Registers, reads the activation code from the captured mail and enters it on the register screen. */
async function registerAndActivate(page: Page, prefix: '' | '/us', email: string) {
  const before = mailFiles();
  await register(page, prefix, email);
  await expect(page.getByTestId('activation-form')).toBeVisible();
  const mail = await waitForMail(email, () => true, { seen: before });
  const code = sixDigitCode(mail.text);
  // The mail has a text and an HTML part, both with the code and the verification link.
  expect(mail.html).toContain(code);
  expect(mail.html).toContain(`${process.env.E2E_BASE_URL}${prefix}/auth/register-verification?`);
  expect(mail.text).toContain(`${process.env.E2E_BASE_URL}${prefix}/auth/register-verification?`);
  await typeCode(page, 'activation-code', code);
  await expect(page.getByTestId('register-success')).toHaveText(
    prefix === '/us'
      ? 'Your account is activated. You are being taken to the login page.'
      : 'Hesabınız etkinleştirildi. Giriş sayfasına yönlendiriliyorsunuz.',
  );
  // After 1 s the register page sends the user to the login page.
  await expect(page).toHaveURL(/\/auth\/login\?redirect=register$/, { timeout: 5000 });
}

async function login(page: Page, email: string, pass = password) {
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(pass);
  await page.getByTestId('login-submit').click();
}

test('a guest is sent away from a page that needs login', async ({ page }) => {
  await page.goto('/account');
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await page.goto('/us/dashboard');
  await expect(page).toHaveURL(/\/us\/?$/);
});

test('register → mailed code → activate → login → my information → photo → phone → logout, in Turkish', async ({
  page,
  context,
}) => {
  const email = `zeynep.${Date.now()}@example.com`;
  await registerAndActivate(page, '', email);
  const mail = (await waitForMail(email)).subject;
  expect(mail).toContain('aktivasyon kodu'); // Turkish mail for a Turkish registration

  await login(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  const authCookie = (await context.cookies()).find((c) => c.name === 'frontend-nuxt-auth-key');
  expect(authCookie?.value.split('.')).toHaveLength(3);

  await page.getByTestId('nav-account').click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId('account-email')).toHaveValue(email);
  await expect(page.getByTestId('account-email')).toHaveAttribute('readonly', '');
  await expect(page.getByTestId('account-first-name')).toHaveValue('Zeynep');
  await expect(page.getByTestId('account-last-name')).toHaveValue('Şahin');
  await expect(page.getByTestId('account-no-plans')).toBeVisible();

  // My information: update the names and the phone, then see them after a reload.
  // A number no other run has verified (a verified number belongs to one account only).
  const n = String(Date.now()).slice(-7);
  const phone = `+90 532 ${n.slice(0, 3)} ${n.slice(3, 5)} ${n.slice(5)}`;
  await page.getByTestId('account-first-name').fill('Zeynep Nur');
  await page.getByTestId('account-last-name').fill('Şahin-Kaya');
  await page.getByTestId('account-phone').fill(phone);
  await page.getByTestId('account-save').click();
  await expect(page.getByText('Bilgileriniz başarıyla güncellendi.')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('account-first-name')).toHaveValue('Zeynep Nur');
  await expect(page.getByTestId('account-last-name')).toHaveValue('Şahin-Kaya');

  // A photo that is not an image is refused in the browser; a PNG made here is uploaded and shown in the navbar.
  await page.getByTestId('account-photo-input').setInputFiles({
    name: 'not-an-image.png',
    mimeType: 'image/png',
    buffer: Buffer.from('this is text, not a picture'),
  });
  await expect(page.getByTestId('account-photo-error')).toHaveText(
    'Yalnızca JPG, GIF veya PNG resimler yüklenebilir.',
  );
  await page.getByTestId('account-photo-input').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: makePng(24),
  });
  await expect(page.getByTestId('account-photo-success')).toBeVisible();
  const avatar = page.getByTestId('nav-avatar').locator('img');
  await expect(avatar).toBeVisible();
  const src = await avatar.getAttribute('src');
  expect(src).toBeTruthy();
  const image = await page.request.get(new URL(src!, page.url()).toString());
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toContain('image/png');
  expect((await image.body()).subarray(1, 4).toString('latin1')).toBe('PNG');

  // Phone verification: the code is read from the SMS outbox file.
  await expect(page.getByTestId('phone-unverified-badge')).toBeVisible();
  const seenSms = smsFiles();
  await page.getByTestId('phone-number').fill(phone);
  await page.getByTestId('phone-send').click();
  await expect(page.getByTestId('phone-code-step')).toBeVisible();
  await expect(page.getByTestId('phone-send')).toBeDisabled();
  const code = await waitForSmsCode(e164(phone), seenSms);
  const wrong = code === '000000' ? '111111' : '000000';
  await typeCode(page, 'phone-code', wrong);
  await expect(page.getByTestId('phone-error')).toBeVisible();
  await typeCode(page, 'phone-code', code);
  await expect(page.getByTestId('phone-verified-badge')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('phone-verified-badge')).toBeVisible();

  // Change password: the session cookie is not Secure on http://localhost (make up, make demo), so the
  // browser keeps it; a wrong current password is shown on its field; the right one ends the old token
  // and this page goes on with the new one.
  const authToken = async () => (await context.cookies()).find((c) => c.name === 'frontend-nuxt-auth-key');
  const before = (await authToken())!;
  expect(before.secure).toBe(false);
  const status = async (token: string) =>
    (await page.request.get('/api/account/user', { headers: { authorization: `Bearer ${token}` } })).status();
  await page.getByTestId('password-current').fill('not-my-password');
  await page.getByTestId('password-new').fill('e2e-secret-2');
  await page.getByTestId('password-confirm').fill('e2e-secret-2');
  await page.getByTestId('password-save').click();
  await expect(page.getByText('Mevcut şifre doğru değil.')).toBeVisible();
  await page.getByTestId('password-current').fill(password);
  await page.getByTestId('password-save').click();
  await expect(page.getByText('Şifreniz değiştirildi; diğer oturumlarınız kapatıldı.')).toBeVisible();
  expect(await status(before.value)).toBe(401);
  const fresh = (await authToken())!.value;
  expect(fresh).not.toBe(before.value);
  await page.reload();
  await expect(page.getByTestId('account-email')).toHaveValue(email);

  // A logged-in user is sent away from the guest-only pages.
  await page.goto('/auth/login');
  await expect(page).toHaveURL(/localhost:\d+\/$/);

  await page.goto('/account');
  await page.getByTestId('nav-logout').click();
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  expect((await context.cookies()).find((c) => c.name === 'frontend-nuxt-auth-key')).toBeUndefined();
  // Logout revoked the token on the server: a copy of it is refused.
  await expect.poll(() => status(fresh)).toBe(401);
  await page.goto('/account');
  await expect(page).toHaveURL(/localhost:\d+\/$/);
});

test('English register screen: code step, taken email and validation messages', async ({ page }) => {
  const email = `taken.${Date.now()}@example.com`;
  await registerAndActivate(page, '/us', email);
  expect((await waitForMail(email)).subject).toContain('activation code'); // English mail

  await register(page, '/us', email);
  await expect(page.getByTestId('register-error')).toHaveText('email address already taken');

  await page.goto('/us/auth/register');
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-form')).toContainText('Name is invalid');
  await expect(page.getByTestId('register-form')).toContainText('You must accept the user agreement.');
});

test('Turkish register screen shows the Turkish texts and validation', async ({ page }) => {
  await page.goto('/auth/register');
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
  await expect(page.getByRole('heading', { name: 'Hesabınızı oluşturun' })).toBeVisible();
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-form')).toContainText('Ad geçersiz');
  await expect(page.getByTestId('register-form')).toContainText('Kullanıcı sözleşmesini kabul etmelisiniz.');
});

test('a wrong password is refused with the login error', async ({ page }) => {
  await page.goto('/us/auth/login');
  await login(page, 'admin@shelfscan.test', 'not-the-password');
  await expect(page.getByTestId('login-error')).toHaveText('Login failed, check your email and password.');
  await expect(page).toHaveURL(/\/us\/auth\/login/);
});

test('an admin sees the admin menu; a user does not', async ({ page }) => {
  await page.goto('/us/auth/login');
  await login(page, 'admin@shelfscan.test', 'admin-e2e-pass');
  await expect(page).toHaveURL(/\/us\/dashboard$/);
  await expect(page.getByTestId('nav-admin')).toBeVisible();
});

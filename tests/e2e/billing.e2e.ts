/**
 * Billing journeys through the SPA: add a card, buy a plan with a coupon at the right lira amount,
 * see the invoice, download its PDF and read it, cancel; a declined card says why. The server
 * charges with the sandbox provider (iyzico's test cards) and reads the central bank's rates from
 * the double in server-with-catcher.mjs (USD selling 7.9073, the rate of the bank's 8 Oct 2020 bulletin).
 */
import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { sixDigitCode, waitForMail } from './outbox';

const password = 'e2e-billing-1';
const USD_SELLING_UNITS4 = 79073n; // ForexSelling 7.9073 of the double's bulletin
const MONTHLY_FEE_CENTS = 1000n; // billing.monthlyFeeUsd = 10

const adminEmail = 'admin@shelfscan.test';
const adminPassword = 'admin-e2e-pass';

async function token(request: APIRequestContext, email: string, pass: string): Promise<string> {
  const res = await request.post('/api/authenticate', { data: { email, password: pass } });
  expect(res.status()).toBe(200);
  return (await res.json()).data.token as string;
}

/** A new activated account (registered and activated through the API with the mailed code). */
async function newUser(request: APIRequestContext, tag: string): Promise<string> {
  const email = `billing.${tag}.${Date.now()}@example.com`;
  const res = await request.post('/api/public/register', {
    data: { firstName: 'Ayşe', lastName: 'Yılmaz', email, password, langKey: 'tr' },
  });
  expect(res.status()).toBe(200);
  const code = sixDigitCode((await waitForMail(email)).text);
  expect((await request.post('/api/public/activate', { data: { email, code } })).status()).toBe(200);
  return email;
}

async function login(page: Page, prefix: '' | '/us', email: string) {
  await page.goto(`${prefix}/auth/login`);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Picks an option of a searchable Mantine Select. */
async function choose(page: Page, testId: string, label: string) {
  await page.getByTestId(testId).click();
  await page.getByTestId(testId).fill(label);
  await page.getByRole('option', { name: label, exact: true }).click();
}

async function addCard(page: Page, number: string) {
  await page.getByTestId('card-holder-input').fill('Ayşe Yılmaz');
  await page.getByTestId('card-number-input').fill(number);
  await page.getByTestId('card-month-input').fill('12');
  await page.getByTestId('card-year-input').fill(String((new Date().getFullYear() + 3) % 100));
  await page.getByTestId('card-cvc-input').fill('123');
  await page.getByTestId('card-address-input').fill('Caferağa Mah. Moda Cd. 1');
  await choose(page, 'card-region-input', 'İstanbul');
  await page.getByTestId('card-city-input').fill('Kadıköy');
  await page.getByTestId('card-zip-input').fill('34710');
  await page.getByTestId('card-submit').click();
  await expect(page).toHaveURL(/\/payment\/addCard\/success$/);
  await expect(page.getByTestId('card-number')).toContainText(number.slice(-4));
}

const halfUp = (n: bigint, d: bigint) => (2n * n + d) / (2n * d);
const decimal = (minor: bigint) => `${minor / 100n}.${(minor % 100n).toString().padStart(2, '0')}`;
/** The Turkish screen's form of an amount: ₺1.234,56. */
const lira = (minor: bigint) =>
  `₺${(minor / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${(minor % 100n).toString().padStart(2, '0')}`;

/** Product spec part 1 and issue 10, computed here on its own: prorated fee, 25 % off, TRY at 7.9073. */
function expectedCharge() {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' })
    .format(new Date())
    .split('-')
    .map(Number);
  const daysInMonth = BigInt(new Date(Date.UTC(y, m, 0)).getUTCDate());
  const left = daysInMonth - BigInt(d) + 1n;
  const usd = halfUp(MONTHLY_FEE_CENTS * left, daysInMonth);
  const discount = halfUp(usd * 2500n, 10_000n);
  const net = usd - discount;
  return { usd, discount, net, tryKurus: halfUp(net * USD_SELLING_UNITS4, 10_000n) };
}

test('add card → buy a plan with a coupon at the right lira amount → invoice → PDF → cancel', async ({
  page,
  request,
}) => {
  test.slow(); // a whole purchase on a shared machine
  // The coupon, made by the admin through the API.
  const admin = await token(request, adminEmail, adminPassword);
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  const created = await request.post('/api/promotion', {
    headers: { Authorization: `Bearer ${admin}` },
    data: { code, description: 'e2e 25 %', value: '25', type: 'PERCENT', minimumBasket: '0', count: 5 },
  });
  expect(created.status()).toBe(200);

  const email = await newUser(request, 'buyer');
  await login(page, '', email);

  // The payment page of a new user says what to do next, in Turkish.
  await page.getByTestId('nav-payment').first().click();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByTestId('payment-no-plan')).toContainText('Henüz bir planınız yok');
  await expect(page.getByTestId('payment-no-history')).toBeVisible();
  await expect(page.getByTestId('trial-phone-needed')).toContainText('doğrulanmış bir telefon numarası');
  await page.getByTestId('payment-add-card').click();
  await expect(page).toHaveURL(/\/payment\/addCard$/);

  // A wrong number is refused in the browser (Luhn) before anything is sent.
  await page.getByTestId('card-number-input').fill('5528 7900 0000 0009');
  await page.getByTestId('card-submit').click();
  await expect(page.getByTestId('card-form')).toContainText('Kart numarası geçersiz.');
  await addCard(page, '5528790000000008');

  // Add plan with the coupon: the lira amount shown is the one the backend computes, and the spec's.
  await page.getByTestId('add-card-success-buy').click();
  await expect(page).toHaveURL(/\/payment\/addPlan$/);
  await expect(page.getByTestId('breakdown-try')).toBeVisible();
  await page.getByTestId('coupon-input').fill(code);
  await expect(page.getByTestId('coupon-applied')).toBeVisible();
  const expected = expectedCharge();
  await expect(page.getByTestId('breakdown-try')).toHaveText(lira(expected.tryKurus));
  const userToken = await token(request, email, password);
  const summary = await request.post('/api/promotion/summary', {
    headers: { Authorization: `Bearer ${userToken}` },
    data: { plan: 'standard', features: ['standard'], promotionCode: code },
  });
  const backend = (await summary.json()).data.breakdown;
  expect(backend.tryKurus).toBe(Number(expected.tryKurus));
  expect(backend.rate).toBe('7.9073');
  await expect(page.getByTestId('breakdown-rate')).toContainText('7,9073');
  await page.getByTestId('buy-submit').click();

  await expect(page).toHaveURL(/\/payment\/addPlan\/success\?conversationId=/);
  const conversationId = new URL(page.url()).searchParams.get('conversationId')!;
  await expect(page.getByTestId('add-plan-amount')).toHaveText(lira(expected.tryKurus));

  // The invoice, then the same page in English, and its PDF in English.
  await page.getByTestId('add-plan-invoice-link').click();
  await expect(page).toHaveURL(new RegExp(`/payment/${conversationId}$`));
  await expect(page.getByTestId('invoice-conversation-id')).toHaveText(conversationId);
  await expect(page.getByTestId('breakdown-try')).toHaveText(lira(expected.tryKurus));
  // The VAT (KDV 20 %) included, as billing computes it for the invoice and its PDF.
  const vat = halfUp(expected.tryKurus * 20n, 120n);
  await expect(page.getByTestId('breakdown-vat')).toHaveText(`%20 KDV dahil: ${lira(vat)}`);
  await expect(page.getByTestId('payment-status')).toHaveText('Ödendi');
  await expect(page.getByTestId('invoice-status')).toHaveText('Fatura kesildi');
  await page.getByTestId('lang-switch').first().click();
  await expect(page).toHaveURL(new RegExp(`/us/payment/${conversationId}$`));
  await expect(page.getByTestId('payment-status')).toHaveText('Paid');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('invoice-download').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^shelfscan-invoice-\d+\.pdf$/);
  const pdf = fs.readFileSync((await download.path())!);
  const { text } = await new PDFParse({ data: new Uint8Array(pdf) }).getText();
  for (const part of [
    'Invoice',
    'Ayşe Yılmaz',
    'Kadıköy, İstanbul',
    `${decimal(expected.usd)} USD`,
    `${decimal(expected.discount)} USD`,
    `${decimal(expected.net)} USD`,
    '7.9073',
    `${decimal(expected.tryKurus)} TRY`,
    `VAT included (20%): ${decimal(vat)} TRY`,
    'Final / Paid',
  ])
    expect(text).toContain(part);

  // The history lists it; then the plan is cancelled (usable to its end date, not renewed).
  await page.getByTestId('nav-payment').first().click();
  await expect(page).toHaveURL(/\/us\/payment$/);
  const row = page.getByTestId('payment-row').first();
  await expect(row.getByTestId('payment-link')).toHaveText(conversationId);
  await expect(row.getByTestId('payment-usd')).toContainText(`$${decimal(expected.usd)}`);
  await page.getByTestId('payment-cancel-plan').click();
  await page.getByTestId('delete-plan-confirm').click();
  await expect(page).toHaveURL(/\/us\/payment\/deletePlan\/success$/);
  await expect(page.getByTestId('delete-plan-success-text')).toContainText('It will not be renewed');
  await page.goto('/us/payment');
  await expect(page.getByTestId('user-plan-status').first()).toHaveText('Cancelled');
  await expect(page.getByTestId('user-plan-renew').first()).toHaveText('Not renewed');
});

test("a declined card shows 'payment failed' with the bank's reason", async ({ page, request }) => {
  const email = await newUser(request, 'declined');
  await login(page, '/us', email);
  await page.goto('/us/payment/addCard');
  await addCard(page, '4111111111111129'); // the sandbox's "insufficient funds" card
  await page.goto('/us/payment/addPlan');
  await expect(page.getByTestId('breakdown-try')).toBeVisible();
  await page.getByTestId('buy-submit').click();
  await expect(page.getByTestId('buy-error')).toHaveText(
    'Payment failed: Kart limiti yetersiz, yetersiz bakiye',
  );
  await expect(page).toHaveURL(/\/us\/payment\/addPlan$/);
  await page.goto('/us/payment');
  const row = page.getByTestId('payment-row').first();
  await expect(row.getByTestId('payment-status')).toHaveText('Failed');
  await expect(row.getByTestId('payment-error')).toHaveText('Kart limiti yetersiz, yetersiz bakiye');
  await expect(page.getByTestId('payment-no-plan')).toBeVisible();
});

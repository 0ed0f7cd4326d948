import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { PDFParse } from 'pdf-parse';
import { bulletinOf, cardPayload, istanbulToday } from '../../services/billing/test/fixtures.js';
import { eventually } from '@shelfscan/testing';
import { startStack, type Stack } from './stack.js';

jest.setTimeout(90_000);

const istanbulToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(new Date());

/** n ÷ d rounded half up (n, d ≥ 0). */
const halfUp = (n: number, d: number) => Math.floor((2 * n + d) / (2 * d));
const money = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

/**
 * Issue 10's "done when", through the gateway on every service of `make up` (auth, admin,
 * billing, search, scraper on a fake scan engine): a user with a verified phone starts the
 * trial, adds a card, buys a plan with a coupon at the right lira amount, gets a correct PDF
 * invoice, scans with that plan, and the renewal on the next 1st charges exactly once.
 */
describe('the billing journey of a new user, across the services', () => {
  let stack: Stack;
  let fx: http.Server;
  let admin: Record<string, string>;

  beforeAll(async () => {
    fx = http.createServer((_req, res) => res.writeHead(200).end(bulletinOf(istanbulToday(), '10.0000')));
    await new Promise<void>((r) => fx.listen(0, '127.0.0.1', r));
    stack = await startStack(
      {
        ADMIN_EMAIL: 'admin@shelfscan.test',
        ADMIN_PASSWORD: 'admin-pass',
        FX_RATES_URL: `http://127.0.0.1:${(fx.address() as AddressInfo).port}/today.xml`,
      },
      [],
      { scans: true },
    );
    admin = await stack.signIn('admin@shelfscan.test', 'admin-pass');
  });
  afterAll(async () => {
    await stack?.stop();
    await new Promise((r) => fx?.close(r));
  });

  it('trial → card → plan with a coupon → PDF invoice → scan → the renewal on the 1st charges once', async () => {
    const email = 'journey@example.com';
    const user = await stack.newUser(email, { firstName: 'Şule', lastName: 'Güneş' });

    // No trial before the phone is verified.
    expect((await stack.call('POST', '/api/user-plan/trial', undefined, user)).json().code).toBe(
      'phoneNotVerified',
    );
    await stack.call('GET', '/api/account/send-verification-code?gsm=05321112233', undefined, user);
    const smsDir = path.join(stack.dataDir, 'outbox', 'sms');
    const sms = fs.readdirSync(smsDir).find((f) => f.endsWith('-+905321112233.txt'))!;
    const code = /: (\d{6})\./.exec(fs.readFileSync(path.join(smsDir, sms), 'utf8'))![1];
    const checked = await stack.call(
      'GET',
      `/api/account/check-verification-code?verificationCode=${code}`,
      undefined,
      user,
    );
    expect(checked.json().data).toEqual({ isValid: true });

    // The trial, once billing has seen PhoneVerified.
    const trial = await eventually(async () => {
      const r = await stack.call('POST', '/api/user-plan/trial', undefined, user);
      return r.statusCode === 200 && r.json();
    });
    expect(trial).toMatchObject({ success: true, data: { trial: true, status: 'active' } });

    // A card, a coupon from the admin, and the plan at the right lira amount.
    const card = {
      ...cardPayload('5528790000000008', 'Şule Güneş'),
      billing: {
        address: 'Bağdat Cad. 5',
        zipCode: '34710',
        contactName: 'Şule Güneş',
        city: 'Kadıköy',
        country: 'Turkey',
        region: '34',
      },
    };
    expect((await stack.call('POST', '/api/card', card, user)).statusCode).toBe(200);
    const coupon = { code: 'JOURNEY20', type: 'PERCENT', value: '20', count: 5, minimumBasket: '0' };
    expect((await stack.call('POST', '/api/promotion', coupon, admin)).statusCode).toBe(200);

    const today = istanbulToday();
    const [y, m, d] = today.split('-').map(Number);
    const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
    const usdCents = halfUp(1000 * (daysInMonth - d + 1), daysInMonth);
    const discount = halfUp(usdCents * 20, 100);
    const tryKurus = (usdCents - discount) * 10; // at 10.0000 TRY per USD
    const bought = await stack.call(
      'POST',
      '/api/user-plan',
      { plan: 'standard', promotionCode: 'JOURNEY20' },
      user,
    );
    expect(bought.statusCode).toBe(200);
    expect(bought.json().data).toMatchObject({
      plan: { status: 'active', features: ['standard'], startDate: today },
      breakdown: { usdCents, discountUsdCents: discount, rate: '10.0000', tryKurus, try: money(tryKurus) },
    });
    const { conversationId } = bought.json().data;

    // The invoice: final, numbered, and its PDF says what was charged.
    const payment = (
      await stack.call('GET', `/api/payment/history/${conversationId}`, undefined, user)
    ).json().data;
    expect(payment).toMatchObject({
      status: 'succeeded',
      invoiceStatus: 'final',
      amount: money(tryKurus),
      currency: 'TRY',
      vatPercent: '20',
      vat: money(halfUp(tryKurus * 20, 120)),
      // The screens word the invoice line from the features, in the reader's language.
      features: ['standard'],
    });
    // The list and the admin's read give the same VAT.
    const listed = (await stack.call('GET', '/api/payment/history', undefined, user)).json().data;
    expect(listed.find((p: { conversationId: string }) => p.conversationId === conversationId)).toMatchObject(
      {
        vatPercent: '20',
        vat: payment.vat,
      },
    );
    const adminRead = (
      await stack.call('GET', `/api/admin/payment/history/${conversationId}`, undefined, admin)
    ).json().data;
    expect(adminRead).toMatchObject({ vatPercent: '20', vat: payment.vat });
    const pdf = await stack.call('GET', `/api/payment/history/${conversationId}/pdf`, undefined, user);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text } = await new PDFParse({ data: new Uint8Array(pdf.rawPayload) }).getText();
    for (const expected of [
      'Fatura',
      'Şule Güneş',
      'Bağdat Cad. 5',
      `${money(usdCents)} USD`,
      `${money(discount)} USD`,
      `${money(usdCents - discount)} USD`,
      '10.0000',
      `KDV dahil %20: ${payment.vat} TRY`,
      `${money(tryKurus)} TRY`,
      'Kesinleşti / Ödendi',
    ])
      expect(text).toContain(expected);
    expect(text).toContain(String(payment.invoiceNumber));

    // Scanning with that plan: the trial is revoked first, so only the paid Standard plan is left.
    const plans = (await stack.call('GET', '/api/user-plan', undefined, user)).json().data;
    const trialId = plans.find((p: { trial: boolean }) => p.trial).id;
    const revoke = await stack.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${email}/plans/${trialId}`,
      payload: { reason: 'journey test: scan with the paid plan only' },
      headers: admin,
    });
    expect(revoke.statusCode).toBe(200);
    await eventually(async () => {
      const q = (await stack.call('GET', '/api/search-info/quota', undefined, user)).json().data;
      return q.plans.standard && !q.plans.deep;
    });
    const scan = await stack.call(
      'POST',
      '/api/search-info',
      {
        searchType: 'standard',
        fileName: 'Mağaza',
        storeUrl: 'https://www.amazon.ca/s?me=AJOURNEY0001',
        market: 'CA',
      },
      user,
    );
    expect(scan.statusCode).toBe(200);
    const done = await eventually(async () => {
      const t = (await stack.call('GET', `/api/search-info/${scan.json().data.id}`, undefined, user)).json()
        .data;
      return t.status === 'COMPLETED' && t;
    }, 30_000);
    expect(done.asinCount).toBeGreaterThan(0);
    const deep = await stack.call(
      'POST',
      '/api/search-info',
      {
        searchType: 'deep',
        fileName: 'Derin',
        storeUrl: 'https://www.amazon.ca/s?me=AJOURNEY0001',
        market: 'CA',
      },
      user,
    );
    expect(deep.json().code).toBe('noDeepPlan');

    // The next 1st: the operator runs the renewal (twice); it charges once, a full month.
    const params = (await stack.call('GET', '/api/system-parameter', undefined, admin)).json().data;
    // This test's clock is the real one: allow today's bulletin on the 1st (an operator's setting).
    const widened = params.map((p: { key: string }) =>
      p.key === 'billing.fxMaxAgeDays' ? { ...p, value1: '40' } : p,
    );
    const publish = stack.broker.publish.bind(stack.broker);
    let changed = false;
    stack.broker.publish = async (topic, bytes) => {
      if (topic === 'shelfscan.admin.v1.SystemParametersChanged') changed = true;
      return publish(topic, bytes);
    };
    expect((await stack.call('PUT', '/api/system-parameter', widened, admin)).statusCode).toBe(200);
    await eventually(async () => changed);
    await stack.broker.drain(); // billing has applied it
    const nextFirst = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
    const runs = [];
    for (let i = 0; i < 2; i++)
      runs.push(
        (await stack.call('POST', '/api/admin/billing/renewal', { date: nextFirst }, admin)).json().data,
      );
    expect(runs.map((r) => [r.ran, r.charged])).toEqual([
      [true, 1],
      [true, 0],
    ]);
    const history = (await stack.call('GET', '/api/payment/history', undefined, user)).json().data;
    const paid = history.filter((p: { status: string }) => p.status === 'succeeded');
    expect(paid.map((p: { period: string; amount: string }) => [p.period, p.amount]).sort()).toEqual(
      [
        [today.slice(0, 7), money(tryKurus)],
        [nextFirst.slice(0, 7), '100.00'],
      ].sort(),
    );
    expect(new Set(paid.map((p: { invoiceNumber: number }) => p.invoiceNumber)).size).toBe(2);
    const renewed = (await stack.call('GET', '/api/user-plan', undefined, user))
      .json()
      .data.find((p: { trial: boolean; grantedBy: string | null }) => !p.trial);
    expect(renewed).toMatchObject({ status: 'active', startDate: nextFirst, autoRenew: true });
  });
});

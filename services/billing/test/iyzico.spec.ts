import { loadConfig } from '@shelfscan/config';
import { IyzicoPaymentProvider } from '../src/provider/iyzico/iyzico.provider.js';
import { billingEnvSchema } from '../src/config.js';
import { SandboxPaymentProvider } from '../src/provider/sandbox.provider.js';
import {
  CardRejectedError,
  ProviderTimeoutError,
  createPaymentProvider,
  type ChargeRequest,
} from '../src/provider/index.js';
import { failure } from '@shelfscan/testing';
import { CARDS, startHarness, type Harness } from './harness.js';
import { startIyzicoDouble, type IyzicoDouble } from './iyzico-double.js';

jest.setTimeout(60_000);

const card = (number: string) => ({
  holderName: 'Ayşe Yılmaz',
  number,
  expireMonth: '12',
  expireYear: '2030',
  cvc: '123',
  alias: 'Ayş',
  email: 'ayse@example.com',
});

function chargeOf(stored: { cardUserKey: string; cardToken: string }, price = '45.86'): ChargeRequest {
  return {
    conversationId: crypto.randomUUID(),
    price,
    card: stored,
    buyer: {
      email: 'ayse@example.com',
      name: 'Ayşe Yılmaz',
      address: 'Kızılay Mah. 1',
      city: 'Ankara',
      country: 'Turkey',
      zipCode: '06420',
    },
    item: {
      id: crypto.randomUUID(),
      name: 'ShelfScan standard, deep, functional',
      features: ['standard', 'deep', 'functional'],
    },
  };
}

describe('iyzico adapter against a local HTTP double of the iyzico API', () => {
  let double: IyzicoDouble;
  let provider: IyzicoPaymentProvider;
  beforeAll(async () => {
    double = await startIyzicoDouble();
    provider = new IyzicoPaymentProvider({
      apiKey: double.apiKey,
      secretKey: double.secretKey,
      baseUrl: double.origin,
      timeoutMs: 1_000,
    });
  });
  afterAll(async () => {
    await double?.close();
  });
  afterEach(() => {
    // Every request was signed IYZWSv2 with our keys.
    expect(double.state.rejected).toEqual([]);
  });

  it('stores a card, adds a second to the same card user, deletes one; a bad number is refused', async () => {
    const first = await provider.storeCard(card(CARDS.success));
    expect(first).toMatchObject({ lastFour: '0008', brand: 'MASTER_CARD' });
    expect(first.cardUserKey).toMatch(/^cuk-/);
    const second = await provider.storeCard(card(CARDS.insufficientFunds), first.cardUserKey);
    expect(second.cardUserKey).toBe(first.cardUserKey);
    const body = double.state.requests.at(-1)!.body;
    expect(body).toMatchObject({
      cardUserKey: first.cardUserKey,
      card: { cardAlias: 'Ayş', expireYear: '2030' },
    });
    await provider.deleteCard(first.cardUserKey, first.cardToken);
    expect(double.state.requests.at(-1)).toMatchObject({
      path: '/cardstorage/card',
      body: { cardToken: first.cardToken },
    });
    await expect(provider.storeCard(card('5528790000000009'))).rejects.toBeInstanceOf(CardRejectedError);
  });

  it('charges a stored card: prices as decimal strings, basket lines adding up exactly, a signed answer', async () => {
    const stored = await provider.storeCard(card(CARDS.success));
    const req = chargeOf(stored, '45.86');
    const outcome = await provider.charge(req);
    expect(outcome).toEqual({ ok: true, paymentId: expect.stringMatching(/^\d+$/) });
    const sent = double.state.requests.at(-1)!;
    expect(sent.path).toBe('/payment/auth');
    expect(sent.body).toMatchObject({
      conversationId: req.conversationId,
      price: '45.86',
      paidPrice: '45.86',
      currency: 'TRY',
      installment: '1',
      paymentCard: { cardUserKey: stored.cardUserKey, cardToken: stored.cardToken },
    });
    // 45.86 in three lines: 15.29 + 15.29 + 15.28.
    expect((sent.body.basketItems as { price: string }[]).map((i) => i.price)).toEqual([
      '15.29',
      '15.29',
      '15.28',
    ]);
    expect(JSON.stringify(sent.body)).not.toContain(CARDS.success);
    expect(await provider.retrieve(req.conversationId)).toEqual(outcome);
    expect(await provider.retrieve(crypto.randomUUID())).toBeNull();
  });

  it.each([
    [CARDS.insufficientFunds, 'NOT_SUFFICIENT_FUNDS', false, false],
    [CARDS.doNotHonour, 'DO_NOT_HONOUR', false, false],
    [CARDS.stolen, 'STOLEN_CARD', true, false],
    [CARDS.expired, 'EXPIRED_CARD', true, false],
    [CARDS.threeDs, 'THREEDS_REQUIRED', false, true],
  ])(
    'a decline (%s) comes back in the result: %s',
    async (number, errorGroup, hardDecline, threeDsRequired) => {
      const stored = await provider.storeCard(card(number));
      const req = chargeOf(stored);
      expect(await provider.charge(req)).toMatchObject({
        ok: false,
        errorGroup,
        hardDecline,
        threeDsRequired,
      });
      // The failed payment is found as failed, never as paid.
      expect(await provider.retrieve(req.conversationId)).toMatchObject({ ok: false, errorGroup });
    },
  );

  it('rejects an answer whose signature does not match: the outcome is unknown, the look-up tells', async () => {
    const stored = await provider.storeCard(card(CARDS.success));
    const req = chargeOf(stored);
    double.state.badSignature.add('/payment/auth');
    await expect(provider.charge(req)).rejects.toThrow(/signature does not match/);
    await expect(provider.charge(chargeOf(stored))).resolves.toMatchObject({ ok: true });
    expect(await provider.retrieve(req.conversationId)).toMatchObject({ ok: true });
    double.state.badSignature.add('/payment/detail');
    await expect(provider.retrieve(req.conversationId)).rejects.toBeInstanceOf(ProviderTimeoutError);
  });

  it('a timeout is an unknown outcome (ProviderTimeoutError); the payment is found afterwards', async () => {
    const stored = await provider.storeCard(card(CARDS.success));
    const req = chargeOf(stored);
    double.state.hang.add('/payment/auth');
    await expect(provider.charge(req)).rejects.toBeInstanceOf(ProviderTimeoutError);
    expect(await provider.retrieve(req.conversationId)).toMatchObject({ ok: true });
  });

  it('3-D Secure: the bank page from threeDSHtmlContent, then /payment/3dsecure/auth charges', async () => {
    const stored = await provider.storeCard(card(CARDS.threeDs));
    const req = { ...chargeOf(stored), callbackUrl: 'http://127.0.0.1:1/api/payment/3ds/callback' };
    const start = await provider.initThreeDs(req);
    if (!start.ok) throw new Error('3-D Secure did not start');
    expect(start.html).toContain('id="iyzico-3ds-form"');
    expect(double.state.requests.at(-1)!.body).toMatchObject({ callbackUrl: req.callbackUrl });
    expect(await provider.retrieve(req.conversationId)).toBeNull(); // nothing charged yet
    const fields = double.callbackFields(req.conversationId);
    expect(await provider.completeThreeDs(fields)).toEqual({ ok: true, paymentId: start.paymentId });
    expect(await provider.retrieve(req.conversationId)).toMatchObject({ ok: true });
    expect(await provider.completeThreeDs(fields)).toMatchObject({ ok: false }); // once
    const declined = await provider.initThreeDs({
      ...chargeOf(await provider.storeCard(card(CARDS.stolen))),
      callbackUrl: req.callbackUrl,
    });
    expect(declined).toMatchObject({ ok: false, errorGroup: 'STOLEN_CARD' });
  });

  it('cancels a whole payment; refunds part of another, never more than paid', async () => {
    const stored = await provider.storeCard(card(CARDS.success));
    const a = chargeOf(stored, '20.00');
    const paidA = await provider.charge(a);
    if (!paidA.ok) throw new Error('not paid');
    expect(
      await provider.cancel({
        conversationId: crypto.randomUUID(),
        paymentId: paidA.paymentId,
        reason: 'test',
      }),
    ).toEqual({ ok: true });
    const b = chargeOf(stored, '20.00');
    const paidB = await provider.charge(b);
    if (!paidB.ok) throw new Error('not paid');
    expect(
      await provider.refund({
        conversationId: crypto.randomUUID(),
        paymentId: paidB.paymentId,
        price: '15.50',
      }),
    ).toEqual({ ok: true });
    expect(double.state.requests.at(-1)).toMatchObject({
      path: '/v2/payment/refund',
      body: { price: '15.5', currency: 'TRY' },
    });
    expect(
      await provider.refund({
        conversationId: crypto.randomUUID(),
        paymentId: paidB.paymentId,
        price: '5.00',
      }),
    ).toMatchObject({ ok: false });
    const unreversible = await provider.charge(chargeOf(await provider.storeCard(card('5406670000000009'))));
    if (!unreversible.ok) throw new Error('not paid');
    expect(
      await provider.cancel({
        conversationId: crypto.randomUUID(),
        paymentId: unreversible.paymentId,
        reason: 'x',
      }),
    ).toMatchObject({ ok: false });
  });

  it('PAYMENT_PROVIDER=iyzico needs its keys, named at start', () => {
    const config = loadConfig(billingEnvSchema, { PAYMENT_PROVIDER: 'iyzico', IYZICO_API_KEY: 'k' });
    expect(() => createPaymentProvider(config)).toThrow('PAYMENT_PROVIDER=iyzico needs IYZICO_SECRET_KEY');
    expect(() => loadConfig(billingEnvSchema, { IYZICO_BASE_URL: 'ftp://x' })).toThrow(/IYZICO_BASE_URL/);
  });

  it('the sandbox does not start in production unless ALLOW_SANDBOX_PAYMENTS says so', () => {
    const production = loadConfig(billingEnvSchema, { NODE_ENV: 'production' });
    expect(() => createPaymentProvider(production)).toThrow(
      /PAYMENT_PROVIDER=sandbox with NODE_ENV=production.*ALLOW_SANDBOX_PAYMENTS=true/,
    );
    const staging = loadConfig(billingEnvSchema, { NODE_ENV: 'production', ALLOW_SANDBOX_PAYMENTS: 'true' });
    expect(createPaymentProvider(staging)).toBeInstanceOf(SandboxPaymentProvider);
    // The embedded mode (`make up`, `make demo`) runs as development, on the sandbox.
    expect(createPaymentProvider(loadConfig(billingEnvSchema, {}))).toBeInstanceOf(SandboxPaymentProvider);
  });
});

describe('charges through the iyzico adapter (billing service, real PostgreSQL, the double)', () => {
  let double: IyzicoDouble;
  let h: Harness;
  beforeAll(async () => {
    double = await startIyzicoDouble();
    h = await startHarness({
      env: {
        PAYMENT_PROVIDER: 'iyzico',
        IYZICO_API_KEY: double.apiKey,
        IYZICO_SECRET_KEY: double.secretKey,
        IYZICO_BASE_URL: double.origin,
        IYZICO_TIMEOUT_MS: '1000',
      },
    });
  });
  afterAll(async () => {
    await h?.stop();
    await double?.close();
  });

  it('a timeout, then a retry: the payment is looked up (/payment/detail) before any new charge', async () => {
    const email = 'iyzico-timeout@example.com';
    await h.addCard(email);
    double.state.hang.add('/payment/auth');
    expect((await failure(h.subscribe(email))).reason).toBe('paymentStatusUnknown');
    expect(double.state.charges).toHaveLength(1);
    const paths = () => double.state.requests.map((r) => r.path);
    const before = paths().length;
    const r = await h.subscribe(email);
    expect(r.plan?.status).toBe('active');
    expect(paths().slice(before)).toEqual(['/payment/detail']); // no second /payment/auth
    expect(double.state.charges).toEqual([r.conversationId]);
    expect(await h.sql(`SELECT status FROM invoice WHERE user_email = $1`, [email])).toEqual([
      { status: 'final' },
    ]);
  });

  it('the billing region goes to iyzico with the city (it has no region field) and comes back with the card', async () => {
    const email = 'iyzico-region@example.com';
    await h.addCard(email, CARDS.success, { city: 'Çankaya' });
    expect((await h.bus.request(h.M.getCard, { email })).card?.billing).toMatchObject({
      address: 'Kızılay Mah. 1',
      zipCode: '06420',
      city: 'Çankaya',
      country: 'Turkey',
      region: '06',
      regionName: 'Ankara',
    });
    const r = await h.subscribe(email);
    const sent = double.state.requests.find(
      (x) => x.path === '/payment/auth' && x.body.conversationId === r.conversationId,
    )!;
    expect(sent.body).toMatchObject({
      billingAddress: {
        address: 'Kızılay Mah. 1',
        city: 'Çankaya, Ankara',
        country: 'Turkey',
        zipCode: '06420',
      },
      buyer: { city: 'Çankaya, Ankara', country: 'Turkey' },
    });
    // A city that is the region itself is not repeated; the invoice's buyer has the region too.
    expect(
      await h.sql(`SELECT buyer ->> 'address' AS address FROM invoice WHERE user_email = $1`, [email]),
    ).toEqual([{ address: 'Kızılay Mah. 1, 06420 Çankaya, Ankara, Turkey' }]);
    await h.addCard('iyzico-ankara@example.com');
    const r2 = await h.subscribe('iyzico-ankara@example.com');
    expect(
      double.state.requests.find(
        (x) => x.path === '/payment/auth' && x.body.conversationId === r2.conversationId,
      )?.body.billingAddress,
    ).toMatchObject({ city: 'Ankara' });
  });

  it('a decline and 3-D Secure (5010) come back as reasons; with a callback URL the browser flow starts', async () => {
    await h.addCard('iyzico-poor@example.com', CARDS.insufficientFunds);
    const poor = await failure(h.subscribe('iyzico-poor@example.com'));
    expect([poor.reason, poor.message, poor.options.detail]).toEqual([
      'paymentFailed',
      'paymentFailed',
      'Kart limiti yetersiz, yetersiz bakiye',
    ]);
    const email = 'iyzico-3ds@example.com';
    await h.addCard(email, CARDS.threeDs);
    expect((await failure(h.subscribe(email))).reason).toBe('threeDsRequired');
    const r = await h.subscribe(email, '', ['standard'], {
      threeDsCallbackUrl: 'http://127.0.0.1:1/api/payment/3ds/callback',
    });
    expect(r.threeDs?.conversationId).toBe(r.conversationId);
    expect(r.plan?.status).toBe('pending');
    const page = await h.bus.request(h.M.getThreeDsPage, {
      conversationId: r.conversationId,
      token: r.threeDs!.token,
    });
    expect(page.html).toContain('iyzico-3ds-form');
    const fields = double.callbackFields(r.conversationId);
    const done = await h.bus.request(h.M.completeThreeDs, fields);
    expect(done).toMatchObject({ paid: true, conversationId: r.conversationId, lang: 'tr' });
    const plans = (await h.bus.request(h.M.getUserPlans, { email })).plans;
    expect(plans.map((p) => p.status).sort()).toEqual(['active', 'inactive']); // the plain try, then 3-D Secure
    expect(double.state.charges).toContain(r.conversationId);
  });

  it("the bank's answer times out at /payment/3dsecure/auth: unknown, and posted again it is looked up and paid once", async () => {
    const email = 'iyzico-3ds-timeout@example.com';
    await h.addCard(email, CARDS.threeDs);
    const r = await h.subscribe(email, '', ['standard'], {
      threeDsCallbackUrl: 'http://127.0.0.1:1/api/payment/3ds/callback',
    });
    const fields = double.callbackFields(r.conversationId);
    double.state.hang.add('/payment/3dsecure/auth');
    expect(await h.bus.request(h.M.completeThreeDs, fields)).toMatchObject({
      paid: false,
      conversationId: r.conversationId,
      reason: 'paymentStatusUnknown',
    });
    expect(
      await h.sql(`SELECT status FROM payment_attempt WHERE conversation_id = $1`, [r.conversationId]),
    ).toEqual([{ status: 'unknown' }]);
    const before = double.state.requests.length;
    expect(await h.bus.request(h.M.completeThreeDs, fields)).toMatchObject({
      paid: true,
      conversationId: r.conversationId,
    });
    expect(double.state.requests.slice(before).map((x) => x.path)).toEqual(['/payment/detail']);
    expect(double.state.charges.filter((c) => c === r.conversationId)).toHaveLength(1);
    expect((await h.bus.request(h.M.getUserPlans, { email })).plans.map((p) => p.status)).toEqual(['active']);
  });
});

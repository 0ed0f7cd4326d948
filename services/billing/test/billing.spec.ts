import type { QueryRunner } from 'typeorm';
import { BillingCardRegion1766000000004 } from '../src/db/migrations/1766000000004-billing-card-region.js';
import { eventually, failure } from '@shelfscan/testing';
import { CARDS, SAMPLE_DAY, startHarness, type Harness } from './harness.js';

jest.setTimeout(60_000);

describe('billing service (real PostgreSQL, sandbox provider, manual clock)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('lists the plan catalogue from the system parameters', async () => {
    const { plans } = await h.bus.request(h.M.listPlans, {});
    expect(plans.map((p) => [p.feature, p.monthlyFeeUsdCents])).toEqual([
      ['standard', 1000n],
      ['deep', 1000n],
      ['functional', 1000n],
    ]);
    expect(plans[0].dailySearchLimit).toBe(15);
  });

  it('buys a plan: prorated USD, promotion, TRY at the bulletin rate, final invoice, PlanActivated', async () => {
    const email = 'buyer@example.com';
    await h.addCard(email);
    await h.promotion({ code: 'WELCOME25', type: 'PERCENT', value: '25' });
    const summary = await h.bus.request(h.M.promotionSummary, {
      email,
      features: ['standard'],
      promotionCode: 'WELCOME25',
    });
    // 8 Oct 2020: 24 of 31 days → 7.74 USD; 25 % → 1.94 (1.935 half up); net 5.80 × 7.9073 = 45.86234 → 45.86 TRY
    expect(summary.applies).toBe(true);
    expect(summary.breakdown).toMatchObject({
      usdCents: 774n,
      discountUsdCents: 194n,
      netUsdCents: 580n,
      rate: '7.9073',
      bulletinDate: SAMPLE_DAY,
      tryKurus: 4586n,
      daysCharged: 24,
      daysInMonth: 31,
    });
    const r = await h.subscribe(email, 'WELCOME25');
    expect(r.breakdown).toEqual(summary.breakdown);
    expect(r.plan).toMatchObject({
      status: 'active',
      startDate: '2020-10-08',
      endDate: '2020-11-01',
      features: ['standard'],
    });
    const payment = (await h.bus.request(h.M.getPayment, { email, conversationId: r.conversationId }))
      .payment!;
    expect(payment).toMatchObject({
      status: 'succeeded',
      invoiceStatus: 'final',
      tryKurus: 4586n,
      period: '2020-10',
    });
    expect(payment.invoiceNumber).toBeGreaterThan(0n);
    const activated = (await h.events()).filter(
      (e) => e.type === 'PlanActivated' && e.message.userEmail === email,
    );
    expect(activated).toHaveLength(1);
    expect(activated[0].message).toMatchObject({ features: ['standard'], trial: false });

    // A second plan before this one's end date is refused; the code cannot be used twice either.
    expect((await failure(h.subscribe(email))).reason).toBe('planAlreadyActive');
    const again = await h.bus.request(h.M.promotionSummary, {
      email,
      features: ['standard'],
      promotionCode: 'WELCOME25',
    });
    expect(again.reasons).toContain('promotionAlreadyUsed');
  });

  it('says every reason a code does not apply', async () => {
    await h.promotion({ code: 'OLDBIG', type: 'AMOUNT', value: '2', minimumBasket: '50', active: false });
    // Used up and expired since (no admin can save a past expiry or a count of 0).
    await h.sql(`UPDATE promotion SET count = 0, expiry_date = '2020-10-07' WHERE code = 'OLDBIG'`);
    const s = await h.bus.request(h.M.promotionSummary, {
      email: 'x@example.com',
      features: ['standard'],
      promotionCode: 'OLDBIG',
    });
    expect(s.applies).toBe(false);
    expect(s.reasons.sort()).toEqual([
      'promotionExpired',
      'promotionInactive',
      'promotionMinimumBasket',
      'promotionUsedUp',
    ]);
    expect(s.breakdown?.discountUsdCents).toBe(0n);
    const none = await h.bus.request(h.M.promotionSummary, {
      email: 'x@example.com',
      features: ['standard'],
      promotionCode: 'NOPE',
    });
    expect(none.reasons).toEqual(['promotionNotFound']);
  });

  it('refuses unknown packages and a purchase without a card', async () => {
    expect((await failure(h.subscribe('nocard@example.com', '', ['gold']))).reason).toBe('packageNotFound');
    expect((await failure(h.subscribe('nocard@example.com'))).reason).toBe('noCardFound');
  });

  it.each([
    ['insufficient funds', CARDS.insufficientFunds, 'paymentFailed', /yetersiz/],
    ['do not honour', CARDS.doNotHonour, 'paymentFailed', /onaylanmadı/],
    ['expired card', CARDS.expired, 'paymentFailed', /Son kullanma/],
    ['invalid CVC2', CARDS.invalidCvc, 'paymentFailed', /CVC2/],
    ['3-D Secure required', CARDS.threeDs, 'threeDsRequired', /3D Secure/],
  ])(
    'a declined card (%s) fails with the provider reason and leaves no plan',
    async (_, card, reason, message) => {
      const email = `declined-${card}@example.com`;
      await h.addCard(email, card);
      const err = await failure(h.subscribe(email));
      expect([err.reason, err.message]).toEqual([reason, reason]);
      expect(err.options.detail).toMatch(message);
      expect(
        (await h.bus.request(h.M.getUserPlans, { email })).plans.filter((p) => p.status !== 'inactive'),
      ).toEqual([]);
      const payments = (await h.bus.request(h.M.listPayments, { email })).payments;
      expect(payments.map((p) => [p.status, p.invoiceStatus, p.invoiceNumber])).toEqual([
        ['failed', 'draft', 0n],
      ]);
    },
  );

  it("admin lists everyone's payments filtered by status and Istanbul days, a page at a time, with the total", async () => {
    const caller = { email: 'admin@example.com', roles: ['ROLE_ADMIN'] };
    await h.addCard('pages-a@example.com');
    await h.subscribe('pages-a@example.com');
    await h.addCard('pages-b@example.com', CARDS.insufficientFunds);
    await failure(h.subscribe('pages-b@example.com'));
    await h.addCard('pages-c@example.com');
    await h.subscribe('pages-c@example.com');
    // Days no other payment of this run has: A on 1 May in Istanbul (21:30 UTC the day before), B at
    // noon, C on 2 May in Istanbul (21:30 UTC on 1 May).
    for (const [email, at] of [
      ['pages-a@example.com', '2019-04-30T21:30:00Z'],
      ['pages-b@example.com', '2019-05-01T10:00:00Z'],
      ['pages-c@example.com', '2019-05-01T21:30:00Z'],
    ])
      await h.sql(`UPDATE payment_attempt SET created_at = $2 WHERE user_email = $1`, [email, at]);
    const list = async (req: Record<string, unknown>) => {
      const r = await h.bus.request(h.M.listPayments, { caller, ...req });
      return [r.payments.map((p) => p.userEmail), r.total];
    };
    const day = { from: '2019-05-01', to: '2019-05-01' };
    expect(await list({ ...day, size: 20 })).toEqual([['pages-b@example.com', 'pages-a@example.com'], 2]);
    expect(await list({ from: '2019-05-02', to: '2019-05-02', size: 20 })).toEqual([
      ['pages-c@example.com'],
      1,
    ]);
    expect(await list({ ...day, status: 'failed', size: 20 })).toEqual([['pages-b@example.com'], 1]);
    expect(await list({ ...day, status: 'succeeded', size: 20 })).toEqual([['pages-a@example.com'], 1]);
    expect(await list({ ...day, size: 1 })).toEqual([['pages-b@example.com'], 2]);
    expect(await list({ ...day, size: 1, page: 1 })).toEqual([['pages-a@example.com'], 2]);
    expect(await list({ email: 'pages-c@example.com' })).toEqual([['pages-c@example.com'], 1]);
  });

  it('20 concurrent checkouts on a code with 1 use left: exactly one succeeds (total 0, no provider call)', async () => {
    await h.promotion({ code: 'LASTONE', type: 'PERCENT', value: '100', count: 1 });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => h.subscribe(`race-${i}@example.com`, 'LASTONE')),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    expect(ok).toHaveLength(1);
    expect(
      results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.reason),
    ).toEqual(Array(19).fill('promotionUsedUp'));
    const [{ used }] = await h.sql<{ used: number }>(`SELECT used FROM promotion WHERE code = 'LASTONE'`);
    expect(used).toBe(1);
    const sub = (ok[0] as PromiseFulfilledResult<Awaited<ReturnType<Harness['subscribe']>>>).value;
    expect(sub.breakdown?.tryKurus).toBe(0n);
    expect(sub.plan?.status).toBe('active');
  });

  it('cancels: usable to its end date, not renewed, PlanCancelled', async () => {
    const email = 'cancel@example.com';
    await h.addCard(email);
    await h.subscribe(email);
    const { plan } = await h.bus.request(h.M.cancelPlan, { email });
    expect(plan).toMatchObject({ status: 'cancelled', endDate: '2020-11-01', autoRenew: false });
    const cancelled = (await h.events()).find(
      (e) => e.type === 'PlanCancelled' && e.message.userEmail === email,
    );
    expect(cancelled?.message.periodEnd).toBe(new Date('2020-11-01T00:00:00+03:00').toISOString());
    expect((await failure(h.bus.request(h.M.cancelPlan, { email }))).reason).toBe('packageNotFound');
  });

  it('keeps card tokens only: one card per user, replacing it swaps the tokens', async () => {
    const email = 'card@example.com';
    const first = (await h.addCard(email)).card!;
    expect(first).toMatchObject({ alias: 'Ayş', lastFour: '0008', brand: 'MASTER_CARD', expireYear: '2030' });
    const second = (await h.addCard(email, CARDS.doNotHonour)).card!;
    expect(second.lastFour).toBe('1111');
    expect(await h.sql(`SELECT id FROM card WHERE user_email = $1`, [email])).toEqual([{ id: second.id }]);
    expect((await h.bus.request(h.M.getCard, { email })).card?.id).toBe(second.id);
    expect((await failure(h.bus.request(h.M.deleteCard, { email, id: first.id }))).reason).toBe(
      'noCardFound',
    );
    await h.bus.request(h.M.deleteCard, { email, id: second.id });
    expect((await h.bus.request(h.M.getCard, { email })).card).toBeUndefined();
    const bad = await failure(
      h.bus.request(h.M.saveCard, {
        email,
        holderName: '',
        sealedCard: await h.seal(email, '12', 'x'),
        expireMonth: '13',
        expireYear: '30',
      }),
    );
    expect(bad.code).toBe('INVALID_ARGUMENT');
    expect(bad.violations.map((v) => v.field)).toEqual(
      expect.arrayContaining(['cardHolderName', 'cardNumber', 'cvc', 'expireMonth', 'billing.address']),
    );
    // The shared card rules, as the gateway and the form apply them: a wrong check digit (Luhn).
    const luhn = await failure(h.addCard(email, '5528790000000009'));
    expect(luhn.violations).toEqual([{ field: 'cardNumber', msg: 'cardNumberInvalid' }]);
  });

  it('cards saved before regions get empty ones (migration 1766000000004); every card has one since', async () => {
    const runner = { query: (sql: string) => h.sql(sql) } as unknown as QueryRunner;
    const migration = new BillingCardRegion1766000000004();
    await migration.down(runner);
    const old = {
      address: 'Bağdat Cad. 5',
      zipCode: '34710',
      contactName: 'Eski Kart',
      city: 'Kadıköy, İstanbul',
      country: 'Turkey',
    };
    const insert = (email: string, billing: object) =>
      h.sql(
        `INSERT INTO card (user_email, card_user_key, card_token, alias, holder_name, last_four, brand,
           expire_month, expire_year, billing, created_at)
         VALUES ($1, 'cuk', 'ct', 'Esk', 'Eski Kart', '0008', 'MASTER_CARD', '12', '2030', $2, now())`,
        [email, JSON.stringify(billing)],
      );
    await insert('old-card@example.com', old);
    await migration.up(runner);
    expect((await h.bus.request(h.M.getCard, { email: 'old-card@example.com' })).card?.billing).toMatchObject(
      {
        ...old,
        region: '',
        regionName: '',
      },
    );
    await expect(insert('no-region@example.com', old)).rejects.toThrow(/card_billing_region/);
  });

  it('takes card numbers sealed for billing only: one in clear, for another user or stale is refused', async () => {
    const email = 'sealed@example.com';
    const base = { email, holderName: 'Ayşe Yılmaz', expireMonth: '12', expireYear: '2030' };
    const fields = async (p: Promise<unknown>) =>
      (await failure(p)).violations.map((v) => `${v.field}:${v.msg}`);
    expect(
      await fields(h.bus.request(h.M.saveCard, { ...base, cardNumber: CARDS.success, cvc: '123' })),
    ).toEqual(['cardNumber:cardNotSealed']);
    expect(
      await fields(
        h.bus.request(h.M.saveCard, { ...base, sealedCard: await h.seal('x@example.com', CARDS.success) }),
      ),
    ).toEqual(['cardNumber:cardSealInvalid']);
    const old = Math.floor(h.clock.now().getTime() / 1000) - 3600;
    expect(
      await fields(
        h.bus.request(h.M.saveCard, { ...base, sealedCard: await h.seal(email, CARDS.success, '123', old) }),
      ),
    ).toEqual(['cardNumber:cardSealInvalid']);
    expect(await fields(h.bus.request(h.M.saveCard, { ...base, sealedCard: 'not.a.jwe.at.all' }))).toEqual([
      'cardNumber:cardSealInvalid',
    ]);
    expect((await h.bus.request(h.M.getCard, { email })).card).toBeUndefined();
  });

  it('publishes InvoiceFinalized for each final invoice: number, money, VAT, promotion', async () => {
    const finalized = (await h.events()).filter((e) => e.type === 'InvoiceFinalized');
    const buyer = finalized.find((e) => e.message.userEmail === 'buyer@example.com')!.message;
    // 45.86 TRY with KDV 20 % included: 45.86 × 20 / 120 = 7.643… → 7.64
    expect(buyer).toMatchObject({
      usdCents: 774n,
      discountUsdCents: 194n,
      rate: '7.9073',
      bulletinDate: SAMPLE_DAY,
      tryKurus: 4586n,
      vatKurus: 764n,
      promotionCode: 'WELCOME25',
      period: '2020-10',
      features: ['standard'],
    });
    const numbers = finalized.map((e) => Number(e.message.invoiceNumber)).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  });

  it('numbers final invoices without gaps', async () => {
    const rows = await h.sql<{ number: string }>(
      `SELECT number::text FROM invoice WHERE status = 'final' ORDER BY number`,
    );
    expect(rows.length).toBeGreaterThan(2);
    expect(rows.map((r) => Number(r.number))).toEqual(rows.map((_, i) => i + 1));
    await expect(h.sql(`UPDATE invoice SET try_kurus = 1 WHERE status = 'final'`)).rejects.toThrow(/final/);
  });

  it('the trial: after phone verification, once per user and once per phone', async () => {
    expect((await failure(h.bus.request(h.M.startTrial, { email: 'trial@example.com' }))).reason).toBe(
      'phoneNotVerified',
    );
    await h.phoneVerified('trial@example.com', '+905551112233');
    await h.phoneVerified('other@example.com', '+905551112233');
    const { plan } = await eventually(async () =>
      h.bus.request(h.M.startTrial, { email: 'trial@example.com' }).catch((e: { reason?: string }) => {
        if (e.reason === 'phoneNotVerified') return undefined;
        throw e;
      }),
    );
    expect(plan).toMatchObject({
      trial: true,
      status: 'active',
      features: ['standard', 'deep', 'functional'],
    });
    expect(new Date(plan!.endDate).getTime() - new Date(plan!.startDate).getTime()).toBe(86_400_000);
    expect((await failure(h.bus.request(h.M.startTrial, { email: 'trial@example.com' }))).reason).toBe(
      'trialAlreadyUsed',
    );
    await eventually(
      async () =>
        (await h.sql(`SELECT 1 FROM verified_phone WHERE user_email = 'other@example.com'`)).length > 0,
    );
    expect((await failure(h.bus.request(h.M.startTrial, { email: 'other@example.com' }))).reason).toBe(
      'trialAlreadyUsed',
    );
    const trialEvent = (await h.events()).find((e) => e.type === 'PlanActivated' && e.message.trial);
    expect(trialEvent?.message.userEmail).toBe('trial@example.com');
  });

  it('admin promotion CRUD validates and soft-deletes', async () => {
    const p = await h.promotion({ code: 'TMP', type: 'AMOUNT', value: '3.50' });
    expect(p).toMatchObject({ value: '3.50', type: 'AMOUNT', used: 0 });
    const updated = (
      await h.admin.request(h.M.savePromotion, { promotion: { ...p, description: 'Üç buçuk' } })
    ).promotion!;
    expect(updated.description).toBe('Üç buçuk');
    expect((await failure(h.promotion({ code: 'TMP' }))).reason).toBe('promotionCodeTaken');
    expect((await failure(h.promotion({ code: 'BAD', type: 'PERCENT', value: '101' }))).code).toBe(
      'INVALID_ARGUMENT',
    );
    // The form's rules, today by the Clock (the sample day, 2020-10-08 in Istanbul).
    const refused = await failure(
      h.promotion({ code: 'x', value: '0', count: 0, minimumBasket: '-1', expiryDate: '2020-10-07' }),
    );
    expect(refused.violations).toEqual([
      { field: 'code', msg: 'promotionCodeInvalid' },
      { field: 'value', msg: 'promotionValueInvalid' },
      { field: 'minimumBasket', msg: 'minimumBasketInvalid' },
      { field: 'count', msg: 'promotionCountMin' },
      { field: 'expiryDate', msg: 'promotionExpiryPast' },
    ]);
    const lastDay = await h.promotion({ code: 'LASTDAY', expiryDate: '2020-10-08' });
    expect(lastDay.expiryDate).toBe('2020-10-08');
    // Once past, the day it has may stay: the expired promotion can still be turned off.
    h.setDay('2020-10-09');
    const off = (await h.admin.request(h.M.savePromotion, { promotion: { ...lastDay, active: false } }))
      .promotion!;
    expect(off).toMatchObject({ active: false, expiryDate: '2020-10-08' });
    const moved = await failure(
      h.admin.request(h.M.savePromotion, { promotion: { ...lastDay, expiryDate: '2020-10-07' } }),
    );
    expect(moved.violations).toEqual([{ field: 'expiryDate', msg: 'promotionExpiryPast' }]);
    h.setDay(SAMPLE_DAY);
    await h.admin.request(h.M.deletePromotion, { id: p.id });
    expect((await h.admin.request(h.M.listPromotions, {})).promotions.map((x) => x.code)).not.toContain(
      'TMP',
    );
  });
});

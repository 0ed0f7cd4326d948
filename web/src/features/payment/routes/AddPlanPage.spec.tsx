import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { holdTimers, pass, until } from '../../../test/clock';
import { userToken } from '../../../test/jwt';
import { jsonResponse } from '../../../test/gateway';
import { renderApp } from '../../../test/render';
import { breakdown, payment, savedCard, userPlan } from '../../../test/fixtures';
import { billingGateway } from '../test/gateway';

const leftTo = vi.hoisted(() => ({ urls: [] as string[] }));
vi.mock('../../../lib/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/navigation')>()),
  // jsdom cannot leave the page: record where the bank's 3-D Secure step would take the browser.
  leaveAppTo: (url: string) => {
    leftTo.urls.push(url);
    return true;
  },
}));

const token = () => userToken('ayse@example.com');
const input = (testId: string) => {
  const el = screen.getByTestId(testId);
  return (el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement;
};
const typeCoupon = (value: string) => fireEvent.change(input('coupon-input'), { target: { value } });
const buyButton = () => screen.getByTestId('buy-submit') as HTMLButtonElement;
const buy = () => act(async () => fireEvent.click(buyButton()));
/** The breakdown has been shown and the buy button waits for nothing. */
const ready = () => waitFor(() => expect(buyButton().disabled).toBe(false));

/** A gateway where WELCOME25 takes 25 % off and anything else is unknown. */
function shop(over: Parameters<typeof billingGateway>[0] = {}) {
  return billingGateway({
    card: savedCard(),
    summary: ({ promotionCode }) =>
      promotionCode === 'WELCOME25'
        ? {
            breakdown: breakdown({
              discountUsd: '0.58',
              discountUsdCents: 58,
              netUsd: '1.75',
              netUsdCents: 175,
              try: '13.84',
              tryKurus: 1384,
            }),
            applies: true,
            reasons: [],
            unavailableReason: null,
          }
        : promotionCode
          ? {
              breakdown: breakdown(),
              applies: false,
              reasons: ['promotionNotFound'],
              unavailableReason: null,
            }
          : { breakdown: breakdown(), applies: false, reasons: [], unavailableReason: null },
    ...over,
  });
}

describe('add plan', () => {
  it('says the one monthly fee once, in Turkish', async () => {
    shop();
    renderApp('/payment/addPlan', { token: token() });
    expect((await screen.findByTestId('plan-fee')).textContent).toBe(
      'Hangi özellikleri seçerseniz seçin (biri, ikisi ya da üçü) tek ücret ödersiniz: aylık $10,00.',
    );
    for (const feature of ['standard', 'deep', 'functional'])
      expect(screen.getByTestId(`plan-${feature}`).textContent).not.toMatch(/\$|\/ ay/i);
    // Where Deep and Functional run comes from the market table, in the page's language.
    expect(screen.getByTestId('plan-deep').textContent).toContain(
      '(Kanada, Meksika, Birleşik Arap Emirlikleri ve Birleşik Krallık)',
    );
    expect(screen.getByTestId('plan-functional').textContent).toContain('(Kanada ve Meksika)');
  });

  it('shows the features with their limits and the live breakdown in USD and TRY; the code is asked for once typing stops', async () => {
    const server = shop();
    renderApp('/us/payment/addPlan', { token: token() });
    expect((await screen.findByTestId('plan-standard-limits')).textContent).toBe(
      '15 searches a day · 450 a month · up to 2720 items per list',
    );
    expect(screen.getByTestId('plan-deep-limits').textContent).toBe(
      '5 searches a day · up to 2720 items per list',
    );
    // The fee is said once, for any mix of features, not on each card.
    expect(screen.getByTestId('plan-fee').textContent).toBe(
      'One fee of $10.00 a month, whichever features you choose: one, two or all three.',
    );
    expect(screen.getByTestId('plan-functional').textContent).not.toContain('$');
    expect((await screen.findByTestId('breakdown-usd')).textContent).toBe('$2.33');
    expect(screen.getByTestId('price-breakdown').textContent).toContain('Price for 7 of 30 days (USD)');
    expect(screen.getByTestId('breakdown-rate').textContent).toBe(
      '1 USD = 7.9073 TRY (central bank selling rate, bulletin of 8 Oct 20)',
    );
    expect(screen.getByTestId('breakdown-try').textContent).toBe('₺18.42');
    await ready();
    expect(buyButton().textContent).toBe('Pay ₺18.42');

    typeCoupon('W');
    typeCoupon('WEL');
    typeCoupon('WELCOME25');
    expect(await screen.findByTestId('coupon-applied')).toBeTruthy();
    expect(screen.getByTestId('coupon-applied').textContent).toBe('Code applied: $0.58 off');
    expect(screen.getByTestId('breakdown-discount').textContent).toBe('-$0.58');
    expect(screen.getByTestId('breakdown-net').textContent).toBe('$1.75');
    expect(screen.getByTestId('breakdown-try').textContent).toBe('₺13.84');
    const codes = await Promise.all(
      server
        .callsTo('POST /api/promotion/summary')
        .map(async (c) => ((await c.json()) as { promotionCode: string }).promotionCode),
    );
    expect(codes).toEqual(['', 'WELCOME25']);
  });

  it('lists every reason a code does not apply, and buying waits for a code that applies (Turkish)', async () => {
    shop({
      summary: ({ promotionCode }) => ({
        breakdown: breakdown(),
        applies: false,
        reasons: promotionCode ? ['promotionExpired', 'promotionMinimumBasket'] : [],
        unavailableReason: null,
      }),
    });
    renderApp('/payment/addPlan', { token: token() });
    await ready();
    typeCoupon('OLDCODE');
    const reasons = await screen.findAllByTestId('coupon-reason');
    expect(reasons.map((r) => r.textContent)).toEqual([
      'Bu kupon kodunun süresi dolmuş.',
      'Fiyat bu kodun en düşük sepet tutarının altında.',
    ]);
    expect(buyButton().disabled).toBe(true);
  });

  it('explains a missing exchange rate: no lira amount, nothing can be charged', async () => {
    shop({
      summary: () => ({
        breakdown: breakdown({ rate: null, bulletinDate: null, try: null, tryKurus: null }),
        applies: false,
        reasons: [],
        unavailableReason: 'fxRateUnavailable',
      }),
    });
    renderApp('/us/payment/addPlan', { token: token() });
    expect((await screen.findByTestId('fx-unavailable')).textContent).toContain(
      "The central bank's exchange rate is not available right now",
    );
    expect(screen.getByTestId('breakdown-try-missing').textContent).toContain('Cannot be computed now');
    expect(buyButton().disabled).toBe(true);
  });

  it('buys with the features and the code, then shows the success page with the payment', async () => {
    const server = shop();
    server.routes['POST /api/user-plan'] = () => {
      server.payments = [payment({ amount: '13.84' })];
      server.plans = [userPlan({ features: ['standard', 'deep'] })];
      return jsonResponse({
        success: true,
        data: {
          plan: server.plans[0],
          breakdown: breakdown(),
          conversationId: server.payments[0].conversationId,
        },
      });
    };
    const app = renderApp('/us/payment/addPlan', { token: token() });
    await ready();
    await act(async () => fireEvent.click(screen.getByTestId('plan-deep')));
    typeCoupon('WELCOME25');
    await screen.findByTestId('coupon-applied');
    await ready();
    await buy();
    await waitFor(() =>
      expect(app.location()).toBe(
        '/us/payment/addPlan/success?conversationId=c0ffee00-1111-4222-8333-444455556666',
      ),
    );
    expect(await server.callsTo('POST /api/user-plan')[0].json()).toEqual({
      plan: 'standard',
      features: ['standard', 'deep'],
      promotionCode: 'WELCOME25',
    });
    expect((await screen.findByTestId('add-plan-amount')).textContent).toBe('₺13.84');
    expect(screen.getByTestId('add-plan-invoice-link').getAttribute('href')).toBe(
      '/us/payment/c0ffee00-1111-4222-8333-444455556666',
    );
  });

  it('back from the bank before the payment settled: asks for it again every 2 s until it has (held clock)', async () => {
    holdTimers();
    const server = billingGateway({
      payments: [payment({ status: 'pending', invoiceStatus: 'draft', invoiceNumber: null })],
    });
    renderApp('/us/payment/addPlan/success?conversationId=c0ffee00-1111-4222-8333-444455556666', {
      token: token(),
    });
    await until(() => screen.getByRole('heading', { name: 'Your payment is being confirmed' }), 15_000);
    const asked = () => server.callsTo('GET /api/payment/history/:conversationId').length;
    expect(asked()).toBe(1);
    await pass(1999);
    expect(asked()).toBe(1);
    await pass(1);
    await until(() => expect(asked()).toBe(2));
    server.payments = [payment()];
    await pass(2000);
    await until(() => screen.getByRole('heading', { name: 'Your plan is active' }));
    expect(asked()).toBe(3);
    await pass(3 * 2000);
    expect(asked()).toBe(3);
  });

  it("a declined card: 'payment failed' with the bank's reason (Turkish)", async () => {
    const server = shop();
    server.routes['POST /api/user-plan'] = () =>
      jsonResponse(
        {
          success: false,
          code: 'paymentFailed',
          message: 'Ödeme başarısız: Kart limiti yetersiz, yetersiz bakiye',
        },
        402,
      );
    renderApp('/payment/addPlan', { token: token() });
    await ready();
    await buy();
    expect((await screen.findByTestId('buy-error')).textContent).toBe(
      'Ödeme başarısız: Kart limiti yetersiz, yetersiz bakiye',
    );
  });

  it('a code refused at purchase is shown on the code field; no card found links to the card form', async () => {
    const server = shop();
    let refusal = { code: 'promotionUsedUp', status: 422 };
    server.routes['POST /api/user-plan'] = () =>
      jsonResponse({ success: false, code: refusal.code, message: 'server text' }, refusal.status);
    renderApp('/us/payment/addPlan', { token: token() });
    await ready();
    typeCoupon('WELCOME25');
    await screen.findByTestId('coupon-applied');
    await ready();
    await buy();
    const described = input('coupon-input').getAttribute('aria-describedby') ?? '';
    await waitFor(() => expect(input('coupon-input').getAttribute('aria-invalid')).toBe('true'));
    expect(
      described
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join('|'),
    ).toContain('This coupon code has no uses left.');
    expect(screen.queryByTestId('buy-error')).toBeNull();

    refusal = { code: 'noCardFound', status: 404 };
    typeCoupon('');
    await ready();
    await buy();
    const error = await screen.findByTestId('buy-error');
    expect(error.textContent).toContain('No card found. Add a card first.');
    expect(error.querySelector('a')?.getAttribute('href')).toBe('/us/payment/addCard');
  });

  it('3-D Secure: a short notice, then the browser goes to the bank', async () => {
    const server = shop();
    server.routes['POST /api/user-plan'] = () =>
      jsonResponse({
        success: true,
        data: {
          plan: null,
          breakdown: breakdown(),
          conversationId: null,
          threeDSecure: { conversationId: 'c3ds', redirectUrl: 'https://bank.example/3ds?token=abc' },
        },
      });
    leftTo.urls.length = 0;
    const app = renderApp('/us/payment/addPlan', { token: token() });
    await ready();
    await buy();
    expect((await screen.findByTestId('three-ds-redirect')).textContent).toContain(
      'Your bank asks you to confirm this payment with 3-D Secure.',
    );
    expect(leftTo.urls).toEqual(['https://bank.example/3ds?token=abc']);
    expect(app.location()).toBe('/us/payment/addPlan');
    expect(buyButton().disabled).toBe(true);
  });

  it('back from the bank with ?threeDsError=<reason>: the reason in the locale, a general text for an unknown one', async () => {
    shop();
    renderApp('/payment/addPlan?threeDsError=threeDsFailed', { token: token() });
    expect((await screen.findByTestId('three-ds-error')).textContent).toBe(
      '3-D Secure doğrulaması başarısız oldu, hiçbir ücret alınmadı.',
    );
  });

  it('an unknown 3-D Secure reason (English)', async () => {
    shop();
    renderApp('/us/payment/addPlan?threeDsError=bankSaidNo', { token: token() });
    expect((await screen.findByTestId('three-ds-error')).textContent).toBe(
      'The 3-D Secure confirmation did not complete, so nothing was charged. Please try again.',
    );
  });

  it('no card: a warning with a link to the card form, and buying waits', async () => {
    shop({ card: null });
    renderApp('/us/payment/addPlan', { token: token() });
    expect((await screen.findByTestId('no-card-warning')).textContent).toContain('No card found.');
    expect(screen.getByTestId('no-card-add').getAttribute('href')).toBe('/us/payment/addCard');
    expect(buyButton().disabled).toBe(true);
  });

  it('a running plan blocks a new one until its end date (Turkish)', async () => {
    shop({ plans: [userPlan()] });
    renderApp('/payment/addPlan', { token: token() });
    expect((await screen.findByTestId('plan-already-active')).textContent).toContain(
      '1 Ara 26 tarihine kadar bir planınız var',
    );
    expect(buyButton().disabled).toBe(true);
  });

  it('no feature chosen: the form says it is required', async () => {
    const server = shop();
    renderApp('/payment/addPlan', { token: token() });
    await ready();
    await act(async () => fireEvent.click(screen.getByTestId('plan-standard')));
    await buy();
    expect((await screen.findByTestId('plan-picker')).textContent).toContain('Bu alan zorunludur.');
    expect(server.callsTo('POST /api/user-plan')).toHaveLength(0);
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { bulletinOf, cardPayload, istanbulToday } from '../../services/billing/test/fixtures.js';
import { startStack, type Stack } from './stack.js';

jest.setTimeout(60_000);

/** HTTP → gateway → bus → billing (and auth) → PostgreSQL: the billing routes of product spec part 7. */
describe('gateway + billing service (real PostgreSQL, sandbox provider)', () => {
  let stack: Stack;
  let fx: http.Server;
  let admin: Record<string, string>;

  beforeAll(async () => {
    fx = http.createServer((_req, res) => res.writeHead(200).end(bulletinOf(istanbulToday(), '10.0000')));
    await new Promise<void>((r) => fx.listen(0, '127.0.0.1', r));
    stack = await startStack({
      ADMIN_EMAIL: 'admin@shelfscan.test',
      ADMIN_PASSWORD: 'admin-pass',
      FX_RATES_URL: `http://127.0.0.1:${(fx.address() as AddressInfo).port}/today.xml`,
    });
    admin = await stack.signIn('admin@shelfscan.test', 'admin-pass');
  });
  afterAll(async () => {
    await stack?.stop();
    await new Promise((r) => fx?.close(r));
  });

  const card = (cardNumber: string) => ({ cardAlias: 'Ayş', ...cardPayload(cardNumber) });

  it('card → promotion summary → plan with the coupon → history → PDF → account → cancel', async () => {
    const user = await stack.newUser('buyer@example.com');
    const plans = await stack.call('GET', '/api/plan', undefined, user);
    expect(plans.json().data.map((p: { planCode: string; price: string }) => [p.planCode, p.price])).toEqual([
      ['standard', '10.00'],
      ['deep', '10.00'],
      ['functional', '10.00'],
    ]);
    expect((await stack.call('GET', '/api/card', undefined, user)).json().data).toBeNull();
    const bad = await stack.call('POST', '/api/card', { ...card('1234'), cvc: 'x' }, user);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toContain('Kart numarası geçersiz.');
    const saved = await stack.call('POST', '/api/card', card('5528790000000008'), user);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      lastFourDigits: '0008',
      cardAlias: 'Ayş',
      cardAssociation: 'MASTER_CARD',
    });
    expect(JSON.stringify(saved.json())).not.toContain('5528790000000008');
    // The region is a field of its own, from the built-in list (required for TR).
    expect((await stack.call('GET', '/api/card', undefined, user)).json().data.billing).toEqual({
      address: 'Kızılay Mah. 1',
      zipCode: '06420',
      contactName: 'Ayşe Yılmaz',
      city: 'Ankara',
      country: 'Turkey',
      region: '06',
      regionName: 'Ankara',
    });
    const { region: _region, ...noRegion } = card('5528790000000008').billing;
    const missing = await stack.call(
      'POST',
      '/api/card',
      { ...card('5528790000000008'), billing: noRegion },
      user,
    );
    expect([missing.statusCode, missing.json().errors]).toEqual([
      422,
      [{ field: 'billing.region', msg: 'Bu alan zorunludur.' }],
    ]);

    const promo = { code: 'HALF', type: 'PERCENT', value: '50', count: 10, minimumBasket: '0' };
    expect((await stack.call('POST', '/api/promotion', promo, user)).statusCode).toBe(403);
    expect((await stack.call('POST', '/api/promotion', promo, admin)).statusCode).toBe(200);

    const summary = (
      await stack.call('POST', '/api/promotion/summary', { plan: 'standard', promotionCode: 'HALF' }, user)
    ).json().data;
    expect(summary).toMatchObject({ applies: true, reasons: [], breakdown: { rate: '10.0000' } });
    const b = summary.breakdown;
    expect(b.discountUsdCents).toBe(Math.floor((b.usdCents + 1) / 2)); // 50 %, half up
    expect(b.tryKurus).toBe(b.netUsdCents * 10); // at 10.0000 TRY per USD

    const bought = await stack.call(
      'POST',
      '/api/user-plan',
      { plan: 'standard', features: ['standard'], promotionCode: 'HALF' },
      user,
    );
    expect(bought.statusCode).toBe(200);
    expect(bought.json()).toMatchObject({
      success: true,
      message: 'Planınız etkinleştirildi.',
      data: { plan: { status: 'active' } },
    });
    const { conversationId } = bought.json().data;
    expect(bought.json().data.breakdown).toEqual(b);

    const history = (await stack.call('GET', '/api/payment/history', undefined, user)).json().data;
    expect(history).toHaveLength(1);
    const one = (await stack.call('GET', `/api/payment/history/${conversationId}`, undefined, user)).json()
      .data;
    expect(one).toMatchObject({ conversationId, amount: b.try, status: 'succeeded', invoiceStatus: 'final' });
    const pdf = await stack.call('GET', `/api/payment/history/${conversationId}/pdf`, undefined, user);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const other = await stack.newUser('other@example.com');
    expect(
      (await stack.call('GET', `/api/payment/history/${conversationId}`, undefined, other)).statusCode,
    ).toBe(404);

    const account = (await stack.call('GET', '/api/account/user', undefined, user)).json().data;
    expect(account.userPlanExist).toBe(true);
    expect(account.userPlans[0]).toMatchObject({ plan: { trial: false }, status: 'active' });

    const again = await stack.call('POST', '/api/user-plan', { plan: 'deep' }, user);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'planAlreadyActive',
      message: expect.stringContaining('Zaten bir planınız var'),
    });

    const cancelled = await stack.call('DELETE', '/api/user-plan', undefined, user);
    expect(cancelled.json()).toMatchObject({
      success: true,
      data: { status: 'cancelled', autoRenew: false },
    });

    const cardId = saved.json().data.id;
    expect((await stack.call('DELETE', `/api/card/?id=${cardId}`, undefined, user)).statusCode).toBe(200);
    expect((await stack.call('GET', '/api/card', undefined, user)).json().data).toBeNull();
  });

  it("a declined card answers 402 'payment failed' with the bank's reason, in the request language", async () => {
    const user = await stack.newUser('declined@example.com');
    await stack.call('POST', '/api/card', card('4111111111111129'), user);
    const r = await stack.call(
      'POST',
      '/api/user-plan',
      { plan: 'standard' },
      { ...user, 'accept-language': 'en' },
    );
    expect(r.statusCode).toBe(402);
    expect(r.json()).toMatchObject({
      success: false,
      code: 'paymentFailed',
      message: expect.stringMatching(/^Payment failed: .*yetersiz/),
    });
    const none = await stack.newUser('nocard@example.com');
    const noCard = await stack.call('POST', '/api/user-plan', { plan: 'standard' }, none);
    expect(noCard.statusCode).toBe(404);
    expect(noCard.json()).toMatchObject({
      code: 'noCardFound',
      message: 'Kart bulunamadı. Önce bir kart ekleyin.',
    });
    const unknown = await stack.call('POST', '/api/user-plan', { plan: 'gold' }, none);
    expect(unknown.json()).toMatchObject({ code: 'packageNotFound', message: 'Paket bulunamadı.' });
  });

  it('admin: promotions list/update/delete, every payment, and the renewal run', async () => {
    const list = (await stack.call('GET', '/api/promotion', undefined, admin)).json().data;
    const half = list.find((p: { code: string }) => p.code === 'HALF');
    expect(half).toMatchObject({ used: 1, count: 10 });
    const noId = await stack.call('PUT', '/api/promotion', { ...half, id: undefined }, admin);
    expect(noId.statusCode).toBe(422);
    const put = await stack.call(
      'PUT',
      '/api/promotion',
      { ...half, description: 'Yarı fiyat', used: undefined },
      admin,
    );
    expect(put.json().data.description).toBe('Yarı fiyat');
    expect((await stack.call('DELETE', `/api/promotion/${half.id}`, undefined, admin)).statusCode).toBe(200);
    const all = (await stack.call('GET', '/api/admin/payment/history', undefined, admin)).json().data;
    expect(all.map((p: { userEmail: string }) => p.userEmail).sort()).toEqual([
      'buyer@example.com',
      'declined@example.com',
    ]);
    // A page at a time, with the total; by status; bad filters refused with their field.
    const paged = await stack.call('GET', '/api/admin/payment/history?page=1&size=1', undefined, admin);
    expect(paged.headers['x-total-count']).toBe('2');
    expect(paged.json().data.map((p: { conversationId: string }) => p.conversationId)).toEqual([
      all[1].conversationId,
    ]);
    const failed = (
      await stack.call('GET', '/api/admin/payment/history?status=failed', undefined, admin)
    ).json().data;
    expect(failed.map((p: { userEmail: string }) => p.userEmail)).toEqual(['declined@example.com']);
    const bad = await stack.call(
      'GET',
      '/api/admin/payment/history?status=lost&from=2026-5-1',
      undefined,
      admin,
    );
    expect(bad.statusCode).toBe(422);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['from', 'status']);
    const user = await stack.signIn('buyer@example.com', 'Sel4mlar!x');
    expect((await stack.call('POST', '/api/admin/billing/renewal', {}, user)).statusCode).toBe(403);
    const run = await stack.call('POST', '/api/admin/billing/renewal', { date: '2099-01-01' }, admin);
    expect(run.json()).toMatchObject({ success: true, data: { ran: true } });
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { codec } from '@shelfscan/bus';
import { bulletinOf, cardPayload as card, istanbulToday } from '../../services/billing/test/fixtures.js';
import { eventually } from '@shelfscan/testing';
import { startStack, type Stack } from './stack.js';

jest.setTimeout(60_000);

const TEST_CARDS = [
  '5528790000000008',
  '5400010000000004',
  '4111111111111129',
  '4129111111111111',
  '4126111111111114',
];

/** The hidden fields of the form holding a button with this id, and where it posts. */
function formOf(html: string, buttonId: string): { action: string; fields: Record<string, string> } {
  const form = [...html.matchAll(/<form\b[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/g)].find((m) =>
    m[2].includes(`id="${buttonId}"`),
  )!;
  const fields = Object.fromEntries(
    [...form[2].matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]),
  );
  return { action: new URL(form[1]).pathname, fields };
}

/**
 * HTTP → gateway → bus → billing (sandbox provider) → PostgreSQL: 3-D Secure in the browser, the
 * admin's refunds, grants and reads, and no card number on the bus in clear.
 */
describe('gateway + billing: 3-D Secure, admin operations, sealed cards', () => {
  let stack: Stack;
  let fx: http.Server;
  let admin: Record<string, string>;
  /** Every encoded message that crossed the bus during the suite: requests, replies, events. */
  const traffic: Uint8Array[] = [];
  /** The events among them (envelopes), decoded. */
  const events: { type: string; message: Record<string, unknown> }[] = [];

  beforeAll(async () => {
    fx = http.createServer((_req, res) => res.writeHead(200).end(bulletinOf(istanbulToday(), '10.0000')));
    await new Promise<void>((r) => fx.listen(0, '127.0.0.1', r));
    stack = await startStack({
      ADMIN_EMAIL: 'admin@shelfscan.test',
      ADMIN_PASSWORD: 'admin-pass',
      FX_RATES_URL: `http://127.0.0.1:${(fx.address() as AddressInfo).port}/today.xml`,
    });
    const request = stack.broker.request.bind(stack.broker);
    const publish = stack.broker.publish.bind(stack.broker);
    stack.broker.request = async (pattern, bytes) => {
      traffic.push(Uint8Array.from(bytes));
      const reply = await request(pattern, bytes);
      traffic.push(Uint8Array.from(reply));
      return reply;
    };
    stack.broker.publish = async (topic, bytes) => {
      traffic.push(Uint8Array.from(bytes));
      const e = codec.decode(bytes);
      events.push({ type: e.envelope.type, message: e.message as Record<string, unknown> });
      return publish(topic, bytes);
    };
    admin = await stack.signIn('admin@shelfscan.test', 'admin-pass');
  });
  afterAll(async () => {
    await stack?.stop();
    await new Promise((r) => fx?.close(r));
  });

  /** The events of a type that match, once the outbox relay has published at least one. */
  function published(type: string, match: (m: Record<string, unknown>) => boolean) {
    return eventually(
      () => {
        const found = events.filter((e) => e.type === `shelfscan.billing.v1.${type}` && match(e.message));
        return found.length && found.map((e) => e.message);
      },
      { what: `a published ${type}` },
    );
  }

  async function newUser(email: string, lang = 'tr'): Promise<Record<string, string>> {
    return { ...(await stack.newUser(email)), 'accept-language': lang };
  }

  const postForm = (url: string, fields: Record<string, string>) =>
    stack.app.inject({
      method: 'POST',
      url,
      payload: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  it('3-D Secure: 200 with the redirect, the bank page once (CSP), approve → success page, a second post changes nothing', async () => {
    const user = await newUser('threeds@example.com');
    expect((await stack.call('POST', '/api/card', card('5400010000000004'), user)).statusCode).toBe(200);
    const bought = await stack.call('POST', '/api/user-plan', { plan: 'standard' }, user);
    expect(bought.statusCode).toBe(200);
    expect(bought.json()).toEqual({
      success: true,
      message: 'Bankanız 3-D Secure doğrulaması istiyor; bankanızın sayfasına yönlendiriliyorsunuz.',
      data: {
        threeDSecure: {
          conversationId: expect.stringMatching(/^[0-9a-f-]{36}$/),
          redirectUrl: expect.stringMatching(/^\/api\/payment\/3ds\/[0-9a-f-]{36}\?t=[\w-]{43}$/),
        },
      },
    });
    const { conversationId, redirectUrl } = bought.json().data.threeDSecure;
    expect(redirectUrl).toContain(conversationId);

    const page = await stack.call('GET', redirectUrl);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
    expect(page.headers['content-security-policy']).toContain("script-src 'none'");
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('Sandbox banka');
    const approve = formOf(page.body, 'approve');
    expect(approve.action).toBe('/api/payment/3ds/callback');
    expect(approve.fields).toMatchObject({ status: 'success', mdStatus: '1', conversationId });
    // The token works once.
    const again = await stack.call('GET', redirectUrl);
    expect([again.statusCode, again.headers.location]).toEqual([
      303,
      '/payment/addPlan?threeDsError=threeDsExpired',
    ]);
    // Until the bank answers, the plan is not active.
    expect((await stack.call('GET', '/api/user-plan', undefined, user)).json().data).toEqual([]);

    const done = await postForm(approve.action, approve.fields);
    expect([done.statusCode, done.headers.location]).toEqual([
      303,
      `/payment/addPlan/success?conversationId=${conversationId}`,
    ]);
    const twice = await postForm(approve.action, approve.fields);
    expect([twice.statusCode, twice.headers.location]).toEqual([303, done.headers.location]);

    const plans = (await stack.call('GET', '/api/user-plan', undefined, user)).json().data;
    expect(plans).toMatchObject([{ status: 'active', features: ['standard'] }]);
    const history = (await stack.call('GET', '/api/payment/history', undefined, user)).json().data;
    const paid = history.filter((p: { status: string }) => p.status === 'succeeded');
    expect(paid).toMatchObject([{ conversationId, invoiceStatus: 'final' }]);
    // The plain try (5010) and the 3-D Secure payment belong to the one invoice, numbered once.
    expect(new Set(history.map((p: { invoiceNumber: number | null }) => p.invoiceNumber))).toEqual(
      new Set([paid[0].invoiceNumber]),
    );
  });

  it('an English user who declines at the bank lands on /us/payment/addPlan?threeDsError=threeDsDeclined; no plan', async () => {
    const user = await newUser('threeds-en@example.com', 'en');
    await stack.call('POST', '/api/card', card('5400010000000004'), user);
    const bought = await stack.call('POST', '/api/user-plan', { plan: 'deep' }, user);
    expect(bought.json().message).toBe(
      'Your bank asks for 3-D Secure verification; you are being taken to your bank’s page.',
    );
    const page = await stack.call('GET', bought.json().data.threeDSecure.redirectUrl);
    expect(page.body).toContain('Sandbox bank');
    const decline = formOf(page.body, 'decline');
    const r = await postForm(decline.action, decline.fields);
    expect([r.statusCode, r.headers.location]).toEqual([
      303,
      '/us/payment/addPlan?threeDsError=threeDsDeclined',
    ]);
    expect((await stack.call('GET', '/api/user-plan', undefined, user)).json().data).toMatchObject([
      { status: 'inactive' },
    ]);
    // A forged or stale answer for it changes nothing.
    const forged = await postForm('/api/payment/3ds/callback', {
      ...decline.fields,
      status: 'success',
      mdStatus: '1',
    });
    expect(forged.headers.location).toBe('/us/payment/addPlan?threeDsError=threeDsExpired');
    const unknown = await postForm('/api/payment/3ds/callback', { conversationId: 'nope' });
    expect(unknown.headers.location).toBe('/payment/addPlan?threeDsError=threeDsExpired');
  });

  it('admin refunds: same day the whole payment is cancelled; never more than paid; InvoiceRefunded; the invoice stays final', async () => {
    const user = await newUser('refund@example.com');
    await stack.call('POST', '/api/card', card('5528790000000008'), user);
    const bought = (await stack.call('POST', '/api/user-plan', { plan: 'standard' }, user)).json().data;
    const url = `/api/admin/payment/${bought.conversationId}/refund`;
    expect((await stack.call('POST', url, { reason: 'asked' }, user)).statusCode).toBe(403);
    const noReason = await stack.call('POST', url, {}, admin);
    expect(noReason.statusCode).toBe(422);

    const cancel = await stack.call('POST', url, { reason: 'Customer asked' }, admin);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({
      success: true,
      message: 'İade yapıldı.',
      data: {
        kind: 'cancel',
        refunded: bought.breakdown.try,
        payment: { invoiceStatus: 'final', status: 'succeeded', refunded: bought.breakdown.try },
      },
    });
    expect(cancel.json().data.payment.refunds).toMatchObject([
      { kind: 'cancel', reason: 'Customer asked', refundedBy: 'admin@shelfscan.test' },
    ]);
    const more = await stack.call(
      'POST',
      url,
      { reason: 'again', amountKurus: 1 },
      { ...admin, 'accept-language': 'en' },
    );
    expect(more.statusCode).toBe(422);
    expect(more.json()).toMatchObject({
      code: 'refundTooMuch',
      message: 'A refund cannot exceed what is left of the payment (0.00 TRY).',
    });
    const refunded = await published('InvoiceRefunded', (m) => m.conversationId === bought.conversationId);
    expect(refunded).toMatchObject([
      {
        conversationId: bought.conversationId,
        kind: 'cancel',
        refundedTryKurus: BigInt(bought.breakdown.tryKurus),
      },
    ]);
  });

  it('admin grants a plan by hand (who and why in PlanActivated) and revokes it (PlanExpired revoked)', async () => {
    const user = await newUser('granted@example.com');
    const url = '/api/admin/users/granted@example.com/plans';
    const body = { features: ['deep'], periodEnd: '2099-01-01', reason: 'Support gesture' };
    expect((await stack.call('POST', url, body, user)).statusCode).toBe(403);
    const bad = await stack.call(
      'POST',
      url,
      { features: ['gold'], periodEnd: '2000-01-01', reason: '' },
      admin,
    );
    expect(bad.statusCode).toBe(422);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['features.0', 'reason']);
    const past = await stack.call('POST', url, { ...body, periodEnd: '2000-01-01' }, admin);
    expect(past.json().errors).toEqual([
      { field: 'periodEnd', msg: 'Bitiş tarihi bugünden sonra olmalıdır.' },
    ]);
    const granted = await stack.call('POST', url, body, admin);
    expect(granted.json()).toMatchObject({
      success: true,
      message: 'Plan tanımlandı.',
      data: {
        features: ['deep'],
        status: 'active',
        endDate: '2099-01-01',
        autoRenew: false,
        grantedBy: 'admin@shelfscan.test',
        grantReason: 'Support gesture',
      },
    });
    expect((await stack.call('GET', '/api/user-plan', undefined, user)).json().data).toMatchObject([
      { grantedBy: 'admin@shelfscan.test' },
    ]);
    const activated = await published('PlanActivated', (m) => m.userEmail === 'granted@example.com');
    expect(activated).toMatchObject([{ grantedBy: 'admin@shelfscan.test', grantReason: 'Support gesture' }]);

    const id = granted.json().data.id;
    const revoked = await stack.app.inject({
      method: 'DELETE',
      url: `${url}/${id}`,
      payload: { reason: 'Mistake' },
      headers: admin,
    });
    expect(revoked.json()).toMatchObject({
      success: true,
      message: 'Plan geri alındı.',
      data: { status: 'inactive' },
    });
    const again = await stack.app.inject({
      method: 'DELETE',
      url: `${url}/${id}`,
      payload: { reason: 'Mistake' },
      headers: admin,
    });
    expect(again.statusCode).toBe(404);
    expect(await published('PlanExpired', (m) => m.subscriptionId === id)).toMatchObject([
      { reason: 'revoked' },
    ]);
  });

  it("admin reads any user's payments (filtered by email), one payment and its PDF; users cannot", async () => {
    const user = await stack.signIn('refund@example.com', 'Sel4mlar!x');
    const mine = (
      await stack.call('GET', '/api/admin/payment/history?email=refund@example.com', undefined, admin)
    ).json().data;
    expect(mine.length).toBeGreaterThan(0);
    expect(new Set(mine.map((p: { userEmail: string }) => p.userEmail))).toEqual(
      new Set(['refund@example.com']),
    );
    const all = (await stack.call('GET', '/api/admin/payment/history', undefined, admin)).json().data;
    expect(all.length).toBeGreaterThan(mine.length);
    const one = await stack.call(
      'GET',
      `/api/admin/payment/history/${mine[0].conversationId}`,
      undefined,
      admin,
    );
    expect(one.json().data).toMatchObject({
      conversationId: mine[0].conversationId,
      userEmail: 'refund@example.com',
    });
    const pdf = await stack.call(
      'GET',
      `/api/admin/payment/history/${mine[0].conversationId}/pdf`,
      undefined,
      admin,
    );
    expect([pdf.statusCode, pdf.headers['content-type'], pdf.rawPayload.subarray(0, 5).toString()]).toEqual([
      200,
      'application/pdf',
      '%PDF-',
    ]);
    expect(
      (await stack.call('GET', `/api/admin/payment/history/${mine[0].conversationId}`, undefined, user))
        .statusCode,
    ).toBe(403);
  });

  it('no card number crossed the bus in clear: every encoded message of the suite, grepped', () => {
    expect(traffic.length).toBeGreaterThan(50);
    const saveCards = traffic.filter((b) => Buffer.from(b).includes('SaveCard'));
    expect(saveCards.length).toBeGreaterThan(0); // the card flows were captured
    const all = Buffer.concat(traffic.map((b) => Buffer.from(b)));
    for (const number of TEST_CARDS) expect(all.includes(number)).toBe(false);
    // …and a sealed card is what went instead (JWE compact: five base64url parts).
    expect(all.toString('latin1')).toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+\.[\w-]+\.[\w-]+/);
  });
});

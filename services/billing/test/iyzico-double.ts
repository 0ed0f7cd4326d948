import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { responseSignature } from '../src/provider/iyzico/iyzipay-client.js';
import { NOT_REVERSIBLE_CARD, TEST_CARD_DECLINES, brandOf, luhn } from '../src/provider/sandbox.provider.js';

type Body = Record<string, unknown>;

interface DoublePayment {
  paymentId: string;
  conversationId: string;
  basketId: string;
  kurus: bigint;
  cardNumber: string;
  status: 'SUCCESS' | 'FAILURE' | 'INIT_THREEDS';
  errorCode?: string;
  errorMessage?: string;
  errorGroup?: string;
  reversedKurus: bigint;
  conversationData?: string;
}

/** "45.86" or 45.86 → 4586n (iyzipay's formatPrice sends "10.0" for 10.00). */
function kurus(v: unknown): bigint {
  const text = String(v);
  if (!/^\d+(\.\d{1,2})?$/.test(text)) throw new Error(`not a price: ${text}`);
  const [i, f = ''] = text.split('.');
  return BigInt(i) * 100n + BigInt(f.padEnd(2, '0'));
}
const asNumber = (k: bigint) => Number(k) / 100;

/**
 * A local stand-in for iyzico's API, speaking its documented wire format: it checks the IYZWSv2
 * signature of every request (HMAC-SHA256 of x-iyzi-rnd + path + body with the secret key) and
 * answers with iyzico's shapes, signed as iyzico signs them. The test cards behave as in iyzico's
 * sandbox; 5400010000000004 asks for 3-D Secure (5010) on a plain charge. Tests can make the next
 * call to a path hang (a timeout) or answer with a bad signature, and watch every call.
 */
export async function startIyzicoDouble(opts: { apiKey?: string; secretKey?: string } = {}) {
  const apiKey = opts.apiKey ?? 'sandbox-api-key';
  const secretKey = opts.secretKey ?? 'sandbox-secret-key';
  const cards = new Map<string, { number: string; cardUserKey: string }>();
  const payments = new Map<string, DoublePayment>();
  const state = {
    /** Every request: path and parsed body (card numbers included: it is the provider). */
    requests: [] as { path: string; body: Body }[],
    /** Requests whose signature did not match (answered with iyzico's auth error). */
    rejected: [] as string[],
    /** Successful charges (money moved): conversationIds. */
    charges: [] as string[],
    hang: new Set<string>(),
    badSignature: new Set<string>(),
    /** Runs after a charge is recorded and before its answer is sent (e.g. kill the caller). */
    afterCharge: undefined as undefined | ((conversationId: string) => void | 'no-answer'),
  };
  const hanging: http.ServerResponse[] = [];

  const sign = (values: unknown[]) => responseSignature(values, secretKey);
  const base = (body: Body) => ({
    locale: (body.locale as string) ?? 'tr',
    systemTime: Date.now(),
    conversationId: body.conversationId as string,
  });
  const failure = (body: Body, errorCode: string, errorMessage: string, errorGroup?: string) => ({
    status: 'failure',
    errorCode,
    errorMessage,
    ...(errorGroup ? { errorGroup } : {}),
    ...base(body),
  });
  const paymentAnswer = (body: Body, p: DoublePayment) => {
    const price = asNumber(p.kurus);
    return {
      status: 'success',
      ...base(body),
      price,
      paidPrice: price,
      installment: 1,
      paymentId: p.paymentId,
      fraudStatus: 1,
      cardType: 'CREDIT_CARD',
      cardAssociation: brandOf(p.cardNumber),
      binNumber: p.cardNumber.slice(0, 8),
      lastFourDigits: p.cardNumber.slice(-4),
      basketId: p.basketId,
      currency: 'TRY',
      itemTransactions: [],
      authCode: '000000',
      phase: 'AUTH',
      paymentStatus: p.status,
      ...(p.status === 'FAILURE'
        ? { errorCode: p.errorCode, errorMessage: p.errorMessage, errorGroup: p.errorGroup }
        : {}),
      signature: sign([p.paymentId, 'TRY', p.basketId, p.conversationId, price, price]),
    };
  };

  /** Checks a payment body as iyzico does: known stored card, basket adding up to the price. */
  const checkPayment = (body: Body): { error?: object; card?: { number: string } } => {
    const card = body.paymentCard as { cardUserKey?: string; cardToken?: string } | undefined;
    const stored = card?.cardToken ? cards.get(card.cardToken) : undefined;
    if (!stored || stored.cardUserKey !== card?.cardUserKey)
      return { error: failure(body, '3001', 'Kart bulunamadı') };
    const items = (body.basketItems as { price: unknown }[] | undefined) ?? [];
    const sum = items.reduce((s, i) => s + kurus(i.price), 0n);
    if (!items.length || sum !== kurus(body.price))
      return { error: failure(body, '5062', 'Sepet tutarı ile ürünlerin toplamı eşit değil') };
    if (kurus(body.paidPrice) !== kurus(body.price)) return { error: failure(body, '5063', 'paidPrice') };
    if (body.currency !== 'TRY' || String(body.installment) !== '1')
      return { error: failure(body, '11', 'Geçersiz istek') };
    return { card: stored };
  };

  const record = (body: Body, number: string, status: DoublePayment['status']): DoublePayment => {
    const d = TEST_CARD_DECLINES[number];
    const p: DoublePayment = {
      paymentId: String(Math.floor(1e7 + Math.random() * 9e7)),
      conversationId: body.conversationId as string,
      basketId: body.basketId as string,
      kurus: kurus(body.price),
      cardNumber: number,
      status,
      reversedKurus: 0n,
      ...(status === 'FAILURE' && d ? d : {}),
    };
    payments.set(p.conversationId, p);
    return p;
  };

  const routes: Record<string, (body: Body) => object | 'no-answer'> = {
    'POST /cardstorage/card': (body) => {
      const card = body.card as Record<string, string>;
      if (!luhn(card.cardNumber ?? '') || !/^\d{15,19}$/.test(card.cardNumber))
        return failure(body, '12', 'Kart numarası geçersiz');
      const cardUserKey = (body.cardUserKey as string) || `cuk-${randomUUID()}`;
      const cardToken = `ctk-${randomUUID()}`;
      cards.set(cardToken, { number: card.cardNumber, cardUserKey });
      return {
        status: 'success',
        ...base(body),
        email: body.email,
        cardUserKey,
        cardToken,
        cardAlias: card.cardAlias,
        binNumber: card.cardNumber.slice(0, 8),
        lastFourDigits: card.cardNumber.slice(-4),
        cardType: 'CREDIT_CARD',
        cardAssociation: brandOf(card.cardNumber),
        cardFamily: 'Bonus',
        cardBankCode: 62,
        cardBankName: 'Garanti Bankası',
      };
    },
    'DELETE /cardstorage/card': (body) => {
      if (!cards.delete(body.cardToken as string)) return failure(body, '3001', 'Kart bulunamadı');
      return { status: 'success', ...base(body) };
    },
    'POST /payment/auth': (body) => {
      const { error, card } = checkPayment(body);
      if (error) return error;
      const d = TEST_CARD_DECLINES[card!.number];
      if (d) {
        record(body, card!.number, 'FAILURE');
        return failure(body, d.errorCode, d.errorMessage, d.errorGroup);
      }
      const p = record(body, card!.number, 'SUCCESS');
      state.charges.push(p.conversationId);
      if (state.afterCharge?.(p.conversationId) === 'no-answer') return 'no-answer';
      return paymentAnswer(body, p);
    },
    'POST /payment/detail': (body) => {
      const p = payments.get(body.paymentConversationId as string);
      if (!p) return failure(body, '5115', 'Ödeme bulunamadı');
      return paymentAnswer({ ...body, conversationId: p.conversationId }, p);
    },
    'POST /payment/3dsecure/initialize': (body) => {
      if (!body.callbackUrl) return failure(body, '23', 'Callback URL zorunludur');
      const { error, card } = checkPayment(body);
      if (error) return error;
      const d = TEST_CARD_DECLINES[card!.number];
      if (d && d.errorCode !== '5010') return failure(body, d.errorCode, d.errorMessage, d.errorGroup);
      const p = record(body, card!.number, 'INIT_THREEDS');
      p.conversationData = `cd-${randomUUID()}`;
      // The bank's page as iyzico hands it over: a form that posts itself to the bank (ACS).
      const html = `<!doctype html><html><head><title>3-D Secure</title></head><body>
<form id="iyzico-3ds-form" action="${origin}/mock-bank/acs" method="post">
<input type="hidden" name="paymentId" value="${p.paymentId}">
<input type="hidden" name="conversationId" value="${p.conversationId}">
<input type="hidden" name="callbackUrl" value="${body.callbackUrl as string}">
</form><script type="text/javascript">document.getElementById('iyzico-3ds-form').submit();</script>
</body></html>`;
      return {
        status: 'success',
        ...base(body),
        threeDSHtmlContent: Buffer.from(html).toString('base64'),
        paymentId: p.paymentId,
        signature: sign([p.paymentId, p.conversationId]),
      };
    },
    'POST /payment/3dsecure/auth': (body) => {
      const p = payments.get(body.conversationId as string);
      if (!p || p.paymentId !== body.paymentId || p.status !== 'INIT_THREEDS')
        return failure(body, '5115', 'Ödeme bulunamadı');
      if (body.conversationData !== p.conversationData)
        return failure(body, '5098', 'conversationData geçersiz');
      p.status = 'SUCCESS';
      state.charges.push(p.conversationId);
      if (state.afterCharge?.(p.conversationId) === 'no-answer') return 'no-answer';
      return paymentAnswer(body, p);
    },
    'POST /payment/cancel': (body) => {
      const p = [...payments.values()].find((x) => x.paymentId === body.paymentId && x.status === 'SUCCESS');
      if (!p) return failure(body, '5115', 'Ödeme bulunamadı');
      if (p.cardNumber === NOT_REVERSIBLE_CARD) return failure(body, '5092', 'İptal edilemez');
      if (p.reversedKurus > 0n) return failure(body, '5093', 'İade yapılmış ödeme iptal edilemez');
      p.reversedKurus = p.kurus;
      return {
        status: 'success',
        ...base(body),
        paymentId: p.paymentId,
        price: asNumber(p.kurus),
        currency: 'TRY',
      };
    },
    'POST /v2/payment/refund': (body) => {
      const p = [...payments.values()].find((x) => x.paymentId === body.paymentId && x.status === 'SUCCESS');
      if (!p) return failure(body, '5115', 'Ödeme bulunamadı');
      if (p.cardNumber === NOT_REVERSIBLE_CARD) return failure(body, '5092', 'İade edilemez');
      const amount = kurus(body.price);
      if (amount <= 0n || p.reversedKurus + amount > p.kurus)
        return failure(body, '5093', 'İade tutarı ödeme tutarını aşıyor');
      p.reversedKurus += amount;
      return {
        status: 'success',
        ...base(body),
        paymentId: p.paymentId,
        price: asNumber(amount),
        currency: 'TRY',
        signature: sign([p.paymentId, body.conversationId]),
      };
    },
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0];
      if (path === '/mock-bank/acs') return mockBank(raw, res);
      const key = `${req.method} ${path}`;
      const body: Body = raw ? JSON.parse(raw) : {};
      state.requests.push({ path, body });
      const send = (answer: object) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      if (!verify(req, path, raw)) {
        state.rejected.push(key);
        return send(failure(body, '1000', 'Geçersiz imza'));
      }
      const route = routes[key];
      if (!route) return send(failure(body, '11', `Geçersiz istek: ${key}`));
      if (state.hang.delete(path)) {
        route(body); // it takes effect, but no answer comes back
        hanging.push(res);
        return;
      }
      const answer = route(body);
      if (answer === 'no-answer') return hanging.push(res);
      if (state.badSignature.delete(path) && 'signature' in answer)
        (answer as { signature: string }).signature = '0'.repeat(64);
      send(answer);
    });
  });

  /** The IYZWSv2 header the SDK sends: base64("apiKey:K&randomKey:R&signature:S"), R also in x-iyzi-rnd. */
  function verify(req: http.IncomingMessage, path: string, raw: string): boolean {
    const header = req.headers.authorization ?? '';
    const m = /^IYZWSv2 (.+)$/.exec(header);
    if (!m) return false;
    const params = Object.fromEntries(
      Buffer.from(m[1], 'base64')
        .toString('utf8')
        .split('&')
        .map((kv) => [kv.slice(0, kv.indexOf(':')), kv.slice(kv.indexOf(':') + 1)]),
    );
    const rnd = req.headers['x-iyzi-rnd'];
    const expected = createHmac('sha256', secretKey)
      .update(`${params.randomKey}${path}${raw || '{}'}`)
      .digest('hex');
    return params.apiKey === apiKey && params.randomKey === rnd && params.signature === expected;
  }

  /** The bank's ACS: the cardholder approves, and the bank posts iyzico's callback fields back. */
  function mockBank(raw: string, res: http.ServerResponse) {
    const form = new URLSearchParams(raw);
    const p = payments.get(form.get('conversationId') ?? '');
    const fields = {
      status: 'success',
      paymentId: p?.paymentId ?? '',
      conversationData: p?.conversationData ?? '',
      conversationId: p?.conversationId ?? '',
      mdStatus: '1',
    };
    const inputs = Object.entries(fields)
      .map(([k, v]) => `<input type="hidden" name="${k}" value="${v}">`)
      .join('');
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        `<!doctype html><html><body><h1>Mock bank</h1><form method="post" action="${form.get('callbackUrl')}">${inputs}<button id="approve" type="submit">Approve</button></form></body></html>`,
      );
  }

  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    apiKey,
    secretKey,
    state,
    payments,
    /** The callback fields the bank would post for this 3-D Secure payment (after approval). */
    callbackFields(conversationId: string) {
      const p = payments.get(conversationId)!;
      return {
        status: 'success',
        paymentId: p.paymentId,
        conversationData: p.conversationData ?? '',
        conversationId,
        mdStatus: '1',
      };
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

export type IyzicoDouble = Awaited<ReturnType<typeof startIyzicoDouble>>;

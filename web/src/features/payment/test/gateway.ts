/**
 * A fake gateway for the payment specs: the billing routes of gateway/README.md with the shapes of
 * gateway/src/billing/billing.service.ts, recording every call (and its body) for the assertions.
 */
import { vi } from 'vitest';
import type { UserPlan } from '../../../app/billing/userPlanApi';
import { jsonResponse, requestUrl } from '../../../test/render';
import type { Breakdown, Payment, Plan, SavedCard, Summary } from '../api/paymentApi';

export const PLANS: Plan[] = [
  ['standard', 15, 450],
  ['deep', 5, 0],
  ['functional', 15, 450],
].map(([feature, daily, monthly]) => ({
  planCode: feature as string,
  feature: feature as string,
  description: `${feature} (server text)`,
  price: '10.00',
  currency: 'USD',
  dailySearchLimit: daily as number,
  monthlySearchLimit: monthly as number,
  asinLimit: 2720,
}));

export const CARD: SavedCard = {
  id: '8c1f2d3e-0000-4000-8000-000000000001',
  cardAlias: 'Ayş',
  cardHolderName: 'Ayşe Yılmaz',
  lastFourDigits: '0008',
  cardAssociation: 'MASTER_CARD',
  expireMonth: '07',
  expireYear: '2030',
};

export function breakdown(over: Partial<Breakdown> = {}): Breakdown {
  return {
    usd: '2.33',
    discountUsd: '0.00',
    netUsd: '2.33',
    usdCents: 233,
    discountUsdCents: 0,
    netUsdCents: 233,
    rate: '7.9073',
    bulletinDate: '2020-10-08',
    try: '18.42',
    tryKurus: 1842,
    daysCharged: 7,
    daysInMonth: 30,
    ...over,
  };
}

export function plan(over: Partial<UserPlan> = {}): UserPlan {
  return {
    id: 'sub-1',
    features: ['standard'],
    trial: false,
    status: 'active',
    startDate: '2026-11-24',
    endDate: '2026-12-01',
    autoRenew: true,
    ...over,
  };
}

export function payment(over: Partial<Payment> = {}): Payment {
  return {
    conversationId: 'c0ffee00-1111-4222-8333-444455556666',
    date: '2026-11-24T09:07:00.000Z',
    amount: '13.82',
    currency: 'TRY',
    usd: '2.33',
    discountUsd: '0.58',
    rate: '7.9073',
    bulletinDate: '2020-10-08',
    status: 'succeeded',
    invoiceStatus: 'final',
    invoiceNumber: 7,
    description: 'ShelfScan standard 2026-11',
    features: ['standard'],
    period: '2026-11',
    errorMessage: null,
    // 13.82 TRY with 20 % included: 2.303… → 2.30
    vatPercent: '20',
    vat: '2.30',
    ...over,
  };
}

type Answer = (request: Request, body: unknown) => Response | Promise<Response>;

export interface BillingGateway {
  user: Record<string, unknown>;
  plans: UserPlan[];
  card: SavedCard | null;
  payments: Payment[];
  /** The breakdown for a request body of /api/promotion/summary. */
  summary: (body: { features: string[]; promotionCode: string }) => Summary;
  /** Answers by "METHOD /path", before the defaults. */
  answers: Record<string, Answer>;
  calls: { method: string; path: string; url: URL; body: unknown; headers: Headers }[];
  callsTo: (method: string, path: string) => BillingGateway['calls'];
}

export function billingGateway(
  over: Partial<Omit<BillingGateway, 'calls' | 'callsTo'>> = {},
): BillingGateway {
  const server: BillingGateway = {
    user: {
      id: 5,
      firstName: 'Ayşe',
      lastName: 'Yılmaz',
      fullName: 'Ayşe Yılmaz',
      email: 'ayse@example.com',
      phone: '+905321234567',
      phoneVerified: false,
      userPlans: [],
    },
    plans: [],
    card: null,
    payments: [],
    summary: () => ({ breakdown: breakdown(), applies: false, reasons: [], unavailableReason: null }),
    answers: {},
    calls: [],
    callsTo: (method, path) => server.calls.filter((c) => c.method === method && c.path === path),
    ...over,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: unknown, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(requestUrl(input), init);
      const url = new URL(request.url);
      const text = request.method === 'GET' ? '' : await request.clone().text();
      const body: unknown = text ? JSON.parse(text) : undefined;
      server.calls.push({ method: request.method, path: url.pathname, url, body, headers: request.headers });
      const key = `${request.method} ${url.pathname}`;
      if (server.answers[key]) return server.answers[key](request, body);
      const ok = (data: unknown, message?: string) => jsonResponse({ success: true, message, data });
      switch (key) {
        case 'GET /api/account/user':
          return ok(server.user);
        case 'GET /api/plan':
          return ok(PLANS);
        case 'GET /api/user-plan':
          return ok(server.plans);
        case 'GET /api/card':
          return ok(server.card);
        case 'GET /api/payment/history':
          return ok(server.payments);
        case 'POST /api/promotion/summary':
          return ok(server.summary(body as { features: string[]; promotionCode: string }));
      }
      const one = /^GET \/api\/payment\/history\/([^/]+)$/.exec(key);
      if (one) {
        const found = server.payments.find((p) => p.conversationId === decodeURIComponent(one[1]));
        return found
          ? ok(found)
          : jsonResponse({ success: false, code: 'paymentNotFound', message: 'Payment not found.' }, 404);
      }
      return jsonResponse({ success: false, message: `not stubbed: ${key}` }, 404);
    }),
  );
  return server;
}

/**
 * The payment specs' gateway: the billing routes of gateway/README.md on the shared fake gateway
 * (test/gateway.ts), answering from the user, plans, card and payments the spec sets (and changes).
 */
import type { UserPlan } from '../../../app/billing/userPlanApi';
import type { CurrentUser } from '../../../app/userApi';
import { account, breakdown, catalogue } from '../../../test/fixtures';
import { fakeGateway, jsonResponse, ok, type FakeGateway, type Routes } from '../../../test/gateway';
import type { Payment, SavedCard, Summary } from '../api/paymentApi';

export interface BillingGateway extends FakeGateway {
  user: CurrentUser;
  plans: UserPlan[];
  card: SavedCard | null;
  payments: Payment[];
  /** The breakdown for a request body of /api/promotion/summary. */
  summary: (body: { features: string[]; promotionCode: string }) => Summary;
}

type State = Omit<BillingGateway, keyof FakeGateway>;

export function billingGateway(over: Partial<State> & { routes?: Routes } = {}): BillingGateway {
  const { routes = {}, ...state } = over;
  const server: BillingGateway = Object.assign(
    fakeGateway(routes, {
      'GET /api/account/user': () => ok(server.user),
      'GET /api/plan': () => ok(catalogue()),
      'GET /api/user-plan': () => ok(server.plans),
      'GET /api/card': () => ok(server.card),
      'GET /api/payment/history': () => ok(server.payments),
      'POST /api/promotion/summary': async (request) =>
        ok(server.summary((await request.json()) as { features: string[]; promotionCode: string })),
      'GET /api/payment/history/:conversationId': (_request, _url, { conversationId }) => {
        const found = server.payments.find((p) => p.conversationId === conversationId);
        return found
          ? ok(found)
          : jsonResponse({ success: false, code: 'paymentNotFound', message: 'Payment not found.' }, 404);
      },
    }),
    {
      user: account(),
      plans: [],
      card: null,
      payments: [],
      summary: () => ({ breakdown: breakdown(), applies: false, reasons: [], unavailableReason: null }),
      ...state,
    },
  );
  return server;
}

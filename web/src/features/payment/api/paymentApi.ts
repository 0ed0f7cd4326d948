/**
 * The billing routes of the gateway (gateway/README.md, "Billing routes"). Amounts arrive as decimal
 * strings computed by the billing service; the screens only format them. Forms show their own
 * errors (`errors: 'network-only'`); page loads use the whole error catalogue.
 */
import { api } from '../../../app/api';
import type { UserPlan } from '../../../app/billing/userPlanApi';
import type { ApiResponse } from '../../../lib/http';

export interface Plan {
  planCode: string;
  feature: string;
  description: string;
  /** USD a month, e.g. "10.00" (one fee per subscription, whatever its features). */
  price: string;
  currency: 'USD';
  dailySearchLimit: number;
  /** 0 when the feature has no monthly limit of its own (deep). */
  monthlySearchLimit: number;
  asinLimit: number;
}

export interface SavedCard {
  id: string;
  cardAlias: string;
  cardHolderName: string;
  lastFourDigits: string;
  /** The provider's brand: VISA, MASTER_CARD, AMERICAN_EXPRESS, TROY. */
  cardAssociation: string;
  expireMonth: string;
  expireYear: string;
  /** The billing address saved with the card (region: iso2 and name, null outside TR, US, GB). */
  billing?: CardBilling & { region: string | null; regionName: string | null };
}

interface CardBilling {
  address: string;
  zipCode: string;
  contactName: string;
  city: string;
  /** The country's name in the built-in list ("Turkey"). */
  country: string;
}

/** POST /api/card: product spec part 3. The number and CVC go to the provider, never further. */
export interface CardPayload {
  cardAlias: string;
  cardHolderName: string;
  cardNumber: string;
  expireYear: string;
  expireMonth: string;
  cvc: string;
  /** `region`: the iso2 of a built-in region, for the countries that have them (TR, US, GB). */
  billing: CardBilling & { region?: string };
}

export interface Breakdown {
  /** The prorated price, the discount and what is left, in USD ("7.10"). */
  usd: string;
  discountUsd: string;
  netUsd: string;
  usdCents: number;
  discountUsdCents: number;
  netUsdCents: number;
  /** The central bank's USD selling rate and its bulletin date; null without one. */
  rate: string | null;
  bulletinDate: string | null;
  /** The lira amount charged; null when it cannot be computed (no rate). */
  try: string | null;
  tryKurus: number | null;
  daysCharged: number;
  daysInMonth: number;
}

export interface PlanRequest {
  plan: string;
  features: string[];
  promotionCode: string;
}

export interface Summary {
  breakdown: Breakdown | null;
  /** Whether the code applies; `reasons` says why it does not (promotionNotFound, promotionExpired, …). */
  applies: boolean;
  reasons: string[];
  /** Why there is no lira amount (fxRateUnavailable), or null. */
  unavailableReason: string | null;
}

/** The 3-D Secure step of a payment: the browser goes to the bank, which sends it back to the app. */
export interface ThreeDSecure {
  conversationId: string;
  redirectUrl: string;
}

export interface SubscribeResult {
  plan: UserPlan | null;
  breakdown: Breakdown | null;
  conversationId: string | null;
  threeDSecure?: ThreeDSecure | null;
}

export type PaymentStatus = 'pending' | 'succeeded' | 'failed' | 'unknown';
export type InvoiceStatus = 'draft' | 'final' | 'void';

export interface Payment {
  /** The billing number. */
  conversationId: string;
  date: string;
  /** TRY. */
  amount: string;
  currency: 'TRY';
  usd: string;
  discountUsd: string;
  rate: string | null;
  bulletinDate: string | null;
  status: PaymentStatus;
  invoiceStatus: InvoiceStatus;
  invoiceNumber: number | null;
  description: string;
  /** The plan's features: the invoice line is worded from them (useInvoiceLine). */
  features?: string[];
  /** YYYY-MM. */
  period: string;
  /** The bank's answer of a failed payment. */
  errorMessage: string | null;
  /** VAT (KDV) included in the amount: its percent ("20") and TRY, as on the invoice PDF. */
  vatPercent: string | null;
  vat: string | null;
}

// Forms and actions show their own errors; only network failures use the global toast.
const ownErrors = { errors: 'network-only' as const };
/** What a purchase, a trial or a cancellation changes. */
const planChanged = ['UserPlan', 'CurrentUser', 'Payment', { type: 'SearchInfo', id: 'QUOTA' }] as const;

export const paymentApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPlans: build.query<Plan[], void>({
      query: () => '/api/plan',
      transformResponse: (r: ApiResponse<Plan[]>) => r.data ?? [],
      providesTags: ['Plan'],
    }),
    getCard: build.query<SavedCard | null, void>({
      query: () => '/api/card',
      transformResponse: (r: ApiResponse<SavedCard | null>) => r.data ?? null,
      providesTags: ['Card'],
    }),
    saveCard: build.mutation<ApiResponse<SavedCard>, CardPayload>({
      query: (body) => ({ url: '/api/card', method: 'POST', body }),
      extraOptions: ownErrors,
      // Saving a card retries a plan whose renewal failed.
      invalidatesTags: ['Card', ...planChanged],
    }),
    deleteCard: build.mutation<ApiResponse<unknown>, string>({
      query: (id) => ({ url: '/api/card/', method: 'DELETE', params: { id } }),
      extraOptions: ownErrors,
      invalidatesTags: ['Card'],
    }),
    getSummary: build.query<Summary, PlanRequest>({
      query: (body) => ({ url: '/api/promotion/summary', method: 'POST', body }),
      transformResponse: (r: ApiResponse<Summary>) => r.data,
      extraOptions: ownErrors,
      keepUnusedDataFor: 30,
    }),
    subscribe: build.mutation<SubscribeResult, PlanRequest>({
      query: (body) => ({ url: '/api/user-plan', method: 'POST', body }),
      transformResponse: (r: ApiResponse<SubscribeResult>) => r.data,
      extraOptions: ownErrors,
      invalidatesTags: [...planChanged],
    }),
    startTrial: build.mutation<ApiResponse<UserPlan>, void>({
      query: () => ({ url: '/api/user-plan/trial', method: 'POST' }),
      extraOptions: ownErrors,
      invalidatesTags: [...planChanged],
    }),
    cancelPlan: build.mutation<ApiResponse<UserPlan | null>, void>({
      query: () => ({ url: '/api/user-plan', method: 'DELETE' }),
      extraOptions: ownErrors,
      invalidatesTags: [...planChanged],
    }),
    getPayments: build.query<Payment[], void>({
      query: () => '/api/payment/history',
      transformResponse: (r: ApiResponse<Payment[]>) => r.data ?? [],
      providesTags: ['Payment'],
    }),
    getPayment: build.query<Payment, string>({
      query: (conversationId) => `/api/payment/history/${encodeURIComponent(conversationId)}`,
      transformResponse: (r: ApiResponse<Payment>) => r.data,
      providesTags: (_r, _e, id) => ['Payment', { type: 'Invoice', id }],
    }),
  }),
});

export const {
  useGetPlansQuery,
  useGetCardQuery,
  useSaveCardMutation,
  useDeleteCardMutation,
  useGetSummaryQuery,
  useSubscribeMutation,
  useStartTrialMutation,
  useCancelPlanMutation,
  useGetPaymentsQuery,
  useGetPaymentQuery,
} = paymentApi;

/**
 * Billing's admin routes (gateway/src/billing): promotions, every payment with its invoice, one payment,
 * the invoice PDF and refunds.
 */
import { toMinor } from '@shelfscan/validation';
import { api } from '../../../app/api';
import { pageOf, type ApiResponse, type Page } from '../../../lib/http';
import {
  PAGE_SIZE,
  type AdminPayment,
  type PaymentFilters,
  type Promotion,
  type PromotionInput,
} from '../model';
import { settleUser } from './adminApi';

/** POST /api/admin/payment/:conversationId/refund: what was done, how much (TRY), the payment now. */
interface RefundAnswer {
  kind: 'cancel' | 'refund';
  refunded: string;
  payment: AdminPayment;
}

const formErrors = { errors: 'network-only' as const };

export const billingAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    promotions: build.query<Promotion[], void>({
      query: () => '/api/promotion',
      transformResponse: (response: ApiResponse<Promotion[]>) => response.data ?? [],
      providesTags: ['Promotion'],
    }),
    savePromotion: build.mutation<ApiResponse<Promotion>, PromotionInput>({
      query: (body) => ({ url: '/api/promotion', method: body.id ? 'PUT' : 'POST', body }),
      invalidatesTags: ['Promotion'],
      extraOptions: formErrors,
    }),
    /** Turn a promotion on or off: the same PUT with `active` changed. */
    setPromotionActive: build.mutation<ApiResponse<Promotion>, PromotionInput>({
      query: (body) => ({ url: '/api/promotion', method: 'PUT', body }),
      invalidatesTags: ['Promotion'],
    }),
    deletePromotion: build.mutation<ApiResponse<unknown>, string>({
      query: (id) => ({ url: `/api/promotion/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Promotion'],
    }),
    /**
     * GET /api/admin/payment/history: every user's payments with their invoices, newest first, a page
     * of them filtered by billing (one user's, status, Istanbul days); the total in x-total-count.
     */
    adminPayments: build.query<Page<AdminPayment>, PaymentFilters & { page: number }>({
      query: ({ page, ...filters }) => ({
        url: '/api/admin/payment/history',
        params: { ...filters, page, size: PAGE_SIZE },
      }),
      transformResponse: pageOf<AdminPayment>,
      providesTags: [{ type: 'Payment', id: 'LIST' }],
    }),
    adminPayment: build.query<AdminPayment, string>({
      query: (conversationId) => `/api/admin/payment/history/${encodeURIComponent(conversationId)}`,
      transformResponse: (response: ApiResponse<AdminPayment>) => response.data,
      providesTags: (_result, _error, id) => [{ type: 'Payment', id }],
    }),
    refund: build.mutation<
      ApiResponse<RefundAnswer>,
      { conversationId: string; reason: string; amountKurus?: number }
    >({
      query: ({ conversationId, ...body }) => ({
        url: `/api/admin/payment/${encodeURIComponent(conversationId)}/refund`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, _error, { conversationId }) => [
        { type: 'Payment', id: conversationId },
        { type: 'Payment', id: 'LIST' },
      ],
      // The user's invoices (the admin read model) show the refund once billing's event reached it.
      async onQueryStarted({ conversationId }, { dispatch, queryFulfilled }) {
        let answer: RefundAnswer;
        try {
          answer = (await queryFulfilled).data.data;
        } catch {
          return; // run from the confirm dialog: a refused refund is toasted by the error catalogue
        }
        const refunded = toMinor(answer.payment.refunded);
        await settleUser(
          dispatch,
          answer.payment.userEmail,
          ({ data }) =>
            !!data?.invoices.some(
              (i) => i.conversationId === conversationId && i.refundedTryKurus === refunded,
            ),
        );
      },
    }),
  }),
});

export const {
  usePromotionsQuery,
  useSavePromotionMutation,
  useSetPromotionActiveMutation,
  useDeletePromotionMutation,
  useAdminPaymentQuery,
  useAdminPaymentsQuery,
  useRefundMutation,
} = billingAdminApi;

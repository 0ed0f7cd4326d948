import { busHandlers } from '@shelfscan/bus';
import { billingV1 } from '@shelfscan/contracts';
import { PaymentsService } from './payments.service.js';

/** Billing's bus API for payments: the list, one payment, its invoice PDF, the admin's refund. */
export const PaymentsHandlers = busHandlers({ payments: PaymentsService }, (on) => [
  on.rpc(billingV1.BillingService, {
    listPayments: (req, { payments }) => payments.list(req),
    getPayment: async (req, { payments }) => ({ payment: await payments.get(req) }),
    getInvoicePdf: (req, { payments }) => payments.pdf(req),
    refundPayment: (req, { payments }) => payments.refund(req),
  }),
]);

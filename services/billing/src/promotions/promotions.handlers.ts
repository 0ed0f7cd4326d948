import { busHandlers } from '@shelfscan/bus';
import { billingV1 } from '@shelfscan/contracts';
import { PromotionsService } from './promotions.service.js';

/** Billing's bus API for the admin's promotion codes. */
export const PromotionsHandlers = busHandlers({ promotions: PromotionsService }, (on) => [
  on.rpc(billingV1.BillingService, {
    listPromotions: async (_, { promotions }) => ({ promotions: await promotions.list() }),
    savePromotion: async (req, { promotions }) => ({ promotion: await promotions.save(req.promotion) }),
    deletePromotion: (req, { promotions }) => promotions.delete(req.id),
  }),
]);

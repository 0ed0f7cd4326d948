import { busHandlers } from '@shelfscan/bus';
import { billingV1 } from '@shelfscan/contracts';
import { CardsService, toCardMessage } from './cards.service.js';

/** Billing's bus API for the saved card (provider tokens only; the numbers arrive sealed). */
export const CardsHandlers = busHandlers({ cards: CardsService }, (on) => [
  on.rpc(billingV1.BillingService, {
    getCard: async (req, { cards }) => {
      const card = await cards.get(req.email);
      return card ? { card: toCardMessage(card) } : {};
    },
    saveCard: async (req, { cards }) => ({ card: await cards.save(req) }),
    deleteCard: (req, { cards }) => cards.delete(req.email, req.id),
  }),
]);

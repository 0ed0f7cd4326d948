import { busHandlers } from '@shelfscan/bus';
import { billingV1 } from '@shelfscan/contracts';
import { RenewalService } from './renewal.service.js';

/** The renewal run of a day, on request (the scheduler runs it daily by itself). */
export const RenewalHandlers = busHandlers({ renewal: RenewalService }, (on) => [
  on.rpc(billingV1.BillingService, { runRenewal: (req, { renewal }) => renewal.run(req.date) }),
]);

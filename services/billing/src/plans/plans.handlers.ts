import { busHandlers, handleOnce } from '@shelfscan/bus';
import { authEventsV1, billingV1 } from '@shelfscan/contracts';
import { assertAdmin, SystemParameters } from '@shelfscan/service';
import { DataSource } from 'typeorm';
import { planCatalogue } from './plan-catalogue.js';
import { PlansService } from './plans.service.js';

const inject = { plans: PlansService, parameters: SystemParameters, dataSource: DataSource };

/** Billing's bus API for plans: the catalogue, buying (3-D Secure), the trial, cancelling, the admin's grants. */
export const PlansHandlers = busHandlers(inject, (on) => [
  on.rpc(billingV1.BillingService, {
    listPlans: (_, { parameters }) => ({ plans: planCatalogue(parameters) }),
    getUserPlans: async (req, { plans }) => ({ plans: await plans.userPlans(req.email) }),
    subscribe: (req, { plans }) => plans.subscribe(req),
    getThreeDsPage: (req, { plans }) => plans.threeDsPage(req),
    completeThreeDs: (req, { plans }) => plans.completeThreeDs(req),
    promotionSummary: (req, { plans }) => plans.summary(req),
    cancelPlan: async (req, { plans }) => ({ plan: await plans.cancel(req.email) }),
    startTrial: async (req, { plans }) => ({ plan: await plans.startTrial(req.email) }),
    grantPlan: async (req, { plans }) => ({ plan: await plans.grant(req, assertAdmin(req.caller)) }),
    revokePlan: async (req, { plans }) => ({ plan: await plans.revoke(req, assertAdmin(req.caller)) }),
  }),
  // auth's PhoneVerified: the phone the trial is counted by (once per phone number)
  on.event(authEventsV1.PhoneVerifiedSchema, async (evt, { dataSource, plans }, ctx) => {
    await handleOnce(dataSource, ctx, 'billing.phone-verified', (m) =>
      plans.phoneVerified(m, evt.email, evt.phone),
    );
  }),
]);

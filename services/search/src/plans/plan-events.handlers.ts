import { busHandlers, handleOnce } from '@shelfscan/bus';
import { billingEventsV1 } from '@shelfscan/contracts';
import { DataSource } from 'typeorm';
import { PlansRepository } from './plans.repository.js';

const date = (s: string): Date | undefined => (s && !Number.isNaN(Date.parse(s)) ? new Date(s) : undefined);

/** Consumes billing's PlanActivated, PlanCancelled, PlanExpired (each once per message). */
export const PlanEventsHandlers = busHandlers({ dataSource: DataSource, plans: PlansRepository }, (on) => [
  on.event(billingEventsV1.PlanActivatedSchema, async (evt, { dataSource, plans }, ctx) => {
    const periodStart = date(evt.periodStart);
    const periodEnd = date(evt.periodEnd);
    if (!periodStart || !periodEnd) return; // malformed: nothing to grant
    await handleOnce(dataSource, ctx, 'search.plan-activated', (m) =>
      plans.activated(m, { ...evt, periodStart, periodEnd }),
    );
  }),
  on.event(billingEventsV1.PlanCancelledSchema, async (evt, { dataSource, plans }, ctx) => {
    await handleOnce(dataSource, ctx, 'search.plan-cancelled', (m) =>
      plans.cancelled(m, evt.subscriptionId, date(evt.periodEnd)),
    );
  }),
  on.event(billingEventsV1.PlanExpiredSchema, async (evt, { dataSource, plans }, ctx) => {
    await handleOnce(dataSource, ctx, 'search.plan-expired', (m) => plans.expired(m, evt.subscriptionId));
  }),
]);

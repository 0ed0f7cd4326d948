import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { EventHandler, handleOnce, type BusContext } from '@shelfscan/bus';
import { billingEventsV1 } from '@shelfscan/contracts';
import { DataSource } from 'typeorm';
import { PlansRepository } from './plans.repository.js';

const date = (s: string): Date | undefined => (s && !Number.isNaN(Date.parse(s)) ? new Date(s) : undefined);

/** Consumes billing's PlanActivated, PlanCancelled, PlanExpired (each once per message). */
@Controller()
export class PlanEventsHandlers {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(PlansRepository) private readonly plans: PlansRepository,
  ) {}

  @EventHandler(billingEventsV1.PlanActivatedSchema)
  async planActivated(@Payload() payload: object, @Ctx() ctx: unknown) {
    const evt = payload as billingEventsV1.PlanActivated;
    const periodStart = date(evt.periodStart);
    const periodEnd = date(evt.periodEnd);
    if (!periodStart || !periodEnd) return; // malformed: nothing to grant
    await handleOnce(this.dataSource, ctx as BusContext, 'search.plan-activated', (m) =>
      this.plans.activated(m, { ...evt, periodStart, periodEnd }),
    );
  }

  @EventHandler(billingEventsV1.PlanCancelledSchema)
  async planCancelled(@Payload() payload: object, @Ctx() ctx: unknown) {
    const evt = payload as billingEventsV1.PlanCancelled;
    await handleOnce(this.dataSource, ctx as BusContext, 'search.plan-cancelled', (m) =>
      this.plans.cancelled(m, evt.subscriptionId, date(evt.periodEnd)),
    );
  }

  @EventHandler(billingEventsV1.PlanExpiredSchema)
  async planExpired(@Payload() payload: object, @Ctx() ctx: unknown) {
    const evt = payload as billingEventsV1.PlanExpired;
    await handleOnce(this.dataSource, ctx as BusContext, 'search.plan-expired', (m) =>
      this.plans.expired(m, evt.subscriptionId),
    );
  }
}

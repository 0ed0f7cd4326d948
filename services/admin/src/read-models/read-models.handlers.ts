import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { EventHandler, type BusContext } from '@shelfscan/bus';
import { authEventsV1, billingEventsV1, eventTopic, scraperEventsV1 } from '@shelfscan/contracts';
import { EventLog } from './event-log.js';

const { UserRegisteredSchema, UserActivatedSchema, UserDeactivatedSchema, UserReactivatedSchema } =
  authEventsV1;
const { UserProfileChangedSchema } = authEventsV1;
const { PlanActivatedSchema, PlanCancelledSchema, PlanExpiredSchema } = billingEventsV1;
const { InvoiceFinalizedSchema, InvoiceRefundedSchema } = billingEventsV1;
const { ScanRequestedSchema, ScanStartedSchema, ScanCompletedSchema, ScanFailedSchema, ScanCancelledSchema } =
  scraperEventsV1;

/**
 * The events the admin's read models are built from: auth's account events, billing's plan and
 * invoice events, the scan events (ScanRequested from search, the rest from the scraper).
 * UserDeleted (the admin's own) is in users/user-deleted.handler.ts. (EventPattern types a handler
 * as (data: {}, ...args): the transport has decoded the message and passes a BusContext.)
 */
@Controller()
export class ReadModelHandlers {
  constructor(@Inject(EventLog) private readonly log: EventLog) {}

  @EventHandler(UserRegisteredSchema)
  userRegistered(@Payload() evt: object, @Ctx() ctx: unknown) {
    return this.log.consume(eventTopic(UserRegisteredSchema), evt, ctx as BusContext);
  }

  @EventHandler(UserActivatedSchema)
  userActivated(@Payload() evt: object, @Ctx() ctx: unknown) {
    return this.log.consume(eventTopic(UserActivatedSchema), evt, ctx as BusContext);
  }

  @EventHandler(UserDeactivatedSchema)
  userDeactivated(@Payload() evt: object, @Ctx() ctx: unknown) {
    return this.log.consume(eventTopic(UserDeactivatedSchema), evt, ctx as BusContext);
  }

  @EventHandler(UserReactivatedSchema)
  userReactivated(@Payload() evt: object, @Ctx() ctx: unknown) {
    return this.log.consume(eventTopic(UserReactivatedSchema), evt, ctx as BusContext);
  }

  @EventHandler(UserProfileChangedSchema)
  userProfileChanged(@Payload() evt: object, @Ctx() ctx: unknown) {
    return this.log.consume(eventTopic(UserProfileChangedSchema), evt, ctx as BusContext);
  }

  @EventHandler(PlanActivatedSchema)
  planActivated(@Payload() evt: object, @Ctx() ctx: unknown) {
    return this.log.consume(eventTopic(PlanActivatedSchema), evt, ctx as BusContext);
  }

  @EventHandler(PlanCancelledSchema)
  planCancelled(@Payload() evt: object, @Ctx() ctx: unknown) {
    return this.log.consume(eventTopic(PlanCancelledSchema), evt, ctx as BusContext);
  }

  @EventHandler(PlanExpiredSchema)
  planExpired(@Payload() evt: object, @Ctx() ctx: unknown) {
    return this.log.consume(eventTopic(PlanExpiredSchema), evt, ctx as BusContext);
  }

  @EventHandler(InvoiceFinalizedSchema)
  invoiceFinalized(@Payload() evt: object, @Ctx() ctx: unknown) {
    return this.log.consume(eventTopic(InvoiceFinalizedSchema), evt, ctx as BusContext);
  }

  @EventHandler(InvoiceRefundedSchema)
  invoiceRefunded(@Payload() evt: object, @Ctx() ctx: unknown) {
    return this.log.consume(eventTopic(InvoiceRefundedSchema), evt, ctx as BusContext);
  }

  @EventHandler(ScanRequestedSchema)
  scanRequested(@Payload() evt: object, @Ctx() ctx: unknown) {
    return this.log.consume(eventTopic(ScanRequestedSchema), evt, ctx as BusContext);
  }

  @EventHandler(ScanStartedSchema)
  scanStarted(@Payload() evt: object, @Ctx() ctx: unknown) {
    return this.log.consume(eventTopic(ScanStartedSchema), evt, ctx as BusContext);
  }

  @EventHandler(ScanCompletedSchema)
  scanCompleted(@Payload() evt: object, @Ctx() ctx: unknown) {
    return this.log.consume(eventTopic(ScanCompletedSchema), evt, ctx as BusContext);
  }

  @EventHandler(ScanFailedSchema)
  scanFailed(@Payload() evt: object, @Ctx() ctx: unknown) {
    return this.log.consume(eventTopic(ScanFailedSchema), evt, ctx as BusContext);
  }

  @EventHandler(ScanCancelledSchema)
  scanCancelled(@Payload() evt: object, @Ctx() ctx: unknown) {
    return this.log.consume(eventTopic(ScanCancelledSchema), evt, ctx as BusContext);
  }
}

import { busHandlers } from '@shelfscan/bus';
import { adminV1, authEventsV1, billingEventsV1, eventTopic, scraperEventsV1 } from '@shelfscan/contracts';
import { assertAdmin } from '@shelfscan/service';
import { EventLog } from './event-log.js';

/**
 * The events the admin's read models are built from: auth's account events, billing's plan and
 * invoice events, the scan events (ScanRequested from search, the rest from the scraper).
 * UserDeleted (the admin's own) is in users/user-deleted.handler.ts.
 */
const logged = [
  authEventsV1.UserRegisteredSchema,
  authEventsV1.UserActivatedSchema,
  authEventsV1.UserDeactivatedSchema,
  authEventsV1.UserReactivatedSchema,
  authEventsV1.UserProfileChangedSchema,
  billingEventsV1.PlanActivatedSchema,
  billingEventsV1.PlanCancelledSchema,
  billingEventsV1.PlanExpiredSchema,
  billingEventsV1.InvoiceFinalizedSchema,
  billingEventsV1.InvoiceRefundedSchema,
  scraperEventsV1.ScanRequestedSchema,
  scraperEventsV1.ScanStartedSchema,
  scraperEventsV1.ScanCompletedSchema,
  scraperEventsV1.ScanFailedSchema,
  scraperEventsV1.ScanCancelledSchema,
];

/**
 * Each of them goes into the event log and its projections, once per message; the admin's
 * RebuildReadModels projects the whole log again.
 */
export const ReadModelHandlers = busHandlers({ log: EventLog }, (on) => [
  ...logged.map((schema) =>
    on.event(schema, (evt, { log }, ctx) => log.consume(eventTopic(schema), evt, ctx)),
  ),
  on.rpc(adminV1.AdminService, {
    rebuildReadModels: async (req, { log }) => {
      assertAdmin(req.caller);
      return { events: await log.rebuild() };
    },
  }),
]);

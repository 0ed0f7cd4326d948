import { busHandlers } from '@shelfscan/bus';
import { searchEventsV1 } from '@shelfscan/contracts';
import { TrackerAlertsService } from './tracker-alerts.service.js';

/**
 * Consumes search's TrackerChanged (the email digest, once per run, see TrackerAlertsService) and
 * WebhookDisabled (the owner's email).
 */
export const AlertsHandlers = busHandlers({ alerts: TrackerAlertsService }, (on) => [
  on.event(searchEventsV1.TrackerChangedSchema, (evt, { alerts }) => alerts.emailDigest(evt)),
  on.event(searchEventsV1.WebhookDisabledSchema, (evt, { alerts }, ctx) => alerts.webhookDisabled(evt, ctx)),
]);

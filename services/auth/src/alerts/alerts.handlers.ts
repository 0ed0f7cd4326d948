import { busHandlers } from '@shelfscan/bus';
import { searchEventsV1, telegramV1 } from '@shelfscan/contracts';
import { TelegramLinks } from './telegram.service.js';
import { TrackerAlertsService } from './tracker-alerts.service.js';

/**
 * The Telegram link calls; search's TrackerChanged (the email digest and the Telegram message, each
 * once per run, see TrackerAlertsService) and WebhookDisabled (the owner's email).
 */
export const AlertsHandlers = busHandlers({ alerts: TrackerAlertsService, telegram: TelegramLinks }, (on) => [
  on.rpc(telegramV1.TelegramService, {
    linkTelegram: (req, { telegram }) => telegram.link(req.userEmail),
    getTelegram: (req, { telegram }) => telegram.get(req.userEmail),
    unlinkTelegram: async (req, { telegram }) => {
      await telegram.unlink(req.userEmail);
    },
  }),
  // Each channel once per run; one failing does not keep the other from sending (the redelivery
  // retries only the one that failed).
  on.event(searchEventsV1.TrackerChangedSchema, async (evt, { alerts }) => {
    const results = await Promise.allSettled([alerts.emailDigest(evt), alerts.telegramAlert(evt)]);
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
  }),
  on.event(searchEventsV1.WebhookDisabledSchema, (evt, { alerts }, ctx) => alerts.webhookDisabled(evt, ctx)),
]);

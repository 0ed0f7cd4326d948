import { busHandlers, handleOnce } from '@shelfscan/bus';
import { searchEventsV1, webhooksV1 } from '@shelfscan/contracts';
import { DataSource } from 'typeorm';
import { WebhookDeliveryTask } from './webhook-delivery.task.js';
import { WebhooksService } from './webhooks.service.js';

const inject = { webhooks: WebhooksService, task: WebhookDeliveryTask, dataSource: DataSource };

/** The webhook calls, and TrackerChanged queued as `tracker.changed` deliveries (once per run and webhook). */
export const WebhooksHandlers = busHandlers(inject, (on) => [
  on.rpc(webhooksV1.WebhooksService, {
    createWebhook: (req, { webhooks }) => webhooks.create(req),
    listWebhooks: (req, { webhooks }) => webhooks.list(req.userEmail),
    deleteWebhook: async (req, { webhooks }) => {
      await webhooks.remove(req.userEmail, req.id);
    },
    listWebhookDeliveries: (req, { webhooks }) => webhooks.deliveries(req.userEmail, req.id, req.limit),
    testWebhook: async (req, { webhooks, task }) => {
      const answer = await webhooks.test(req.userEmail, req.id);
      task.kick();
      return answer;
    },
  }),
  on.event(searchEventsV1.TrackerChangedSchema, async (evt, { webhooks, task, dataSource }, ctx) => {
    if (!evt.alertWebhook || (evt.addedCount <= 0 && evt.removedCount <= 0)) return;
    let queued = 0;
    await handleOnce(dataSource, ctx, 'search.webhooks.tracker-changed', async (m) => {
      queued = await webhooks.enqueue(m, evt.userEmail, 'tracker.changed', `run:${evt.runId}`, {
        trackerId: evt.trackerId,
        runId: evt.runId,
        label: evt.label,
        storeUrl: evt.storeUrl,
        market: evt.market,
        searchType: evt.searchType,
        addedCount: evt.addedCount,
        removedCount: evt.removedCount,
        added: evt.added.map((a) => ({ asin: a.asin, title: a.title })),
        removed: evt.removed.map((a) => ({ asin: a.asin, title: a.title })),
        complete: evt.complete,
        notSeen: evt.notSeen,
        finishedAt: evt.finishedAt,
      });
    });
    if (queued) task.kick();
  }),
]);

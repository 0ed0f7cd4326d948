import { Module } from '@nestjs/common';
import { WebhookDeliveryTask } from './webhook-delivery.task.js';
import { WebhookLogPruneTask } from './webhook-log-prune.task.js';
import { WebhooksService } from './webhooks.service.js';

/**
 * Webhooks: registration, the delivery log, the delivery task and the log's pruning (issue 18); DNS is
 * the service's port `WebhookResolver`.
 */
@Module({
  providers: [WebhooksService, WebhookDeliveryTask, WebhookLogPruneTask],
  exports: [WebhooksService, WebhookDeliveryTask],
})
export class WebhooksModule {}

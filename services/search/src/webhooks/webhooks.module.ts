import { Module } from '@nestjs/common';
import { WebhookDeliveryTask } from './webhook-delivery.task.js';
import { WebhooksService } from './webhooks.service.js';

/** Webhooks: registration, the delivery log and the delivery task (issue 18); DNS is the service's port `WebhookResolver`. */
@Module({
  providers: [WebhooksService, WebhookDeliveryTask],
  exports: [WebhooksService, WebhookDeliveryTask],
})
export class WebhooksModule {}

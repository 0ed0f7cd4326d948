import { Inject, Injectable } from '@nestjs/common';
import { BusClient } from '@shelfscan/bus';
import { webhooksV1 } from '@shelfscan/contracts';
import type { CreateWebhookDto } from './webhooks.dto.js';

const { WebhooksService } = webhooksV1;
const orNull = (s: string) => s || null;

function webhookJson(w: webhooksV1.Webhook | undefined) {
  return {
    id: w?.id ?? '',
    url: w?.url ?? '',
    events: w?.events ?? [],
    description: w?.description ?? '',
    enabled: w?.enabled ?? false,
    createdAt: w?.createdAt ?? '',
    disabledAt: orNull(w?.disabledAt ?? ''),
  };
}

function deliveryJson(d: webhooksV1.WebhookDelivery | undefined) {
  return {
    id: d?.id ?? '',
    event: d?.event ?? '',
    status: d?.status ?? '',
    attempts: d?.attempts ?? 0,
    responseCode: d?.responseCode || null,
    error: orNull(d?.error ?? ''),
    createdAt: d?.createdAt ?? '',
    lastAttemptAt: orNull(d?.lastAttemptAt ?? ''),
    nextAttemptAt: orNull(d?.nextAttemptAt ?? ''),
    deliveredAt: orNull(d?.deliveredAt ?? ''),
  };
}

/** Webhook calls: one bus request each to the search service; bus errors go to the exception filter. */
@Injectable()
export class WebhooksApiService {
  constructor(@Inject(BusClient) private readonly bus: BusClient) {}

  async create(userEmail: string, dto: CreateWebhookDto) {
    const r = await this.bus.request(WebhooksService.method.createWebhook, {
      userEmail,
      url: dto.url,
      events: dto.events,
      description: dto.description ?? '',
    });
    return { ...webhookJson(r.webhook), secret: r.secret };
  }

  async list(userEmail: string) {
    const r = await this.bus.request(WebhooksService.method.listWebhooks, { userEmail });
    return r.webhooks.map(webhookJson);
  }

  async delete(userEmail: string, id: string) {
    await this.bus.request(WebhooksService.method.deleteWebhook, { userEmail, id });
  }

  async deliveries(userEmail: string, id: string, limit: number | undefined) {
    const r = await this.bus.request(WebhooksService.method.listWebhookDeliveries, {
      userEmail,
      id,
      limit: limit ?? 0,
    });
    return r.deliveries.map(deliveryJson);
  }

  async test(userEmail: string, id: string) {
    const r = await this.bus.request(WebhooksService.method.testWebhook, { userEmail, id });
    return deliveryJson(r.delivery);
  }
}

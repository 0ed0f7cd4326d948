import { sqlMigration } from '@shelfscan/db';

/**
 * Issue 18: the webhook delivery log is pruned (system parameter `webhooks.deliveryRetentionDays`):
 * the finished deliveries, oldest first, in bounded batches; this index finds them without reading
 * the pending ones or the whole table.
 */
export const WebhookLogRetention1768200000001 = sqlMigration('WebhookLogRetention1768200000001', {
  up: [`CREATE INDEX webhook_delivery_finished ON webhook_delivery (created_at) WHERE status <> 'pending'`],
  down: ['DROP INDEX webhook_delivery_finished'],
});

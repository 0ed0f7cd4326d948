import { Inject, Injectable } from '@nestjs/common';
import { createLogger } from '@shelfscan/observability';
import { DAY, HOUR, PeriodicWork, SystemParameters } from '@shelfscan/service';
import { WebhooksService } from './webhooks.service.js';

const log = createLogger('search');
const CHECK_EVERY_MS = HOUR;

/**
 * Keeps the webhook delivery log to `webhooks.deliveryRetentionDays` (system parameter, read at each
 * run; 0 keeps every delivery): every hour on the Clock it deletes the finished deliveries queued
 * before that many days ago, `batchSize` rows per statement until none is left, so no statement
 * holds many rows at once. Pending deliveries (still retried) are never deleted.
 */
@Injectable()
export class WebhookLogPruneTask extends PeriodicWork<number> {
  /** Rows deleted per statement. */
  batchSize = 500;

  constructor(
    @Inject(WebhooksService) private readonly webhooks: WebhooksService,
    @Inject(SystemParameters) private readonly parameters: SystemParameters,
  ) {
    super(CHECK_EVERY_MS);
  }

  /** Deletes what is past the retention; answers how many deliveries went. */
  protected async work(): Promise<number> {
    const days = this.parameters.number('webhooks.deliveryRetentionDays');
    if (days <= 0) return 0;
    const before = new Date(this.clock.now().getTime() - days * DAY);
    let pruned = 0;
    try {
      // Until a batch comes back short: a full one may have left more behind.
      for (;;) {
        const n = await this.webhooks.pruneDeliveries(before, this.batchSize);
        pruned += n;
        if (n < this.batchSize) break;
      }
    } catch (err) {
      log.error({ err }, 'webhook log prune failed');
    }
    if (pruned) log.info({ pruned, before }, 'webhook deliveries past their retention deleted');
    return pruned;
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { createLogger } from '@shelfscan/observability';
import { PeriodicWork, SECOND } from '@shelfscan/service';
import { WebhooksService } from './webhooks.service.js';

const log = createLogger('search');
const CHECK_EVERY_MS = 10 * SECOND;

/**
 * Sends the due webhook deliveries every 10 s on the Clock (and at once when something was
 * queued: `kick`). One run at a time per process; the lease in the table keeps two replicas from
 * sending one delivery at the same time.
 */
@Injectable()
export class WebhookDeliveryTask extends PeriodicWork<number> {
  constructor(@Inject(WebhooksService) private readonly webhooks: WebhooksService) {
    super(CHECK_EVERY_MS);
  }

  /** Sends what is due; answers how many were attempted. */
  protected async work(): Promise<number> {
    let sent = 0;
    try {
      // Until nothing is due: a full batch may have left more behind.
      for (let n = await this.webhooks.sendDue(); n > 0; n = await this.webhooks.sendDue()) sent += n;
    } catch (err) {
      log.error({ err }, 'webhook delivery run failed');
    }
    return sent;
  }

  /** Starts a run without waiting for it (a delivery was just queued). */
  kick(): void {
    void this.tick();
  }
}

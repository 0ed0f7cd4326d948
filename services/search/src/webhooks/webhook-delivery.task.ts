import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { createLogger } from '@shelfscan/observability';
import { Clock, PeriodicTask, SECOND } from '@shelfscan/service';
import { WebhooksService } from './webhooks.service.js';

const log = createLogger('search');
const CHECK_EVERY_MS = 10 * SECOND;

/**
 * Sends the due webhook deliveries every 10 s on the Clock (and at once when something was
 * queued: `kick`). One run at a time per process; the lease in the table keeps two replicas from
 * sending one delivery at the same time.
 */
@Injectable()
export class WebhookDeliveryTask implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly task: PeriodicTask<number>;

  constructor(@Inject(WebhooksService) webhooks: WebhooksService, @Inject(Clock) clock: Clock) {
    this.task = new PeriodicTask(clock, CHECK_EVERY_MS, async () => {
      let sent = 0;
      try {
        // Until nothing is due: a full batch may have left more behind.
        for (let n = await webhooks.sendDue(); n > 0; n = await webhooks.sendDue()) sent += n;
      } catch (err) {
        log.error({ err }, 'webhook delivery run failed');
      }
      return sent;
    });
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.task.stop();
  }

  /** Sends what is due now (after the run in progress, if any); answers how many were attempted. */
  tick(): Promise<number> {
    return this.task.run();
  }

  /** Starts a run without waiting for it (a delivery was just queued). */
  kick(): void {
    void this.task.run();
  }
}

import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { createLogger } from '@shelfscan/observability';
import { PeriodicTask, SECOND } from '@shelfscan/service';
import { ContactService } from './contact.service.js';

const log = createLogger('admin');
const CHECK_EVERY_MS = 30 * SECOND;

/**
 * Mails again the contact messages whose mail failed: every 30 s it asks which are due by the
 * Clock (each message waits its backoff: 1, 2, 4 … minutes). One tick at a time per process; the
 * claim in the table keeps two replicas from mailing one message twice.
 */
@Injectable()
export class ContactMailRetry implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly task = new PeriodicTask(CHECK_EVERY_MS, () =>
    this.contact.retryDue().catch((err: unknown) => {
      log.error({ err }, 'contact mail retry failed');
      return 0;
    }),
  );

  constructor(@Inject(ContactService) private readonly contact: ContactService) {}

  onApplicationBootstrap(): void {
    this.task.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.task.stop();
  }

  /** Mails what is due now; answers how many were sent (0 while a tick is already running). */
  async tick(): Promise<number> {
    return (await this.task.run()) ?? 0;
  }
}

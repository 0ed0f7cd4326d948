import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { createLogger } from '@shelfscan/observability';
import { Clock, PeriodicTask, SECOND } from '@shelfscan/service';
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
  private readonly task: PeriodicTask<number>;

  constructor(
    @Inject(ContactService) private readonly contact: ContactService,
    @Inject(Clock) clock: Clock,
  ) {
    this.task = new PeriodicTask(clock, CHECK_EVERY_MS, () =>
      this.contact.retryDue().catch((err: unknown) => {
        log.error({ err }, 'contact mail retry failed');
        return 0;
      }),
    );
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.task.stop();
  }

  /** Mails what is due now (or waits for the tick in progress); answers how many were sent. */
  tick(): Promise<number> {
    return this.task.run();
  }
}

import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { createLogger } from '@shelfscan/observability';
import { SECOND } from '@shelfscan/service';
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
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;

  constructor(@Inject(ContactService) private readonly contact: ContactService) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tick(), CHECK_EVERY_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Mails what is due now; answers how many were sent (0 while a tick is already running). */
  async tick(): Promise<number> {
    if (this.running) return 0;
    this.running = this.contact.retryDue().catch((err: unknown) => {
      log.error({ err }, 'contact mail retry failed');
      return 0;
    });
    try {
      return await this.running;
    } finally {
      this.running = undefined;
    }
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { createLogger } from '@shelfscan/observability';
import { PeriodicWork, SECOND } from '@shelfscan/service';
import { ContactService } from './contact.service.js';

const log = createLogger('admin');
const CHECK_EVERY_MS = 30 * SECOND;

/**
 * Mails again the contact messages whose mail failed: every 30 s it asks which are due by the
 * Clock (each message waits its backoff: 1, 2, 4 … minutes). One tick at a time per process; the
 * claim in the table keeps two replicas from mailing one message twice.
 */
@Injectable()
export class ContactMailRetry extends PeriodicWork<number> {
  constructor(@Inject(ContactService) private readonly contact: ContactService) {
    super(CHECK_EVERY_MS);
  }

  /** Mails what is due now; answers how many were sent. */
  protected work(): Promise<number> {
    return this.contact.retryDue().catch((err: unknown) => {
      log.error({ err }, 'contact mail retry failed');
      return 0;
    });
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { BusError } from '@shelfscan/bus';
import { contactForm, fieldErrors } from '@shelfscan/validation';
import type { adminV1 } from '@shelfscan/contracts';
import { createLogger } from '@shelfscan/observability';
import { Clock, HOUR, MINUTE, SystemParameters, assertAdmin } from '@shelfscan/service';
import { DataSource } from 'typeorm';
import { paging } from '../common/paging.js';
import { ContactMailer } from './contact-mailer.js';
import { ContactRepository, type DueMessage } from './contact.repository.js';

/** Contact-form messages a user may send per window. */
export const CONTACT_LIMIT = 5;
export const CONTACT_WINDOW_MS = HOUR;
/** A failed mail is tried again after 1, 2, 4 … minutes (at most an hour apart), 10 tries in all. */
export const MAIL_RETRY_BASE_MS = MINUTE;
export const MAIL_RETRY_MAX_MS = HOUR;
export const MAIL_MAX_TRIES = 10;
/** How long one sender holds a message it is mailing (another replica skips it meanwhile). */
const MAIL_CLAIM_MS = 5 * MINUTE;
const log = createLogger('admin');

/** The wait before try `failures + 1`, after `failures` failed ones (null: no try left). */
export function mailRetryDelay(failures: number): number | null {
  if (failures >= MAIL_MAX_TRIES) return null;
  return Math.min(MAIL_RETRY_BASE_MS * 2 ** (failures - 1), MAIL_RETRY_MAX_MS);
}

/**
 * The contact form of logged-in users: stored, rate-limited per user (5 an hour), mailed to the
 * support address of the system parameters, listed for admins.
 */
@Injectable()
export class ContactService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(ContactRepository) private readonly messages: ContactRepository,
    @Inject(ContactMailer) private readonly mailer: ContactMailer,
    @Inject(SystemParameters) private readonly parameters: SystemParameters,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async send(req: adminV1.SendContactMessageRequest): Promise<{ id: string }> {
    const email = req.email.trim().toLowerCase();
    if (!email) throw new BusError('UNAUTHENTICATED', 'unauthorized', { reason: 'unauthorized' });
    // The gateway checked the same shared rules; a caller on the bus gets them again.
    const checked = contactForm.safeParse({ contactSubject: req.subject, contactTitle: req.message });
    if (!checked.success) {
      const violations = fieldErrors(checked.error);
      throw new BusError('INVALID_ARGUMENT', violations.map((v) => v.msg).join('\n'), { violations });
    }
    const { contactSubject: subject, contactTitle: message } = checked.data;
    const now = this.clock.now();
    const name = await this.messages.senderName(email);
    const id = await this.dataSource.transaction(async (manager) => {
      await this.messages.lockUser(email, manager);
      const recent = await this.messages.sentSince(
        email,
        new Date(now.getTime() - CONTACT_WINDOW_MS),
        manager,
      );
      if (recent.length >= CONTACT_LIMIT) {
        const freeAt = recent[recent.length - CONTACT_LIMIT].getTime() + CONTACT_WINDOW_MS;
        throw new BusError('RESOURCE_EXHAUSTED', 'contactTooMany', {
          reason: 'contactTooMany',
          retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)),
        });
      }
      return this.messages.insert(
        { userEmail: email, name, subject, message, createdAt: now },
        new Date(now.getTime() + MAIL_CLAIM_MS),
        manager,
      );
    });
    // Stored and listed for admins either way; a failed mail is tried again by retryDue().
    await this.mail({ id, userEmail: email, name, subject, message, mailFailures: 0 });
    return { id };
  }

  /** Mails the messages whose earlier try failed and whose next try is due; answers how many were sent. */
  async retryDue(limit = 20): Promise<number> {
    const now = this.clock.now();
    const due = await this.messages.claimDue(now, new Date(now.getTime() + MAIL_CLAIM_MS), limit);
    let sent = 0;
    for (const m of due) if (await this.mail(m)) sent++;
    return sent;
  }

  /** One try: mailed_at on success; else one more failure and the next try after the backoff. */
  private async mail(m: DueMessage): Promise<boolean> {
    let error = 'the mailer did not send it';
    try {
      const sent = await this.mailer.send({
        to: this.parameters.text('contact.supportEmail'),
        replyTo: m.userEmail,
        name: m.name,
        subject: m.subject,
        message: m.message,
      });
      if (sent) {
        await this.messages.markMailed(m.id, this.clock.now());
        return true;
      }
    } catch (err) {
      error = (err as Error).message || String(err);
    }
    const failures = m.mailFailures + 1;
    const delay = mailRetryDelay(failures);
    log.warn({ id: m.id, failures, error, retryInMs: delay }, 'contact message not mailed');
    await this.messages.markFailed(m.id, error, delay === null ? null : new Date(this.clock.nowMs() + delay));
    return false;
  }

  /** The contact details any logged-in user may see (the floating contact button). */
  contactInfo() {
    return {
      whatsapp: this.parameters.text('contact.whatsapp'),
      supportEmail: this.parameters.text('contact.supportEmail'),
    };
  }

  async list(req: adminV1.ListContactMessagesRequest) {
    assertAdmin(req.caller);
    const { limit, offset } = paging(req.page, req.size);
    const { rows, total } = await this.messages.list(limit, offset);
    return {
      total,
      messages: rows.map((r) => ({
        id: r.id,
        email: r.userEmail,
        name: r.name,
        subject: r.subject,
        message: r.message,
        createdAt: r.createdAt.toISOString(),
        mailedAt: r.mailedAt ? r.mailedAt.toISOString() : '',
        mailFailures: r.mailFailures,
      })),
    };
  }
}

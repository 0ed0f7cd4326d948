import { Inject, Injectable } from '@nestjs/common';
import { BusError } from '@shelfscan/bus';
import { contactForm, fieldErrors } from '@shelfscan/validation';
import type { adminV1 } from '@shelfscan/contracts';
import { createLogger } from '@shelfscan/observability';
import { Clock, HOUR, SystemParameters } from '@shelfscan/service';
import { DataSource } from 'typeorm';
import { assertAdmin, paging } from '../common/caller.js';
import { ContactMailer } from './contact-mailer.js';
import { ContactRepository } from './contact.repository.js';

/** Contact-form messages a user may send per window. */
export const CONTACT_LIMIT = 5;
export const CONTACT_WINDOW_MS = HOUR;
const log = createLogger('admin');

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
      return this.messages.insert({ userEmail: email, name, subject, message, createdAt: now }, manager);
    });
    try {
      const sent = await this.mailer.send({
        to: this.parameters.text('contact.supportEmail'),
        replyTo: email,
        name,
        subject,
        message,
      });
      if (sent) await this.messages.markMailed(id, this.clock.now());
    } catch (err) {
      // Stored and listed for admins either way; the mail is best effort.
      log.error({ err, id }, 'contact message stored but the mail failed');
    }
    return { id };
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
      })),
    };
  }
}

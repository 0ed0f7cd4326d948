import { Inject, Injectable } from '@nestjs/common';
import { Mailer } from '@shelfscan/mail';

export interface ContactMail {
  /** The support address (system parameter contact.supportEmail). */
  to: string;
  /** The sender's address, to answer to. */
  replyTo: string;
  name: string;
  subject: string;
  message: string;
}

/** The port that mails a contact-form message to the support address. Answers true when sent. */
export abstract class ContactMailer {
  abstract send(mail: ContactMail): Promise<boolean>;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** On the shared mailer (SMTP when SMTP_URL is set, else .eml files under DATA_DIR/outbox/mail). */
@Injectable()
export class MailerContactMailer extends ContactMailer {
  constructor(@Inject(Mailer) private readonly mailer: Mailer) {
    super();
  }

  async send(mail: ContactMail): Promise<boolean> {
    const from = `${mail.name} <${mail.replyTo}>`;
    await this.mailer.send({
      to: mail.to,
      subject: `[ShelfScan contact] ${mail.subject}`,
      text: `From: ${from}\n\n${mail.message}\n`,
      html: `<p>From: ${escapeHtml(from)}</p><p style="white-space:pre-wrap">${escapeHtml(mail.message)}</p>`,
    });
    return true;
  }
}

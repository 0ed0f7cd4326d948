import { createLogger } from '@shelfscan/observability';

export interface ContactMail {
  /** The support address (system parameter contact.supportEmail). */
  to: string;
  /** The sender, for Reply-To. */
  replyTo: string;
  name: string;
  subject: string;
  message: string;
}

/**
 * The port that mails a contact-form message to the support address. Answers true when sent.
 * The adapter on the shared mailer (libs/mail) is wired once that library lands; until then the
 * service runs with `UnwiredContactMailer` and messages stay stored, listed for admins, unmailed.
 */
export abstract class ContactMailer {
  abstract send(mail: ContactMail): Promise<boolean>;
}

/** No mail transport yet: says so in the log and leaves the message unmailed (mailed_at stays empty). */
export class UnwiredContactMailer extends ContactMailer {
  private readonly log = createLogger('admin', { component: 'contact-mailer' });

  async send(mail: ContactMail): Promise<boolean> {
    this.log.warn({ to: mail.to }, 'contact message stored but not mailed: no mail adapter is wired yet');
    return false;
  }
}

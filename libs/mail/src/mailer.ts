import fs from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import type { Clock } from '@shelfscan/service';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The mail port. Nest calls `onApplicationShutdown` when the service stops. */
export abstract class Mailer {
  abstract send(message: MailMessage): Promise<void>;
  onApplicationShutdown(): void {}
}

/** Sends through a real SMTP server (SMTP_URL: smtp://user:pass@host:port or smtps://...). */
export class SmtpMailer extends Mailer {
  private readonly transport;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    super();
    this.transport = createTransport(smtpUrl);
  }

  async send(m: MailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html,
    });
  }

  override onApplicationShutdown(): void {
    this.transport.close();
  }
}

/**
 * Without SMTP: each message is written as a complete RFC 822 `.eml` file (the same MIME that
 * SMTP would carry, built by nodemailer) under DATA_DIR/outbox/mail/, named
 * `<ISO timestamp>-<recipient>.eml`.
 */
export class FileMailer extends Mailer {
  private readonly transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  private sequence = 0;

  constructor(
    readonly dir: string,
    private readonly from: string,
    private readonly clock: Clock,
  ) {
    super();
  }

  async send(m: MailMessage): Promise<void> {
    const info = await this.transport.sendMail({
      from: this.from,
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html,
      date: this.clock.now(),
    });
    await fs.mkdir(this.dir, { recursive: true });
    const stamp = this.clock.now().toISOString().replace(/[:.]/g, '-');
    const seq = String(++this.sequence).padStart(4, '0');
    const file = path.join(this.dir, `${stamp}-${seq}-${m.to.replace(/[^\w.@+-]/g, '_')}.eml`);
    await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
  }
}

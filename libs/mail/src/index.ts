import path from 'node:path';
import type { Provider } from '@nestjs/common';
import { env } from '@shelfscan/config';
import { Clock, SERVICE_CONFIG } from '@shelfscan/service';
import { z } from 'zod';
import { FileMailer, Mailer, SmtpMailer } from './mailer.js';

export * from './mailer.js';

/** The variables of every service that mails (the same rules everywhere, so the embedded mode merges them). */
export const mailEnvFields = {
  /** smtp://user:pass@host:port or smtps://…; unset = .eml files under DATA_DIR/outbox/mail/. */
  SMTP_URL: env.url(['smtp', 'smtps']).optional(),
  MAIL_FROM: z.string().min(3).default('ShelfScan <no-reply@shelfscan.local>'),
};

/** SMTP when SMTP_URL is set, else the .eml outbox under DATA_DIR/outbox/mail. */
export function createMailer(
  config: { SMTP_URL?: string; MAIL_FROM: string; DATA_DIR: string },
  clock: Clock,
): Mailer {
  return config.SMTP_URL
    ? new SmtpMailer(config.SMTP_URL, config.MAIL_FROM)
    : new FileMailer(path.resolve(config.DATA_DIR, 'outbox', 'mail'), config.MAIL_FROM, clock);
}

/** The Mailer port of a service that mails (list it in the declaration's `ports`; tests override it). */
export const mailerPort: Provider = {
  provide: Mailer,
  inject: [SERVICE_CONFIG, Clock],
  useFactory: (config: { SMTP_URL?: string; MAIL_FROM: string; DATA_DIR: string }, clock: Clock) =>
    createMailer(config, clock),
};

import path from 'node:path';
import { ConfigError } from '@shelfscan/config';
import type { Clock } from '@shelfscan/service';
import type { AuthConfig } from '../config.js';
import { FileSmsSender, TwilioSmsSender, type SmsSender } from './sms.js';

export * from './account-mails.js';
export { Mailer, type MailMessage } from '@shelfscan/mail';
export * from './sms.js';

/** Twilio when SMS_PROVIDER=twilio (its three variables are then required), else the file outbox. */
export function createSmsSender(config: AuthConfig, clock: Clock): SmsSender {
  if (config.SMS_PROVIDER === 'twilio') {
    const missing = (['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const).filter(
      (k) => !config[k],
    );
    if (missing.length) {
      throw new ConfigError(
        missing.map((variable) => ({ variable, expected: 'a value (SMS_PROVIDER=twilio)' })),
      );
    }
    return new TwilioSmsSender({
      accountSid: config.TWILIO_ACCOUNT_SID!,
      authToken: config.TWILIO_AUTH_TOKEN!,
      from: config.TWILIO_FROM!,
      apiBase: config.TWILIO_API_BASE,
    });
  }
  return new FileSmsSender(path.resolve(config.DATA_DIR, 'outbox', 'sms'), clock);
}

/** PUBLIC_URL, or http://localhost:<PORT> (the embedded mode's PORT, 8080 otherwise). */
export function publicUrl(config: AuthConfig & { PORT?: number }): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT ?? 8080}`).replace(/\/+$/, '');
}

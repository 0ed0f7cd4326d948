import { baseEnvSchema, env } from '@shelfscan/config';
import { mailEnvFields } from '@shelfscan/mail';
import { z } from 'zod';

export const authEnvSchema = baseEnvSchema.extend({
  ADMIN_EMAIL: env.email().optional(),
  ADMIN_PASSWORD: z.string().min(6, { error: 'a password of at least 6 characters' }).optional(),
  /** PEM (PKCS#8) EC P-256 private key; unset = a key pair kept under DATA_DIR/keys. */
  JWT_PRIVATE_KEY: z.string().includes('PRIVATE KEY', { error: 'a PEM private key' }).optional(),
  /** Token lifetime in seconds (default one day). */
  JWT_TTL_SECONDS: env.int(86_400, 60, 31 * 86_400),
  /** The web app's origin, for links in emails; default http://localhost:${PORT} (PORT or 8080). */
  PUBLIC_URL: env.url(['http', 'https']).optional(),
  ...mailEnvFields,
  /** `twilio` sends SMS through Twilio's REST API; unset = text files under DATA_DIR/outbox/sms/. */
  SMS_PROVIDER: z.enum(['twilio'], { error: 'twilio (or unset for the file outbox)' }).optional(),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  /** The sender: a Twilio phone number in E.164 or an alphanumeric sender id. */
  TWILIO_FROM: z.string().min(1).optional(),
  /** Twilio API origin (default https://api.twilio.com); a test double or egress proxy may replace it. */
  TWILIO_API_BASE: env.url(['http', 'https']).optional(),
  /** The Telegram bot's token (from @BotFather); unset = Telegram alerts are not configured. */
  TELEGRAM_BOT_TOKEN: z.string().min(1).optional(),
  /** The Bot API origin (default https://api.telegram.org); tests and `make demo` use the simulated one. */
  TELEGRAM_API_ORIGIN: env.url(['http', 'https']).optional(),
});

export type AuthConfig = z.infer<typeof authEnvSchema>;

import { baseEnvSchema, env } from '@shelfscan/config';
import { z } from 'zod';

export const authEnvSchema = baseEnvSchema.extend({
  ADMIN_EMAIL: env.email().optional(),
  ADMIN_PASSWORD: z.string().min(6, { error: 'a password of at least 6 characters' }).optional(),
  /** PEM (PKCS#8) EC P-256 private key; unset = a key pair kept under DATA_DIR/keys. */
  JWT_PRIVATE_KEY: z.string().includes('PRIVATE KEY', { error: 'a PEM private key' }).optional(),
  /** Token lifetime in seconds (default one day). */
  JWT_TTL_SECONDS: env.int(86_400, 60, 31 * 86_400),
});

export type AuthConfig = z.infer<typeof authEnvSchema>;

import path from 'node:path';
import { baseEnvSchema, env } from '@shelfscan/config';
import { z } from 'zod';

export const gatewayEnvSchema = baseEnvSchema.extend({
  PORT: env.port(8080),
  /** Where the built SPA is; the gateway serves it on the same origin. */
  WEB_DIST_DIR: z.string().default(path.resolve(__dirname, '../../web/dist')),
  /** PEM public key(s) to verify tokens with; unset = asked from the auth service over the bus. */
  JWT_PUBLIC_KEY: z.string().includes('PUBLIC KEY', { error: 'a PEM public key' }).optional(),
  /** PEM public key card numbers are sealed with for billing; unset = asked from billing over the bus. */
  CARD_SEALING_PUBLIC_KEY: z.string().includes('PUBLIC KEY', { error: 'a PEM public key' }).optional(),
  /**
   * The proxies in front whose X-Forwarded-For is believed: a hop count or addresses/CIDRs; unset =
   * none (the client's address is the socket's), so a client cannot pick its own address.
   */
  TRUSTED_PROXIES: env.trustedProxies(),
  /** Requests per minute per client address on the public auth endpoints. */
  AUTH_RATE_LIMIT_PER_MINUTE: env.int(30, 1, 100_000),
});

export type GatewayConfig = z.infer<typeof gatewayEnvSchema>;

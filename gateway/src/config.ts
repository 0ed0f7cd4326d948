import path from 'node:path';
import { baseEnvSchema, env } from '@shelfscan/config';
import { z } from 'zod';

export const gatewayEnvSchema = baseEnvSchema.extend({
  PORT: env.port(8080),
  /**
   * The address the gateway listens on. Unset: 127.0.0.1 in the embedded mode (a reverse proxy or
   * HOST=0.0.0.0 opens it to the network), every address in the cluster (the pod's port).
   */
  HOST: z.string().min(1).optional(),
  /**
   * A bearer token that opens /metrics on PORT (Prometheus's `authorization` setting). Unset: /metrics
   * is not served on PORT (404); in the cluster it is on HEALTH_PORT, which no ingress reaches.
   */
  METRICS_TOKEN: z.string().min(32, { error: 'at least 32 characters' }).optional(),
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

/** The Nest token of the gateway's validated config. */
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');

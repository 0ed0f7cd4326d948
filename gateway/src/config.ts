import path from 'node:path';
import { ConfigError, baseEnvSchema, env } from '@shelfscan/config';
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
  /**
   * PEM public key card numbers are sealed with for billing: required with BUS=kafka (the embedded
   * mode makes the pair in-process); never fetched over the bus.
   */
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

/**
 * The keys the gateway must hold in the cluster mode, where nothing is made in-process and no key
 * is fetched over the bus: it signs identity assertions and seals passwords and cards.
 */
export function requireGatewayKeys(config: GatewayConfig): void {
  if (config.BUS !== 'kafka') return;
  const required = {
    BUS_IDENTITY_PRIVATE_KEY: 'the PEM private key the gateway signs identity assertions with',
    AUTH_SEALING_PUBLIC_KEY: 'the PEM public key passwords are sealed to for auth',
    CARD_SEALING_PUBLIC_KEY: 'the PEM public key card numbers are sealed to for billing',
  } as const;
  const missing = (Object.keys(required) as (keyof typeof required)[])
    .filter((variable) => !config[variable])
    .map((variable) => ({ variable, expected: `${required[variable]} (required when BUS=kafka)` }));
  if (missing.length) throw new ConfigError(missing);
}

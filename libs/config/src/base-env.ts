import { z } from 'zod';
import { env } from './fields.js';

/** Variables every process reads (operating contract, docs/architecture.md). */
export const baseEnvSchema = z.object({
  NODE_ENV: env.oneOf(['development', 'production', 'test'], 'production'),
  LOG_LEVEL: env.oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: env.url(['postgres', 'postgresql']).optional(),
  BUS: env.oneOf(['memory', 'kafka'], 'memory'),
  KAFKA_BROKERS: env.hostPorts().optional(),
  KAFKA_CLIENT_ID: z.string().default('shelfscan'),
  /** Health and metrics port of a service in cluster mode (the gateway serves them on PORT). */
  HEALTH_PORT: env.port(9464),
});

export type BaseEnv = z.infer<typeof baseEnvSchema>;

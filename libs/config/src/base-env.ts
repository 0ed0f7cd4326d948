import { z } from 'zod';
import { env } from './fields.js';

const otlpProtocol = z.enum(['http/protobuf', 'http/json'], {
  error: 'http/protobuf or http/json (grpc is not bundled: use http/protobuf, port 4318)',
});

/** The SASL mechanisms the Kafka transport offers (kafkajs's names). */
export const KAFKA_SASL_MECHANISMS = ['plain', 'scram-sha-256', 'scram-sha-512'] as const;

/** Variables every process reads (the README's Configuration table). */
export const baseEnvSchema = z.object({
  /** `production` in the cluster (the chart sets it); the embedded mode runs as `development`. */
  NODE_ENV: env.oneOf(['development', 'production', 'test'], 'development'),
  LOG_LEVEL: env.oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: env.url(['postgres', 'postgresql']).optional(),
  BUS: env.oneOf(['memory', 'kafka'], 'memory'),
  KAFKA_BROKERS: env.hostPorts().optional(),
  KAFKA_CLIENT_ID: z.string().default('shelfscan'),
  // TLS and SASL to the brokers (managed Kafka); libs/bus maps them onto kafkajs (kafkaSecurityFromEnv).
  /** TLS to the brokers, trusting the system's CAs (or KAFKA_SSL_CA_FILE's). */
  KAFKA_SSL: env.bool(false),
  /** A PEM CA bundle the brokers' certificates chain to; setting it turns TLS on. */
  KAFKA_SSL_CA_FILE: env.readableFile('PEM CA bundle').optional(),
  /** SASL authentication; KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD go with it (both or none). */
  KAFKA_SASL_MECHANISM: env.choice(KAFKA_SASL_MECHANISMS).optional(),
  KAFKA_SASL_USERNAME: env.text().optional(),
  KAFKA_SASL_PASSWORD: env.text().optional(),
  // The bus is a trust boundary (libs/bus/src/trust.ts): PEM keys, required with BUS=kafka; the
  // embedded mode makes each pair in-process when unset. Never fetched over the bus.
  /** The gateway's identity assertion key: the private half signs (gateway only)… */
  BUS_IDENTITY_PRIVATE_KEY: env.pem('PRIVATE KEY').optional(),
  /** …the public half verifies (every service). */
  BUS_IDENTITY_PUBLIC_KEY: env.pem('PUBLIC KEY').optional(),
  /** Passwords cross the bus sealed for auth: the public half seals (gateway)… */
  AUTH_SEALING_PUBLIC_KEY: env.pem('PUBLIC KEY').optional(),
  /** …the private half opens (auth only). */
  AUTH_SEALING_PRIVATE_KEY: env.pem('PRIVATE KEY').optional(),
  /** Health and metrics port of a service in cluster mode (the gateway serves them on PORT). */
  HEALTH_PORT: env.port(9464),
  /**
   * After SIGTERM, the process has this long to stop: it stops taking work, finishes what it
   * holds (bus handlers drained, scan leases handed back), then exits; past it, it exits anyway.
   * Keep it below the pod's terminationGracePeriodSeconds.
   */
  SHUTDOWN_GRACE_SECONDS: env.int(25, 2, 3600),
  // OpenTelemetry traces (libs/observability/src/tracing.ts), the standard variables; off by default.
  OTEL_TRACES_EXPORTER: env.oneOf(['none', 'otlp', 'console'], 'none'),
  OTEL_SERVICE_NAME: z.string().min(1).optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: env.url(['http', 'https']).optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: env.url(['http', 'https']).optional(),
  OTEL_EXPORTER_OTLP_PROTOCOL: otlpProtocol.optional(),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: otlpProtocol.optional(),
  OTEL_TRACES_SAMPLER: env.oneOf(
    [
      'parentbased_always_on',
      'parentbased_always_off',
      'parentbased_traceidratio',
      'always_on',
      'always_off',
      'traceidratio',
    ],
    'parentbased_always_on',
  ),
  OTEL_TRACES_SAMPLER_ARG: z.coerce
    .number({ error: 'a ratio from 0 to 1' })
    .min(0, { error: 'a ratio from 0 to 1' })
    .max(1, { error: 'a ratio from 0 to 1' })
    .optional(),
});

export type BaseEnv = z.infer<typeof baseEnvSchema>;

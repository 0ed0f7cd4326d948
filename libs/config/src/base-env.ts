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

import fs from 'node:fs';
import { ConfigError, KAFKA_SASL_MECHANISMS, type BaseEnv, type ConfigIssue } from '@shelfscan/config';
import type { KafkaConfig, SASLOptions } from 'kafkajs';

/** The variables of TLS and SASL to the brokers, as `baseEnvSchema` parses them. */
export type KafkaSecuritySettings = Partial<
  Pick<
    BaseEnv,
    'KAFKA_SSL' | 'KAFKA_SSL_CA_FILE' | 'KAFKA_SASL_MECHANISM' | 'KAFKA_SASL_USERNAME' | 'KAFKA_SASL_PASSWORD'
  >
>;

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----/;

/**
 * The one mapping of the environment onto kafkajs's `ssl` and `sasl` (the transport factory and the
 * chart's topic Job both use it):
 * - `KAFKA_SSL_CA_FILE` → TLS trusting that PEM bundle (read now); `KAFKA_SSL=true` alone → TLS
 *   trusting the system's CAs; neither → plaintext;
 * - `KAFKA_SASL_MECHANISM` with `KAFKA_SASL_USERNAME` and `KAFKA_SASL_PASSWORD` → SASL. A
 *   mechanism without both, or either without a mechanism, is a ConfigError.
 * Neither the password nor anything derived from it appears in an error.
 */
export function kafkaSecurityFromEnv(settings: KafkaSecuritySettings): Pick<KafkaConfig, 'ssl' | 'sasl'> {
  const issues: ConfigIssue[] = [];
  const security: Pick<KafkaConfig, 'ssl' | 'sasl'> = {};

  const caFile = settings.KAFKA_SSL_CA_FILE;
  if (caFile) {
    let pem: string | undefined;
    try {
      pem = fs.readFileSync(caFile, 'utf8');
    } catch (err) {
      issues.push({
        variable: 'KAFKA_SSL_CA_FILE',
        expected: `the path of a readable PEM CA bundle (${(err as NodeJS.ErrnoException).code ?? String(err)})`,
        received: caFile,
      });
    }
    if (pem !== undefined && !PEM_CERTIFICATE.test(pem)) {
      issues.push({
        variable: 'KAFKA_SSL_CA_FILE',
        expected: 'a PEM CA bundle (no "-----BEGIN CERTIFICATE-----" in the file)',
        received: caFile,
      });
    } else if (pem !== undefined) {
      security.ssl = { ca: [pem] };
    }
  } else if (settings.KAFKA_SSL) {
    security.ssl = true;
  }

  const mechanism = settings.KAFKA_SASL_MECHANISM;
  const username = settings.KAFKA_SASL_USERNAME;
  const password = settings.KAFKA_SASL_PASSWORD;
  if (mechanism) {
    if (!username) {
      issues.push({
        variable: 'KAFKA_SASL_USERNAME',
        expected: `the SASL user name (required with KAFKA_SASL_MECHANISM=${mechanism})`,
      });
    }
    if (!password) {
      issues.push({
        variable: 'KAFKA_SASL_PASSWORD',
        expected: `the SASL password (required with KAFKA_SASL_MECHANISM=${mechanism})`,
      });
    }
    // one object for the three mechanisms, which kafkajs types one by one
    if (username && password) security.sasl = { mechanism, username, password } as SASLOptions;
  } else if (username || password) {
    issues.push({
      variable: 'KAFKA_SASL_MECHANISM',
      expected: `one of ${KAFKA_SASL_MECHANISMS.join(', ')} (required when ${username ? 'KAFKA_SASL_USERNAME' : 'KAFKA_SASL_PASSWORD'} is set)`,
    });
  }

  if (issues.length) throw new ConfigError(issues);
  return security;
}

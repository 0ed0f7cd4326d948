import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError } from '@shelfscan/config';
import { BusTransports } from '../transport-factory.js';
import { kafkaSecurityFromEnv, type KafkaSecuritySettings } from './security.js';

const PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';

function issuesOf(settings: KafkaSecuritySettings): ConfigError {
  try {
    kafkaSecurityFromEnv(settings);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('no ConfigError');
}

describe('kafkaSecurityFromEnv', () => {
  let dir: string;
  let caFile: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfscan-kafka-security-'));
    caFile = path.join(dir, 'ca.pem');
    fs.writeFileSync(caFile, PEM);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is plaintext without SASL when nothing is set', () => {
    expect(kafkaSecurityFromEnv({})).toEqual({});
    expect(kafkaSecurityFromEnv({ KAFKA_SSL: false })).toEqual({});
  });

  it('KAFKA_SSL=true alone: TLS trusting the system CAs', () => {
    expect(kafkaSecurityFromEnv({ KAFKA_SSL: true })).toEqual({ ssl: true });
  });

  it('KAFKA_SSL_CA_FILE: TLS trusting that bundle, read from the file, with or without KAFKA_SSL', () => {
    expect(kafkaSecurityFromEnv({ KAFKA_SSL_CA_FILE: caFile })).toEqual({ ssl: { ca: [PEM] } });
    expect(kafkaSecurityFromEnv({ KAFKA_SSL: true, KAFKA_SSL_CA_FILE: caFile })).toEqual({
      ssl: { ca: [PEM] },
    });
    expect(kafkaSecurityFromEnv({ KAFKA_SSL: false, KAFKA_SSL_CA_FILE: caFile })).toEqual({
      ssl: { ca: [PEM] },
    });
  });

  it.each(['plain', 'scram-sha-256', 'scram-sha-512'] as const)('maps SASL mechanism %s', (mechanism) => {
    expect(
      kafkaSecurityFromEnv({
        KAFKA_SSL: true,
        KAFKA_SASL_MECHANISM: mechanism,
        KAFKA_SASL_USERNAME: 'shelfscan',
        KAFKA_SASL_PASSWORD: 'hunter2',
      }),
    ).toEqual({ ssl: true, sasl: { mechanism, username: 'shelfscan', password: 'hunter2' } });
  });

  it('SASL without TLS is allowed (a SASL_PLAINTEXT listener)', () => {
    expect(
      kafkaSecurityFromEnv({
        KAFKA_SASL_MECHANISM: 'scram-sha-256',
        KAFKA_SASL_USERNAME: 'u',
        KAFKA_SASL_PASSWORD: 'p',
      }),
    ).toEqual({ sasl: { mechanism: 'scram-sha-256', username: 'u', password: 'p' } });
  });

  it('a mechanism without user name and password names both', () => {
    const err = issuesOf({ KAFKA_SASL_MECHANISM: 'scram-sha-512' });
    expect(err.issues.map((i) => i.variable)).toEqual(['KAFKA_SASL_USERNAME', 'KAFKA_SASL_PASSWORD']);
    expect(err.message).toContain(
      'KAFKA_SASL_PASSWORD: expected the SASL password (required with KAFKA_SASL_MECHANISM=scram-sha-512) (not set)',
    );
    expect(issuesOf({ KAFKA_SASL_MECHANISM: 'plain', KAFKA_SASL_USERNAME: 'u' }).issues).toEqual([
      expect.objectContaining({ variable: 'KAFKA_SASL_PASSWORD' }),
    ]);
  });

  it('a user name or password without a mechanism names the mechanism, never the password', () => {
    const err = issuesOf({ KAFKA_SASL_USERNAME: 'u', KAFKA_SASL_PASSWORD: 'hunter2' });
    expect(err.issues.map((i) => i.variable)).toEqual(['KAFKA_SASL_MECHANISM']);
    expect(err.message).toMatch(
      /KAFKA_SASL_MECHANISM: expected one of plain, scram-sha-256, scram-sha-512 \(required when KAFKA_SASL_USERNAME is set\)/,
    );
    expect(err.message).not.toContain('hunter2');
    expect(issuesOf({ KAFKA_SASL_PASSWORD: 'hunter2' }).message).toMatch(
      /^(?![\s\S]*hunter2)[\s\S]*required when KAFKA_SASL_PASSWORD is set/,
    );
  });

  it('a CA file that is gone or holds no PEM certificate is a ConfigError naming the file', () => {
    const gone = issuesOf({ KAFKA_SSL_CA_FILE: path.join(dir, 'missing.pem') });
    expect(gone.issues).toEqual([
      {
        variable: 'KAFKA_SSL_CA_FILE',
        expected: 'the path of a readable PEM CA bundle (ENOENT)',
        received: path.join(dir, 'missing.pem'),
      },
    ]);
    const notPem = path.join(dir, 'key.der');
    fs.writeFileSync(notPem, Buffer.from([0x30, 0x82, 0x01]));
    expect(issuesOf({ KAFKA_SSL_CA_FILE: notPem }).message).toContain(
      'KAFKA_SSL_CA_FILE: expected a PEM CA bundle (no "-----BEGIN CERTIFICATE-----" in the file)',
    );
  });

  it('is what the transport factory gives kafkajs with BUS=kafka', () => {
    const t = new BusTransports({
      BUS: 'kafka',
      KAFKA_BROKERS: ['k:9093'],
      KAFKA_CLIENT_ID: 'x',
      KAFKA_SSL_CA_FILE: caFile,
      KAFKA_SASL_MECHANISM: 'scram-sha-512',
      KAFKA_SASL_USERNAME: 'u',
      KAFKA_SASL_PASSWORD: 'p',
    });
    const options = (t as unknown as { kafka: { options: { kafka?: object } } }).kafka.options;
    expect(options.kafka).toEqual({
      ssl: { ca: [PEM] },
      sasl: { mechanism: 'scram-sha-512', username: 'u', password: 'p' },
    });
    expect(
      () =>
        new BusTransports({
          BUS: 'kafka',
          KAFKA_BROKERS: ['k:9093'],
          KAFKA_CLIENT_ID: 'x',
          KAFKA_SASL_MECHANISM: 'plain',
        }),
    ).toThrow(/KAFKA_SASL_USERNAME/);
  });
});

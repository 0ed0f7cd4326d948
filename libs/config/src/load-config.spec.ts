import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { baseEnvSchema, ConfigError, env, loadConfig } from './index.js';

const schema = baseEnvSchema.extend({ PORT: env.port(8080), ADMIN_EMAIL: env.email().optional() });

describe('loadConfig', () => {
  it('applies defaults when variables are unset or empty', () => {
    const cfg = loadConfig(schema, { PORT: '' });
    expect(cfg.PORT).toBe(8080);
    expect(cfg.BUS).toBe('memory');
    expect(cfg.DATA_DIR).toBe('./.data');
  });

  it('coerces and keeps valid values', () => {
    const cfg = loadConfig(schema, { PORT: '9000', BUS: 'kafka', KAFKA_BROKERS: 'k1:9092,k2:9092' });
    expect(cfg.PORT).toBe(9000);
    expect(cfg.KAFKA_BROKERS).toEqual(['k1:9092', 'k2:9092']);
  });

  it.each([
    ['PORT', 'eighty', 'a TCP port number from 1 to 65535'],
    ['PORT', '70000', 'a TCP port number from 1 to 65535'],
    ['BUS', 'rabbit', 'one of memory, kafka'],
    ['DATABASE_URL', 'mysql://x/y', 'a URL starting with postgres:// or postgresql://'],
    ['ADMIN_EMAIL', 'not-an-email', 'an email address'],
    ['KAFKA_BROKERS', 'nohostport', 'a comma-separated list of host:port'],
    ['KAFKA_SSL', 'maybe', 'true or false'],
    ['KAFKA_SASL_MECHANISM', 'gssapi', 'one of plain, scram-sha-256, scram-sha-512'],
    ['KAFKA_SSL_CA_FILE', '/nonexistent/ca.pem', 'the path of a readable PEM CA bundle (no such file)'],
    ['KAFKA_SSL_CA_FILE', os.tmpdir(), 'the path of a readable PEM CA bundle (it is not a file)'],
  ])('names %s and what was expected when it is %s', (variable, value, expected) => {
    let error: unknown;
    try {
      loadConfig(schema, { [variable]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const issue = (error as ConfigError).issues.find((i) => i.variable === variable);
    expect(issue?.expected).toBe(expected);
    expect((error as ConfigError).message).toContain(variable);
  });

  it('reads the Kafka TLS and SASL settings: off by default, a CA file that exists, a mechanism', () => {
    const off = loadConfig(schema, {});
    expect(off.KAFKA_SSL).toBe(false);
    expect(off.KAFKA_SSL_CA_FILE).toBeUndefined();
    expect(off.KAFKA_SASL_MECHANISM).toBeUndefined();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfscan-config-'));
    try {
      const ca = path.join(dir, 'ca.pem');
      fs.writeFileSync(ca, '-----BEGIN CERTIFICATE-----\n');
      const on = loadConfig(schema, {
        KAFKA_SSL: 'yes',
        KAFKA_SSL_CA_FILE: ca,
        KAFKA_SASL_MECHANISM: 'scram-sha-512',
        KAFKA_SASL_USERNAME: 'shelfscan',
        KAFKA_SASL_PASSWORD: 'hunter2',
      });
      expect(on).toMatchObject({
        KAFKA_SSL: true,
        KAFKA_SSL_CA_FILE: ca,
        KAFKA_SASL_MECHANISM: 'scram-sha-512',
        KAFKA_SASL_USERNAME: 'shelfscan',
        KAFKA_SASL_PASSWORD: 'hunter2',
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('never echoes the SASL password', () => {
    const s = z.object({ KAFKA_SASL_PASSWORD: z.string().min(20, { error: 'at least 20 characters' }) });
    expect(() => loadConfig(s, { KAFKA_SASL_PASSWORD: 'hunter2' })).toThrow(
      /^(?![\s\S]*hunter2)[\s\S]*KAFKA_SASL_PASSWORD: expected at least 20 characters, got "\*\*\*"/,
    );
  });

  it('masks URL credentials in any value it echoes', () => {
    const s = z.object({ PROXIES: env.urlList(['http']) });
    expect(() => loadConfig(s, { PROXIES: 'http://a:hunter2@h:1,ftp://b:hunter3@h:2' })).toThrow(
      /^(?![\s\S]*hunter)[\s\S]*PROXIES: expected a comma-separated list of http:\/\/\[user:pass@\]host:port; "ftp:\/\/\*\*\*@h:2" is not one/,
    );
  });

  it('parses a URL list and an origin', () => {
    const s = z.object({ PROXIES: env.urlList(['http', 'socks5']), ORIGIN: env.origin(['http']) });
    const c = loadConfig(s, { PROXIES: ' http://h:1 ,, socks5://u:p@s:2', ORIGIN: 'http://127.0.0.1:8090/' });
    expect(c.PROXIES.map((u) => u.href)).toEqual(['http://h:1/', 'socks5://u:p@s:2']);
    expect(c.ORIGIN).toBe('http://127.0.0.1:8090');
  });

  it('reads TRUSTED_PROXIES as none, a hop count or a list of addresses and CIDRs', () => {
    const s = z.object({ TRUSTED_PROXIES: env.trustedProxies() });
    const read = (v?: string) => loadConfig(s, { TRUSTED_PROXIES: v }).TRUSTED_PROXIES;
    expect(read(undefined)).toBe(false);
    expect(read('0')).toBe(false);
    expect(read('2')).toBe(2);
    expect(read(' 10.0.0.0/8, 192.168.1.7 ,fd00::/8,::1')).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
      '::1',
    ]);
  });

  it.each([
    ['true', 'a hop count (0 to 10)'],
    ['11', 'a hop count (0 to 10)'],
    ['10.0.0.0/33', '"10.0.0.0/33" is not one'],
    ['10.0.0.0/8, proxy.local', '"proxy.local" is not one'],
    ['300.1.1.1', '"300.1.1.1" is not one'],
  ])('stops the start naming TRUSTED_PROXIES when it is %s', (value, expected) => {
    const s = z.object({ TRUSTED_PROXIES: env.trustedProxies() });
    expect(() => loadConfig(s, { TRUSTED_PROXIES: value })).toThrow(
      expect.objectContaining({ message: expect.stringMatching(/TRUSTED_PROXIES: expected a hop count/) }),
    );
    expect(() => loadConfig(s, { TRUSTED_PROXIES: value })).toThrow(expected);
  });

  it('masks secrets in the message', () => {
    const s = z.object({ DATABASE_URL: env.url(['postgres']) });
    expect(() => loadConfig(s, { DATABASE_URL: 'http://user:hunter2@x' })).toThrow(/DATABASE_URL.*\*\*\*/);
  });
});

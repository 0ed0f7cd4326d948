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

  it('masks secrets in the message', () => {
    const s = z.object({ DATABASE_URL: env.url(['postgres']) });
    expect(() => loadConfig(s, { DATABASE_URL: 'http://user:hunter2@x' })).toThrow(/DATABASE_URL.*\*\*\*/);
  });
});

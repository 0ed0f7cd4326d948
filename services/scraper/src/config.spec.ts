import { ConfigError, loadConfig } from '@shelfscan/config';
import { marketplaceClientConfig, scraperEnvSchema } from './config.js';
import { DEFAULT_COVERAGE_THRESHOLD } from './engine/index.js';
import { resolveOptions } from './fetch/options.js';

// The scraper's settings are validated once, by the env schema (the fetch module no longer parses
// strings); these were the fetch options parser's tests, kept with the same inputs and verdicts.
const load = (env: Record<string, string>) => loadConfig(scraperEnvSchema, env);

function failure(env: Record<string, string>): ConfigError {
  try {
    load(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('scraper settings from the environment', () => {
  it('reads the variables into the marketplace client config', () => {
    const config = marketplaceClientConfig(
      load({
        MARKETPLACE_ORIGIN: 'http://127.0.0.1:8090/',
        SCRAPER_PROXIES: 'http://u:p@10.0.0.1:3128, https://10.0.0.2:8443,socks5://10.0.0.3:1080',
        SCRAPER_REQUESTS_PER_SECOND: '0.25',
        SCRAPER_CONCURRENCY: '2',
      }),
    );
    expect(config.originOverride).toBe('http://127.0.0.1:8090');
    expect(config.proxies?.map((u) => u.href)).toEqual([
      'http://u:p@10.0.0.1:3128/',
      'https://10.0.0.2:8443/',
      'socks5://10.0.0.3:1080',
    ]);
    expect(config.requestsPerSecond).toBe(0.25);
    expect(config.concurrency).toBe(2);
    expect(resolveOptions(config).breaker.openAfterBlocks).toBeGreaterThan(1);
  });

  it('defaults when unset (or empty)', () => {
    const options = resolveOptions(marketplaceClientConfig(load({ SCRAPER_PROXIES: '' })));
    expect(options.originOverride).toBeUndefined();
    expect(options.proxies).toEqual([]);
    expect(options.requestsPerSecond).toBeLessThanOrEqual(1);
    expect(options.concurrency).toBe(1);
  });

  it.each([
    [{ MARKETPLACE_ORIGIN: 'not a url' }, 'MARKETPLACE_ORIGIN', /an origin starting with http:\/\//],
    [{ MARKETPLACE_ORIGIN: 'http://127.0.0.1:8090/some/path' }, 'MARKETPLACE_ORIGIN', /no path/],
    [{ SCRAPER_PROXIES: 'ftp://u:secret@h:1' }, 'SCRAPER_PROXIES', /"ftp:\/\/\*\*\*@h:1" is not one/],
    [{ SCRAPER_PROXIES: 'http://h:1, not a url' }, 'SCRAPER_PROXIES', /"not a url" is not one/],
    [{ SCRAPER_PROXIES: 'http://h:1/some/path' }, 'SCRAPER_PROXIES', /is not one/],
    [{ SCRAPER_REQUESTS_PER_SECOND: '0' }, 'SCRAPER_REQUESTS_PER_SECOND', /a number above 0/],
    [{ SCRAPER_CONCURRENCY: '1.5' }, 'SCRAPER_CONCURRENCY', /a whole number from 1 to 64/],
    [{ SCAN_COVERAGE_THRESHOLD: '0' }, 'SCAN_COVERAGE_THRESHOLD', /a share above 0 and at most 1/],
    [
      { SCAN_COVERAGE_THRESHOLD: '99' },
      'SCAN_COVERAGE_THRESHOLD',
      /a share above 0 and at most 1, such as 0.99/,
    ],
    [{ SCAN_COVERAGE_THRESHOLD: 'most' }, 'SCAN_COVERAGE_THRESHOLD', /a share above 0 and at most 1/],
  ])('fails naming the variable: %o', (env, variable, expected) => {
    const err = failure(env);
    expect(err.issues.map((i) => i.variable)).toEqual([variable]);
    expect(err.issues[0].expected).toMatch(expected);
    expect(err.message).toContain(`${variable}: expected`);
  });

  it('reads the coverage threshold a Deep scan must reach to be completed (default 0.99)', () => {
    expect(load({}).SCAN_COVERAGE_THRESHOLD).toBe(DEFAULT_COVERAGE_THRESHOLD);
    expect(DEFAULT_COVERAGE_THRESHOLD).toBe(0.99);
    expect(load({ SCAN_COVERAGE_THRESHOLD: '0.95' }).SCAN_COVERAGE_THRESHOLD).toBe(0.95);
    expect(load({ SCAN_COVERAGE_THRESHOLD: '1' }).SCAN_COVERAGE_THRESHOLD).toBe(1);
  });

  it('never prints proxy credentials', () => {
    const err = failure({ SCRAPER_PROXIES: 'http://ok:fine@h:1,ftp://user:hunter2@h:1' });
    expect(err.message).not.toContain('hunter2');
    expect(err.message).not.toContain('fine');
    expect(err.message).toContain('SCRAPER_PROXIES');
  });
});

import { marketplaceClientConfigFromEnv, resolveOptions } from './options.js';

describe('marketplaceClientConfigFromEnv', () => {
  it('reads the variables', () => {
    const config = marketplaceClientConfigFromEnv({
      MARKETPLACE_ORIGIN: 'http://127.0.0.1:8090/',
      SCRAPER_PROXIES: 'http://u:p@10.0.0.1:3128, https://10.0.0.2:8443',
      SCRAPER_REQUESTS_PER_SECOND: '0.25',
      SCRAPER_CONCURRENCY: '2',
    });
    expect(config.originOverride).toBe('http://127.0.0.1:8090');
    expect(config.proxies?.map((u) => u.host)).toEqual(['10.0.0.1:3128', '10.0.0.2:8443']);
    expect(config.requestsPerSecond).toBe(0.25);
    expect(config.concurrency).toBe(2);
    expect(resolveOptions(config).breaker.openAfterBlocks).toBeGreaterThan(1);
  });

  it('defaults when unset', () => {
    const options = resolveOptions(marketplaceClientConfigFromEnv({}));
    expect(options.originOverride).toBeUndefined();
    expect(options.proxies).toEqual([]);
    expect(options.requestsPerSecond).toBeLessThanOrEqual(1);
  });

  it.each([
    [{ MARKETPLACE_ORIGIN: 'not a url' }, /MARKETPLACE_ORIGIN/],
    [{ MARKETPLACE_ORIGIN: 'http://127.0.0.1:8090/some/path' }, /MARKETPLACE_ORIGIN/],
    [{ SCRAPER_PROXIES: 'socks5://u:secret@h:1' }, /SCRAPER_PROXIES/],
    [{ SCRAPER_REQUESTS_PER_SECOND: '0' }, /SCRAPER_REQUESTS_PER_SECOND/],
    [{ SCRAPER_CONCURRENCY: '1.5' }, /SCRAPER_CONCURRENCY/],
  ])('fails naming the variable: %o', (env, message) => {
    expect(() => marketplaceClientConfigFromEnv(env)).toThrow(message);
  });

  it('never prints proxy credentials', () => {
    expect(() => marketplaceClientConfigFromEnv({ SCRAPER_PROXIES: 'ftp://user:hunter2@h:1' })).toThrow(
      /^(?!.*hunter2)/,
    );
  });
});

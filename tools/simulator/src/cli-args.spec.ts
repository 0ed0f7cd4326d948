import { parseCliArgs, parseStoreList } from './cli-args.js';

describe('CLI arguments', () => {
  it('parses --stores seed:size[:domain] lists', () => {
    expect(parseStoreList('1:100, 2:1000:amazon.com,shop:50')).toEqual([
      { seed: 1, size: 100 },
      { seed: 2, size: 1000, marketDomain: 'amazon.com' },
      { seed: 'shop', size: 50 },
    ]);
    expect(() => parseStoreList('1')).toThrow(/bad store spec/);
    expect(() => parseStoreList('1:-5')).toThrow(/bad store spec/);
  });

  it('reads env first, flags override, faults included', () => {
    const c = parseCliArgs(
      [
        '--port',
        '9001',
        '--stores=3:30',
        '--captcha-rate',
        '0.2',
        '--rate-limit',
        '2',
        '--rate-limit-scope',
        'global',
      ],
      { SIM_PORT: '7000', SIM_PAGE_CAP: '20', SIM_ERROR_RATE: '0.1', SIM_LATENCY_MS: '50' },
    );
    expect(c.options).toMatchObject({
      port: 9001,
      pageCap: 20,
      pageSize: 16,
      stores: [{ seed: 3, size: 30 }],
      faults: {
        captchaRate: 0.2,
        errorRate: 0.1,
        latencyMs: 50,
        rateLimit: { perSecond: 2, scope: 'global', windowMs: 1000, blockMs: 0 },
      },
    });
    expect(parseCliArgs([], {}).options).toMatchObject({
      port: 8090,
      stores: [
        { seed: 1, size: 100 },
        { seed: 2, size: 1000 },
      ],
    });
    expect(() => parseCliArgs(['--bogus', '1'])).toThrow(/unknown option/);
  });
});

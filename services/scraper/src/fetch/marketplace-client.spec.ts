import { performance } from 'node:perf_hooks';
import * as zlib from 'node:zlib';
import { marketByCode, type Market } from '@shelfscan/markets';
import { ManualClock } from '@shelfscan/service';
import { MarketplaceBlockedError, MarketplaceFetchError } from './errors.js';
import { MarketplaceClient, type MarketplaceClientDeps } from './marketplace-client.js';
import { FetchCounters, type RetryEvent } from './metrics.js';
import type { MarketplaceClientConfig } from './options.js';
import { startForwardProxy, startServer, type LocalServer } from './testing/local-servers.js';
import { readAmazonPage } from '../parser/__fixtures__/paths.js';

const CA = marketByCode('CA') as Market;
const MX = marketByCode('MX') as Market;
const OK_PAGE =
  '<html><body><div data-component-type="s-search-result" data-asin="B000000001"></div></body></html>';

let server: LocalServer;
const clients: MarketplaceClient[] = [];

beforeEach(async () => {
  server = await startServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(OK_PAGE);
  });
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await server.close();
});

/** A client aimed at the local server, fast by default (tests that measure spacing slow it down). */
function client(config: MarketplaceClientConfig = {}, deps: MarketplaceClientDeps = {}): MarketplaceClient {
  const c = new MarketplaceClient(
    {
      originOverride: server.origin,
      requestsPerSecond: 1000,
      jitterRatio: 0,
      backoffBaseMs: 1000,
      pinDeliveryLocation: false,
      ...config,
    },
    { random: () => 0.5, ...deps },
  );
  clients.push(c);
  return c;
}

describe('MARKETPLACE_ORIGIN redirection and browser headers', () => {
  it('sends path and query to the override origin with the real host in X-Original-Host', async () => {
    const res = await client().get(CA, '/s?me=A1B2C3D4E5F6G7&marketplaceID=A2EUQ1WTGCTBG2&page=2');

    expect(res.status).toBe(200);
    expect(res.body).toBe(OK_PAGE);
    expect(res.url).toBe('https://www.amazon.ca/s?me=A1B2C3D4E5F6G7&marketplaceID=A2EUQ1WTGCTBG2&page=2');
    expect(server.requests).toHaveLength(1);
    const req = server.requests[0];
    expect(req.url).toBe('/s?me=A1B2C3D4E5F6G7&marketplaceID=A2EUQ1WTGCTBG2&page=2');
    expect(req.headers['x-original-host']).toBe('www.amazon.ca');
    expect(req.headers['user-agent']).toMatch(/Chrome\/\d+/);
    expect(req.headers['accept']).toContain('text/html');
    expect(req.headers['accept-language']).toMatch(/^en-CA/);
    expect(req.headers['accept-encoding']).toContain('br');
    expect(req.headers['cookie']).toContain('i18n-prefs=CAD');
  });

  it('speaks the market language and currency', async () => {
    await client().get(MX, '/s?me=X');
    expect(server.requests[0].headers['x-original-host']).toBe('www.amazon.com.mx');
    expect(server.requests[0].headers['accept-language']).toMatch(/^es-MX/);
    expect(server.requests[0].headers['cookie']).toContain('i18n-prefs=MXN');
  });

  it('refuses URLs outside the market', async () => {
    await expect(client().get(CA, 'https://www.example.com/')).rejects.toThrow(/not a URL of amazon.ca/);
    await expect(client().get(CA, 'https://www.amazon.co.uk/s')).rejects.toThrow(/not a URL of amazon.ca/);
    expect(server.requests).toHaveLength(0);
  });

  it('follows redirects on the market domain but not to other hosts', async () => {
    server.handler = (req, res) => {
      if (req.url === '/old') res.writeHead(302, { location: '/s?page=2' }).end();
      else if (req.url === '/away') res.writeHead(302, { location: 'https://evil.example/steal' }).end();
      else res.end(`at ${req.url}`);
    };
    const c = client();
    const moved = await c.get(CA, '/old');
    expect(moved.status).toBe(200);
    expect(moved.body).toBe('at /s?page=2');
    expect(moved.url).toBe('https://www.amazon.ca/s?page=2');
    expect(moved.redirects).toBe(1);

    const away = await c.get(CA, '/away');
    expect(away.status).toBe(302);
    expect(server.requests.map((r) => r.url)).toEqual(['/old', '/s?page=2', '/away']);
  });
});

describe('decoding', () => {
  it.each([
    [
      'br',
      (b: Buffer) => zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
    ],
    ['gzip', (b: Buffer) => zlib.gzipSync(b)],
    ['deflate', (b: Buffer) => zlib.deflateSync(b)],
  ])('decodes a %s body', async (encoding, compress) => {
    const page = readAmazonPage('ca_search_1.html');
    server.handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html;charset=UTF-8', 'content-encoding': encoding });
      res.end(compress(Buffer.from(page)));
    };
    const res = await client().get(CA, '/s?k=tent');
    expect(res.body).toBe(page);
    expect(res.bytes.body).toBe(Buffer.byteLength(page));
    expect(res.bytes.wire).toBeLessThan(res.bytes.body / 3);
  });
});

describe('connections and pacing', () => {
  it('reuses one keep-alive connection for several requests', async () => {
    const c = client();
    for (let i = 1; i <= 5; i++) expect((await c.get(CA, `/s?page=${i}`)).status).toBe(200);
    expect(server.requests).toHaveLength(5);
    expect(server.connections).toBe(1);
    expect(new Set(server.requests.map((r) => r.socket))).toEqual(new Set([1]));
  });

  it('spaces requests to one domain by at least the configured interval (real time)', async () => {
    const c = client({ requestsPerSecond: 5, jitterRatio: 0.5 }, { random: Math.random });
    const t0 = performance.now();
    await c.get(CA, '/warm-up'); // opens the connection; its start is the first slot (>= t0)
    await Promise.all([1, 2, 3, 4].map((i) => c.get(CA, `/s?page=${i}`)));
    const arrivals = server.requests.map((r) => r.at);
    expect(arrivals).toHaveLength(5);
    // The gate schedules the k-th start at least k intervals (200 ms) after the first one, and a request
    // cannot arrive before it is sent. Arrival gaps taken pairwise are not a bound: a late arrival
    // (event-loop noise on a busy machine) shortens the gap after it without any request leaving early.
    // The 2 ms are Date.now()'s whole-millisecond rounding in the gate against performance.now().
    arrivals.forEach((at, k) => expect(at - t0).toBeGreaterThanOrEqual(200 * k - 2));
  });

  it('keeps the pacing per domain: another market is not held back', async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    const c = client({ requestsPerSecond: 0.5 }, { clock });
    await c.get(CA, '/a');
    await c.get(MX, '/b');
    expect(clock.sleeps).toEqual([]);
    await c.get(CA, '/c');
    expect(clock.sleeps).toEqual([2000]);
  });

  it('never has more requests in flight to a domain than the concurrency cap', async () => {
    server.handler = (_req, res) => void setTimeout(() => res.end(OK_PAGE), 150);
    const c = client({ concurrency: 2 });
    await Promise.all([1, 2, 3, 4, 5, 6].map((i) => c.get(CA, `/s?page=${i}`)));
    expect(server.requests).toHaveLength(6);
    expect(server.maxInFlight).toBe(2);
  });
});

describe('retries', () => {
  function recordRetries(): { retries: RetryEvent[]; metrics: MarketplaceClientDeps['metrics'] } {
    const retries: RetryEvent[] = [];
    return { retries, metrics: { retry: (e) => retries.push(e) } };
  }

  it.each([503, 500, 502])('retries HTTP %i with growing backoff, then succeeds', async (status) => {
    let n = 0;
    server.handler = (_req, res) => {
      n++;
      if (n <= 2) res.writeHead(status).end('Sorry! Something went wrong!');
      else res.end(OK_PAGE);
    };
    const { retries, metrics } = recordRetries();
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    const res = await client({}, { clock, metrics }).get(CA, '/s?me=X');
    expect(res.status).toBe(200);
    expect(res.body).toBe(OK_PAGE);
    expect(res.attempts).toBe(3);
    expect(server.requests).toHaveLength(3);
    expect(retries.map((r) => r.attempt)).toEqual([1, 2]);
    expect(retries[1].delayMs).toBeGreaterThan(retries[0].delayMs);
    expect(retries[0].delayMs).toBeGreaterThanOrEqual(500);
    // the waits really happened (on the clock)
    for (const r of retries) expect(clock.sleeps).toContain(r.delayMs);
  });

  it('retries a connection reset, then succeeds', async () => {
    let n = 0;
    server.handler = (_req, res, raw) => {
      if (++n === 1) raw.socket.destroy();
      else res.end(OK_PAGE);
    };
    const counters = new FetchCounters();
    const res = await client({}, { clock: new ManualClock(Date.UTC(2026, 0, 1)), metrics: counters }).get(
      CA,
      '/s?me=X',
    );
    expect(res.status).toBe(200);
    expect(res.attempts).toBe(2);
    expect(counters.networkErrors).toBe(1);
    expect(counters.retries).toBe(1);
  });

  it('does not retry a 404', async () => {
    server.handler = (_req, res) => res.writeHead(404).end('not here');
    const counters = new FetchCounters();
    const res = await client({}, { clock: new ManualClock(Date.UTC(2026, 0, 1)), metrics: counters }).get(
      CA,
      '/sp?seller=NOPE',
    );
    expect(res.status).toBe(404);
    expect(res.body).toBe('not here');
    expect(server.requests).toHaveLength(1);
    expect(counters.retries).toBe(0);
  });

  it('gives up after maxAttempts with a MarketplaceFetchError', async () => {
    server.handler = (_req, res) => res.writeHead(500).end();
    const err = await client({ maxAttempts: 3 }, { clock: new ManualClock(Date.UTC(2026, 0, 1)) })
      .get(CA, '/s?me=X')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MarketplaceFetchError);
    expect((err as MarketplaceFetchError).status).toBe(500);
    expect(server.requests).toHaveLength(3);
  });

  it('honours Retry-After', async () => {
    let n = 0;
    server.handler = (_req, res) => {
      if (++n === 1) res.writeHead(503, { 'retry-after': '7' }).end();
      else res.end(OK_PAGE);
    };
    const { retries, metrics } = recordRetries();
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    const res = await client({}, { clock, metrics }).get(CA, '/s?me=X');
    expect(res.status).toBe(200);
    expect(retries).toHaveLength(1);
    expect(retries[0].delayMs).toBe(7000);
    expect(clock.sleeps).toContain(7000);
  });

  it('fails fast when Retry-After asks for more than it may wait', async () => {
    server.handler = (_req, res) => res.writeHead(503, { 'retry-after': '3600' }).end();
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    const err = await client({ maxRetryAfterMs: 60_000 }, { clock })
      .get(CA, '/s?me=X')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MarketplaceBlockedError);
    expect((err as MarketplaceBlockedError).reason).toBe('retry-after-too-long');
    expect((err as MarketplaceBlockedError).retryAt?.getTime()).toBe(clock.nowMs() + 3_600_000);
    expect(server.requests).toHaveLength(1);
  });
});

describe('circuit breaker on block pages', () => {
  const captcha = () => readAmazonPage('com_captcha_1.html');

  it('slows down after captcha pages, opens after repeated ones, then half-opens and closes', async () => {
    let blocking = true;
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    const arrivals: number[] = [];
    server.handler = (_req, res) => {
      arrivals.push(clock.nowMs());
      res.end(blocking ? captcha() : OK_PAGE);
    };
    const counters = new FetchCounters();
    const c = client(
      {
        requestsPerSecond: 1,
        backoffBaseMs: 2,
        maxAttempts: 2,
        breaker: { openAfterBlocks: 3, slowdownMultiplier: 2, coolDownMs: 60_000 },
      },
      { clock, metrics: counters },
    );

    // Two captcha pages: retries exhausted, the breaker slows the domain down but stays closed.
    const first = await c.get(CA, '/s?me=X').catch((e: unknown) => e);
    expect(first).toBeInstanceOf(MarketplaceBlockedError);
    expect((first as MarketplaceBlockedError).reason).toBe('captcha');
    expect(first).toHaveProperty('message', expect.stringContaining('amazon.ca is asking for a captcha'));
    expect(c.breakerState(CA)).toMatchObject({ state: 'closed', slowdown: 4, consecutiveBlocks: 2 });

    // The third consecutive block opens the breaker.
    const second = await c.get(CA, '/s?me=X').catch((e: unknown) => e);
    expect(second).toBeInstanceOf(MarketplaceBlockedError);
    expect((second as MarketplaceBlockedError).retryAt?.getTime()).toBe(clock.nowMs() + 60_000);
    expect(c.breakerState(CA).state).toBe('open');
    // spacing between requests doubled after each block: 1 s, then 2 s, then 4 s
    expect(arrivals.slice(1).map((t, i) => t - arrivals[i])).toEqual([1000, 2000]);
    expect(server.requests).toHaveLength(3);

    // While open nothing is sent.
    const third = await c.get(CA, '/s?me=X').catch((e: unknown) => e);
    expect(third).toBeInstanceOf(MarketplaceBlockedError);
    expect((third as MarketplaceBlockedError).reason).toBe('cooling-down');
    expect(server.requests).toHaveLength(3);

    // After the cool-down one probe goes through; a good page closes the breaker.
    blocking = false;
    clock.advance(60_000);
    const probe = await c.get(CA, '/s?me=X');
    expect(probe.status).toBe(200);
    expect(server.requests).toHaveLength(4);
    expect(c.breakerState(CA).state).toBe('closed');
    expect(counters.blocks).toBe(3);
    expect(counters.breakerTransitions.map((t) => t.to)).toEqual(['open', 'half-open', 'closed']);
  });

  it('a blocked probe re-opens the breaker for twice as long', async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    server.handler = (_req, res) => res.end(captcha());
    const c = client({ maxAttempts: 1, breaker: { openAfterBlocks: 1, coolDownMs: 10_000 } }, { clock });
    await expect(c.get(CA, '/a')).rejects.toBeInstanceOf(MarketplaceBlockedError);
    clock.advance(10_000);
    const err = (await c.get(CA, '/b').catch((e: unknown) => e)) as MarketplaceBlockedError;
    expect(err.reason).toBe('captcha');
    expect(err.retryAt?.getTime()).toBe(clock.nowMs() + 20_000);
    expect(server.requests).toHaveLength(2);
  });

  it('can wait out a short cool-down instead of failing', async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    let n = 0;
    server.handler = (_req, res) => res.end(++n === 1 ? captcha() : OK_PAGE);
    const c = client(
      { maxAttempts: 1, maxCoolDownWaitMs: 30_000, breaker: { openAfterBlocks: 1, coolDownMs: 10_000 } },
      { clock },
    );
    await expect(c.get(CA, '/a')).rejects.toBeInstanceOf(MarketplaceBlockedError);
    const res = await c.get(CA, '/b');
    expect(res.status).toBe(200);
    expect(clock.sleeps).toContain(10_000);
  });

  it('treats a WAF challenge page and a caller-classified page as blocks', async () => {
    server.handler = (req, res) =>
      res.end(req.url === '/waf' ? readAmazonPage('com_captcha_3.html') : 'ROBOT CHECK');
    const c = client(
      { maxAttempts: 1, breaker: { openAfterBlocks: 10 } },
      { clock: new ManualClock(Date.UTC(2026, 0, 1)) },
    );
    const waf = (await c.get(CA, '/waf').catch((e: unknown) => e)) as MarketplaceBlockedError;
    expect(waf.reason).toBe('waf-challenge');
    const own = (await c
      .get(CA, '/x', { classify: (html) => (html.includes('ROBOT') ? 'captcha' : 'ok') })
      .catch((e: unknown) => e)) as MarketplaceBlockedError;
    expect(own).toBeInstanceOf(MarketplaceBlockedError);
    expect(own.reason).toBe('captcha');
    // without the hook the same page is fine
    expect((await c.get(CA, '/x')).body).toBe('ROBOT CHECK');
  });
});

describe('proxy rotation', () => {
  it('rotates round-robin over SCRAPER_PROXIES and benches a proxy that gets blocked', async () => {
    const p1 = await startForwardProxy('p1');
    const p2 = await startForwardProxy('p2');
    try {
      let blockP1 = false;
      server.handler = (req, res) => {
        if (blockP1 && req.headers['x-test-proxy'] === 'p1') res.end(readAmazonPage('com_captcha_1.html'));
        else res.end(`via ${String(req.headers['x-test-proxy'])}`);
      };
      const withCreds = p1.origin.replace('http://', 'http://scan%40user:s3cret@');
      const c = client(
        { proxies: [new URL(withCreds), new URL(p2.origin)] },
        { clock: new ManualClock(Date.UTC(2026, 0, 1)) },
      );

      const bodies = [];
      for (let i = 0; i < 4; i++) bodies.push((await c.get(CA, `/s?page=${i}`)).body);
      expect(bodies).toEqual(['via p1', 'via p2', 'via p1', 'via p2']);
      expect(p1.forwarded[0].url).toBe(`${server.origin}/s?page=0`);
      expect(p1.forwarded[0].proxyAuthorization).toBe(
        `Basic ${Buffer.from('scan@user:s3cret').toString('base64')}`,
      );
      expect(p2.forwarded[0].proxyAuthorization).toBeUndefined();

      // p1 gets a captcha: the request is retried through p2 and p1 sits out.
      blockP1 = true;
      const res = await c.get(CA, '/s?page=4');
      expect(res.body).toBe('via p2');
      expect(res.proxy).toBe(p2.origin);
      expect(res.attempts).toBe(2);
      for (let i = 5; i < 8; i++) expect((await c.get(CA, `/s?page=${i}`)).body).toBe('via p2');
      expect(p1.forwarded).toHaveLength(3);
      expect(p2.forwarded).toHaveLength(6);
    } finally {
      await Promise.all(clients.splice(0).map((c) => c.close()));
      await Promise.all([p1.close(), p2.close()]);
    }
  });

  it('fails with MarketplaceBlockedError when every proxy is benched', async () => {
    const p1 = await startForwardProxy('p1');
    try {
      server.handler = (_req, res) => res.end(readAmazonPage('com_captcha_1.html'));
      const clock = new ManualClock(Date.UTC(2026, 0, 1));
      const c = client({ proxies: [new URL(p1.origin)], proxyBenchMs: 600_000 }, { clock });
      const err = (await c.get(CA, '/s').catch((e: unknown) => e)) as MarketplaceBlockedError;
      expect(err).toBeInstanceOf(MarketplaceBlockedError);
      expect(err.reason).toBe('proxies-benched');
      expect(err.retryAt?.getTime()).toBeGreaterThan(clock.nowMs());
      expect(p1.forwarded).toHaveLength(1);
    } finally {
      await Promise.all(clients.splice(0).map((c) => c.close()));
      await p1.close();
    }
  });
});

describe('delivery location', () => {
  const GLOW_TOKEN = 'hFFXCXgRSy5HV3HUh7gQ95zugdBOamVQGPGlXFJZ7ZyMAAAAAGg18M8AAAAB';

  function amazonLike(options: { home?: string; addressStatus?: number } = {}) {
    server.handler = (req, res) => {
      if (req.url === '/') {
        res.setHeader('set-cookie', [
          'session-id=141-1752362-1018344; Domain=.amazon.ca; Path=/; Expires=Wed, 01 Jan 2031 00:00:00 GMT; Secure',
          'ubid-acbca=133-0000000-0000000; Domain=.amazon.ca; Path=/; Secure',
        ]);
        res.end(options.home ?? readAmazonPage('ca_search_1.html'));
      } else if (req.url.startsWith('/portal-migration/hz/glow/address-change')) {
        res.setHeader('set-cookie', 'lc-acbca=en_CA; Domain=.amazon.ca; Path=/');
        res.writeHead(options.addressStatus ?? 200, { 'content-type': 'application/json' });
        res.end('{"isValidAddress":1,"isTransitOutOfAap":0}');
      } else {
        res.end(OK_PAGE);
      }
    };
  }

  it('pins once per domain before the first search and sends the cookies afterwards', async () => {
    amazonLike();
    const pins: unknown[] = [];
    const c = client({ pinDeliveryLocation: true }, { metrics: { deliveryPinned: (e) => pins.push(e) } });
    await Promise.all([c.get(CA, '/s?me=A&page=1'), c.get(CA, '/s?me=A&page=2')]);
    await c.get(CA, '/s?me=A&page=3');

    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /',
      'POST /portal-migration/hz/glow/address-change?actionSource=glow',
      'GET /s?me=A&page=1',
      'GET /s?me=A&page=2',
      'GET /s?me=A&page=3',
    ]);
    const post = server.requests[1];
    expect(JSON.parse(post.body)).toEqual({
      locationType: 'LOCATION_INPUT',
      zipCode: 'M5V 2T6',
      deviceType: 'web',
      storeContext: 'generic',
      pageType: 'Search',
      actionSource: 'glow',
    });
    expect(post.headers['anti-csrftoken-a2z']).toBe(GLOW_TOKEN);
    expect(post.headers['content-type']).toBe('application/json');
    expect(post.headers['x-original-host']).toBe('www.amazon.ca');
    expect(post.headers['cookie']).toContain('session-id=141-1752362-1018344');
    for (const search of server.requests.slice(2)) {
      expect(search.headers['cookie']).toContain('session-id=141-1752362-1018344');
      expect(search.headers['cookie']).toContain('ubid-acbca=133-0000000-0000000');
      expect(search.headers['cookie']).toContain('lc-acbca=en_CA');
      expect(search.headers['cookie']).toContain('i18n-prefs=CAD');
    }
    expect(c.deliveryPin(CA)).toMatchObject({
      pinned: true,
      confirmed: true,
      postalCode: 'M5V 2T6',
      countryCode: 'CA',
    });
    expect(pins).toEqual([{ domain: 'amazon.ca', pinned: true, confirmed: true, reason: undefined }]);
  });

  it('lets another request finish the pin when the request that started it is cancelled', async () => {
    amazonLike();
    const inner = server.handler;
    server.handler = (req, res, raw) => {
      if (req.url === '/') setTimeout(() => inner(req, res, raw), 150);
      else inner(req, res, raw);
    };
    const c = client({ pinDeliveryLocation: true });
    const ac = new AbortController();
    const cancelled = c.get(CA, '/s?me=A&page=1', { signal: ac.signal });
    const other = c.get(CA, '/s?me=A&page=2');
    setTimeout(() => ac.abort(), 30);
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
    const res = await other;
    expect(res.status).toBe(200);
    expect(c.deliveryPin(CA)).toMatchObject({ pinned: true, confirmed: true });
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(server.requests.at(-1)?.headers['cookie']).toContain('lc-acbca=en_CA');
  });

  it('is not disturbed by a failing metrics callback', async () => {
    const c = client(
      {},
      {
        metrics: {
          request: () => {
            throw new Error('boom');
          },
        },
      },
    );
    expect((await c.get(CA, '/s')).status).toBe(200);
  });

  it('skips the POST when the home page has no token, and the scan goes on', async () => {
    amazonLike({ home: '<html><body>no modal here</body></html>' });
    const c = client({ pinDeliveryLocation: true });
    const res = await c.get(CA, '/s?me=A');
    expect(res.status).toBe(200);
    expect(server.requests.map((r) => r.url)).toEqual(['/', '/s?me=A']);
    expect(server.requests[1].headers['cookie']).toContain('session-id=');
    expect(c.deliveryPin(CA)).toMatchObject({ pinned: false, csrfTokenFound: false });
    expect(c.deliveryPin(CA)?.reason).toMatch(/no anti-csrf token/);
  });

  it('records a refused pin without failing the scan', async () => {
    amazonLike({ addressStatus: 403 });
    const c = client({ pinDeliveryLocation: true });
    const res = await c.get(CA, '/s?me=A');
    expect(res.status).toBe(200);
    expect(c.deliveryPin(CA)).toMatchObject({ pinned: false, csrfTokenFound: true });
    expect(c.deliveryPin(CA)?.reason).toMatch(/HTTP 403/);
  });
});

describe('cancellation', () => {
  // What "at once" means here: far below what each case waits without the abort (a request the
  // server never answers, a rate-limit slot 10 s away, a 30 s backoff), with room for a busy machine.
  const PROMPTLY_MS = 5000;

  it('aborts a request in flight within moments', async () => {
    const ac = new AbortController();
    let abortedAt = 0;
    server.handler = () => {
      // never answers; the caller cancels once the request has arrived
      abortedAt = performance.now();
      ac.abort();
    };
    const c = client();
    await expect(c.get(CA, '/s?me=X', { signal: ac.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(performance.now() - abortedAt).toBeLessThan(PROMPTLY_MS);
    expect(server.requests).toHaveLength(1);
  });

  it('aborts while waiting for the rate limit without sending', async () => {
    const c = client({ requestsPerSecond: 0.1 });
    await c.get(CA, '/first');
    const ac = new AbortController();
    const started = performance.now();
    setTimeout(() => ac.abort(), 50);
    await expect(c.get(CA, '/second', { signal: ac.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(performance.now() - started).toBeLessThan(PROMPTLY_MS);
    expect(server.requests.map((r) => r.url)).toEqual(['/first']);
  });

  it('close() ends a request the server never answers, at once', async () => {
    server.handler = () => undefined; // never answers
    const c = client();
    const pending = c.get(CA, '/s?me=X');
    await new Promise<void>((resolve) => {
      const poll = () => (server.requests.length > 0 ? resolve() : setTimeout(poll, 5));
      poll();
    });
    const outcome = expect(pending).rejects.toMatchObject({
      name: 'AbortError',
      message: 'marketplace client closed',
    });
    const started = performance.now();
    await c.close();
    await outcome;
    expect(performance.now() - started).toBeLessThan(PROMPTLY_MS);
  });

  it('aborts during a retry backoff', async () => {
    server.handler = (_req, res) => res.writeHead(500).end();
    const ac = new AbortController();
    let abortedAt = 0;
    const retry = () =>
      void setTimeout(() => {
        abortedAt = performance.now();
        ac.abort();
      }, 30);
    const c = client({ backoffBaseMs: 30_000 }, { metrics: { retry } });
    await expect(c.get(CA, '/s', { signal: ac.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(abortedAt).toBeGreaterThan(0);
    expect(performance.now() - abortedAt).toBeLessThan(PROMPTLY_MS);
    expect(server.requests).toHaveLength(1);
  });
});

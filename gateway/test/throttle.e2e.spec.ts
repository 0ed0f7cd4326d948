import { Clock, ManualClock } from '@shelfscan/service';
import { startStack, type Stack } from './stack.js';

/** Issue 20, throttles and abuse: the per-address limits hold against a client that names itself. */
describe('per-address limits (gateway)', () => {
  let attempt = 0;
  /** A failed login, each for another email (only the address is the same). */
  const login = (stack: Stack, headers: Record<string, string>) =>
    stack.call(
      'POST',
      '/api/authenticate',
      { email: `nobody${++attempt}@example.com`, password: 'wrong-one' },
      headers,
    );

  describe('with no trusted proxy (the embedded default)', () => {
    let stack: Stack;
    const clock = new ManualClock();
    beforeAll(async () => {
      stack = await startStack({ AUTH_RATE_LIMIT_PER_MINUTE: '3' }, [{ provide: Clock, useValue: clock }]);
    });
    afterAll(() => stack.stop());
    // every test starts with fresh windows
    beforeEach(() => clock.advance(61_000));

    it('a client writing its own X-Forwarded-For does not escape the login limit', async () => {
      const statuses = [];
      for (let i = 1; i <= 4; i++)
        statuses.push((await login(stack, { 'x-forwarded-for': `198.51.100.${i}` })).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429]);
    });

    it('two gateway replicas on one database share one counter, which its window resets', async () => {
      const replica = await stack.replica();
      const onReplica: Stack['call'] = (method, url, payload, headers) =>
        replica.inject({ method, url, payload, headers });
      const failed = (call: Stack['call']) =>
        call('POST', '/api/authenticate', { email: `replica${++attempt}@example.com`, password: 'x' });
      const statuses = [];
      for (const call of [stack.call, onReplica, stack.call, onReplica])
        statuses.push((await failed(call)).statusCode);
      // each process alone saw two requests: the limit of 3 held only because the count is shared
      expect(statuses).toEqual([401, 401, 401, 429]);
      const [row] = await stack.sql<{ hits: number }>(
        `SELECT hits FROM gateway.throttle_counter WHERE throttler = 'default' ORDER BY window_ends_at DESC LIMIT 1`,
      );
      expect(row.hits).toBe(4); // one row: both processes' hits
      clock.advance(60_000);
      expect((await failed(onReplica)).statusCode).toBe(401);
    });

    it('GET /api/public/check-activation is limited per address: 429 in the spec’s shape, both locales', async () => {
      const check = (lang: string) =>
        stack.call('GET', '/api/public/check-activation?email=who@example.com', undefined, {
          'accept-language': lang,
        });
      for (let i = 0; i < 3; i++) expect((await check('tr')).statusCode).toBe(200);
      const [tr, en] = [await check('tr'), await check('en')];
      expect([tr.statusCode, tr.json()]).toEqual([
        429,
        { success: false, code: 'tooManyRequests', message: expect.stringMatching(/istek/), status: 429 },
      ]);
      expect(Number(tr.headers['retry-after'])).toBeGreaterThan(0);
      expect([en.statusCode, en.json().message]).toEqual([429, expect.stringMatching(/requests/i)]);
    });

    it('POST /api/promotion/summary is limited per user: 30 a minute, then 429; other users go on', async () => {
      const ayse = await stack.newUser('ayse-summary@example.com');
      clock.advance(61_000); // newUser's login counted on the address's login limit
      const summary = (user: Record<string, string>, lang = 'tr') =>
        stack.call(
          'POST',
          '/api/promotion/summary',
          { plan: 'standard', promotionCode: 'GUESS' },
          { ...user, 'accept-language': lang },
        );
      const statuses = new Set<number>();
      for (let i = 0; i < 30; i++) statuses.add((await summary(ayse)).statusCode);
      expect(statuses.has(429)).toBe(false);
      const [tr, en] = [await summary(ayse), await summary(ayse, 'en')];
      expect([tr.statusCode, tr.json()]).toEqual([
        429,
        { success: false, code: 'tooManyRequests', message: expect.stringMatching(/istek/), status: 429 },
      ]);
      expect([en.statusCode, en.json().message]).toEqual([429, expect.stringMatching(/requests/i)]);
      const mehmet = await stack.newUser('mehmet-summary@example.com');
      expect((await summary(mehmet)).statusCode).not.toBe(429);
    });
  });

  // the proxy is the test's socket (127.0.0.1): trusted as one hop, or by its CIDR
  describe.each(['1', '127.0.0.0/8'])('behind one trusted proxy (TRUSTED_PROXIES=%s)', (trusted) => {
    let stack: Stack;
    beforeAll(async () => {
      stack = await startStack({ AUTH_RATE_LIMIT_PER_MINUTE: '3', TRUSTED_PROXIES: trusted });
    });
    afterAll(() => stack.stop());

    it('counts the address the proxy saw, whatever the client wrote before it', async () => {
      const statuses = [];
      for (let i = 1; i <= 4; i++)
        statuses.push((await login(stack, { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` })).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429]);
      const limited = await login(stack, { 'x-forwarded-for': '203.0.113.7', 'accept-language': 'en' });
      expect([limited.statusCode, limited.json()]).toEqual([
        429,
        { success: false, code: 'tooManyRequests', message: expect.any(String), status: 429 },
      ]);
      // another client behind the same proxy has its own count
      expect((await login(stack, { 'x-forwarded-for': '203.0.113.8' })).statusCode).toBe(401);
    });
  });

  describe('login: a progressive delay per account, never a lock', () => {
    let stack: Stack;
    const clock = new ManualClock();
    beforeAll(async () => {
      stack = await startStack({ AUTH_RATE_LIMIT_PER_MINUTE: '1000', TRUSTED_PROXIES: '1' }, [
        { provide: Clock, useValue: clock },
      ]);
    });
    afterAll(() => stack.stop());

    /** A login from `address`: its status and how long the gateway made it wait (the clock's sleeps). */
    async function timedLogin(address: string, email: string, password: string) {
      const before = clock.sleeps.length;
      const r = await stack.call(
        'POST',
        '/api/authenticate',
        { email, password },
        { 'x-forwarded-for': address },
      );
      const waited = clock.sleeps.slice(before).filter((ms) => ms >= 1000);
      return [r.statusCode, waited.reduce((a, b) => a + b, 0)];
    }

    it('each failure lengthens the next wait (capped); the owner from elsewhere still logs in', async () => {
      await stack.newUser('owner@example.com', { password: 'Sel4mlar!x' });
      const answers = [];
      for (let i = 0; i < 9; i++)
        answers.push(await timedLogin('203.0.113.66', 'owner@example.com', `guess-${i}`));
      expect(answers).toEqual([
        [401, 0],
        [401, 0],
        [401, 0],
        [401, 1_000],
        [401, 2_000],
        [401, 4_000],
        [401, 8_000],
        [401, 10_000],
        [401, 10_000],
      ]);
      // the owner, from another address with the right password: waited, never refused
      expect(await timedLogin('198.51.100.9', 'owner@example.com', 'Sel4mlar!x')).toEqual([200, 10_000]);
      // a success forgets the account's failures
      expect(await timedLogin('203.0.113.66', 'owner@example.com', 'wrong')).toEqual([401, 0]);
    });

    it('failures leave the count after 15 minutes; the counters hold no email', async () => {
      for (let i = 0; i < 5; i++) await timedLogin('203.0.113.67', 'later@example.com', 'bad');
      expect((await timedLogin('203.0.113.67', 'later@example.com', 'bad'))[1]).toBe(4_000);
      clock.advance(15 * 60_000);
      expect(await timedLogin('203.0.113.67', 'later@example.com', 'bad')).toEqual([401, 0]);
      const keys = await stack.sql<{ key: string }>(`SELECT key FROM gateway.throttle_counter`);
      expect(keys.some((k) => k.key.includes('@'))).toBe(false);
    });
  });
});

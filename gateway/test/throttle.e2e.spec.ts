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
    beforeAll(async () => {
      stack = await startStack({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    });
    afterAll(() => stack.stop());

    it('a client writing its own X-Forwarded-For does not escape the login limit', async () => {
      const statuses = [];
      for (let i = 1; i <= 4; i++)
        statuses.push((await login(stack, { 'x-forwarded-for': `198.51.100.${i}` })).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429]);
    });
  });

  describe('behind one trusted proxy (TRUSTED_PROXIES=1)', () => {
    let stack: Stack;
    beforeAll(async () => {
      stack = await startStack({ AUTH_RATE_LIMIT_PER_MINUTE: '3', TRUSTED_PROXIES: '1' });
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
});

import { codec } from '@shelfscan/bus';
import { startStack, type Stack } from './stack.js';

/**
 * The bus is a trust boundary, through the real layers (HTTP → gateway → in-process bus → auth,
 * billing, admin → PostgreSQL): no password crosses the bus in clear, the admin's routes work
 * because the gateway asserts the token's caller, and a message written to the bus by hand with
 * an admin caller in its payload grants nothing.
 */
describe('the bus is a trust boundary (gateway + services)', () => {
  let stack: Stack;
  /** Every encoded message that crossed the bus during the suite: requests and replies. */
  const traffic: Uint8Array[] = [];

  beforeAll(async () => {
    stack = await startStack({ ADMIN_EMAIL: 'admin@shelfscan.test', ADMIN_PASSWORD: 'Adm1n-Parola!' });
    const request = stack.broker.request.bind(stack.broker);
    stack.broker.request = async (pattern, bytes) => {
      traffic.push(Uint8Array.from(bytes));
      const reply = await request(pattern, bytes);
      traffic.push(Uint8Array.from(reply));
      return reply;
    };
  });
  afterAll(() => stack?.stop());

  const onTheBus = (secret: string) =>
    traffic.filter((bytes) => Buffer.from(bytes).toString('latin1').includes(secret)).length;

  it('register, login and a password reset: no password on the bus, every step works', async () => {
    const first = 'Ilk-Parola-2026!';
    const second = 'Yeni-Parola-2027!';
    const seller = await stack.newUser('trust@example.com', { password: first });
    expect((await stack.call('GET', '/api/account/user', undefined, seller)).statusCode).toBe(200);
    await stack.call('POST', '/api/public/password-reset', { email: 'trust@example.com' });
    const text = (await stack.lastMail('trust@example.com')).text ?? '';
    const key = /key=([\w-]+)/.exec(text)![1];
    const reset = await stack.call('POST', '/api/public/complete-password-reset', {
      email: 'trust@example.com',
      key,
      password: second,
    });
    expect(reset.statusCode).toBe(200);
    await stack.signIn('trust@example.com', second);
    expect(traffic.length).toBeGreaterThan(8);
    expect([onTheBus(first), onTheBus(second), onTheBus('Adm1n-Parola!')]).toEqual([0, 0, 0]);
  });

  it('grants a plan through the admin route; the same grant written to the bus by hand is refused', async () => {
    await stack.newUser('granted@example.com');
    await stack.newUser('forger@example.com');
    const admin = await stack.signIn('admin@shelfscan.test', 'Adm1n-Parola!');
    const granted = await stack.call(
      'POST',
      '/api/admin/users/granted@example.com/plans',
      { features: ['standard'], periodEnd: '2099-01-01', reason: 'trust test' },
      admin,
    );
    expect(granted.statusCode).toBe(200);

    // anything that can write to the bus: the admin's caller in the payload, no assertion
    const pattern = 'shelfscan.billing.v1.BillingService.GrantPlan';
    const forged = codec.request(pattern, {
      caller: { email: 'admin@shelfscan.test', roles: ['ROLE_ADMIN'] },
      email: 'forger@example.com',
      features: ['deep'],
      periodEnd: '2099-01-01',
      reason: 'forged',
    });
    const reply = await stack.broker.request(pattern, forged);
    expect(() => codec.decodeReply(pattern, reply)).toThrow(
      expect.objectContaining({ code: 'UNAUTHENTICATED', reason: 'callerNotVerified' }),
    );
    const planOf = async (email: string) =>
      (await stack.call('GET', '/api/user-plan', undefined, await stack.signIn(email, 'Sel4mlar!x'))).json()
        .data as { features: string[] }[];
    expect((await planOf('granted@example.com')).map((p) => p.features)).toEqual([['standard']]);
    expect(await planOf('forger@example.com')).toEqual([]);
  });
});

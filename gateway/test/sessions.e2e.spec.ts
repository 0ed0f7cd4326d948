import { Clock, HOUR, ManualClock } from '@shelfscan/service';
import { eventually } from '@shelfscan/testing';
import { startStack, type Stack } from './stack.js';

jest.setTimeout(60_000);

const ADMIN = { email: 'admin@shelfscan.test', password: 'admin-pass' };
const PASSWORD = 'Sel4mlar!x';

/**
 * Issue 20, sessions, through HTTP on the gateway stack (auth on real PostgreSQL): the password
 * changes only with the current one and ends every other session; logout revokes the token on the
 * server, not only in the browser; a token never outlives its account into a new account of the
 * same email.
 */
describe('sessions (gateway + auth service)', () => {
  let stack: Stack;
  // Now, so the tokens it stamps are valid for the gateway's real-time expiry check.
  const clock = new ManualClock(new Date());

  beforeAll(async () => {
    stack = await startStack({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, [
      { provide: Clock, useValue: clock },
    ]);
  });
  afterAll(() => stack.stop());

  const bearer = (token: string, lang?: string) => ({
    authorization: `Bearer ${token}`,
    ...(lang ? { 'accept-language': lang } : {}),
  });
  const me = async (token: string) =>
    (await stack.call('GET', '/api/account/user', undefined, bearer(token))).statusCode;
  /** A login from one more device: its own token. */
  const login = async (email: string, password = PASSWORD) => {
    const r = await stack.call('POST', '/api/authenticate', { email, password });
    expect(r.statusCode).toBe(200);
    return r.json().data.token as string;
  };
  const tokenOf = (headers: Record<string, string>) => headers.authorization.slice('Bearer '.length);

  it('change-password: 422 on currentPassword in both languages, the password rules on newPassword', async () => {
    const token = tokenOf(await stack.newUser('wrong-current@example.com'));
    const tr = await stack.call(
      'POST',
      '/api/account/change-password',
      { currentPassword: 'not-mine-1', newPassword: 'brand-new-1' },
      bearer(token),
    );
    expect([tr.statusCode, tr.json()]).toEqual([
      422,
      {
        success: false,
        status: 422,
        message: 'Mevcut şifre doğru değil.',
        errors: [{ field: 'currentPassword', msg: 'Mevcut şifre doğru değil.' }],
      },
    ]);
    const en = await stack.call(
      'POST',
      '/api/account/change-password',
      { currentPassword: 'not-mine-1', newPassword: 'brand-new-1' },
      bearer(token, 'en'),
    );
    expect([en.statusCode, en.json().errors]).toEqual([
      422,
      [{ field: 'currentPassword', msg: 'The current password is not correct.' }],
    ]);
    const common = await stack.call(
      'POST',
      '/api/account/change-password',
      { currentPassword: PASSWORD, newPassword: 'password' },
      bearer(token, 'en'),
    );
    expect([common.statusCode, common.json().errors]).toEqual([
      422,
      [{ field: 'newPassword', msg: 'This password is too common; choose another one.' }],
    ]);
    // Nothing changed: the old password still logs in, the token still works.
    expect(await me(token)).toBe(200);
    await login('wrong-current@example.com');
    expect(
      (
        await stack.call('POST', '/api/account/change-password', {
          currentPassword: PASSWORD,
          newPassword: 'x1',
        })
      ).statusCode,
    ).toBe(401);
  });

  it('change-password ends every other session and gives this one a fresh token', async () => {
    const email = 'changer@example.com';
    const here = tokenOf(await stack.newUser(email));
    const phone = await login(email);
    expect([await me(here), await me(phone)]).toEqual([200, 200]);
    const changed = await stack.call(
      'POST',
      '/api/account/change-password',
      { currentPassword: PASSWORD, newPassword: 'brand-new-1' },
      bearer(here, 'en'),
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      success: true,
      message: 'Your password has been changed; your other sessions have been logged out.',
    });
    const fresh: string = changed.json().data.token;
    expect([await me(here), await me(phone), await me(fresh)]).toEqual([401, 401, 200]);
    expect((await stack.call('POST', '/api/authenticate', { email, password: PASSWORD })).statusCode).toBe(
      401,
    );
    await login(email, 'brand-new-1');
  });

  it("logout revokes this token on the server (a copy stops working), not the account's other devices", async () => {
    const email = 'leaver@example.com';
    const laptop = tokenOf(await stack.newUser(email));
    const copied = laptop;
    const phone = await login(email);
    const out = await stack.call('POST', '/api/account/logout', undefined, bearer(laptop));
    expect([out.statusCode, out.json()]).toEqual([200, { success: true, message: 'Oturumunuz kapatıldı.' }]);
    expect([await me(copied), await me(phone)]).toEqual([401, 200]);
    // A second logout with the same token is a 401: it is no token any more.
    expect((await stack.call('POST', '/api/account/logout', undefined, bearer(laptop))).statusCode).toBe(401);
    const en = await stack.call('POST', '/api/account/logout', undefined, bearer(phone, 'en'));
    expect(en.json()).toEqual({ success: true, message: 'You have been logged out.' });
    expect(await me(phone)).toBe(401);
    // Logging in again works: a new token, not revoked.
    expect(await me(await login(email))).toBe(200);
  });

  it('the denylist keeps a revoked token only until it expires', async () => {
    const email = 'sweeper@example.com';
    const first = tokenOf(await stack.newUser(email));
    await stack.call('POST', '/api/account/logout', undefined, bearer(first));
    const [{ id }] = await stack.sql<{ id: string }>(`SELECT id FROM auth.user_account WHERE email = $1`, [
      email,
    ]);
    const revoked = () =>
      stack.sql<{ n: number }>(`SELECT count(*)::int AS n FROM auth.revoked_token WHERE user_id = $1`, [id]);
    expect(await revoked()).toEqual([{ n: 1 }]);
    // Past the first token's expiry (JWT_TTL_SECONDS, a day): the next logout sweeps its entry.
    clock.advance(25 * HOUR);
    const second = await login(email);
    await stack.call('POST', '/api/account/logout', undefined, bearer(second));
    expect(await revoked()).toEqual([{ n: 1 }]);
  });

  it('a token of a deleted account does not work for a new account registered with the same email', async () => {
    const email = 'reborn@example.com';
    const old = tokenOf(await stack.newUser(email));
    expect(await me(old)).toBe(200);
    const admin = await stack.signIn(ADMIN.email, ADMIN.password);
    expect((await stack.call('DELETE', `/api/admin/users/${email}`, undefined, admin)).statusCode).toBe(200);
    // The auth service forgets the account on the admin's UserDeleted event; then the email is free.
    await eventually(
      async () =>
        (
          await stack.call('POST', '/api/public/register', {
            firstName: 'Yeni',
            lastName: 'Hesap',
            email,
            password: PASSWORD,
          })
        ).statusCode === 200,
      { what: 'the email to be free again' },
    );
    await stack.call('POST', '/api/public/activate', { email, code: await stack.mailedCode(email) });
    const fresh = await login(email);
    expect([await me(old), await me(fresh)]).toEqual([401, 200]);
  });
});

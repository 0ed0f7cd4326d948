import fs from 'node:fs';
import path from 'node:path';
import { Clock, ManualClock } from '@shelfscan/service';
import { makePng } from '@shelfscan/testing';
import { startStack, type Stack } from './stack.js';

/** Issue 3 through HTTP: the answers' shapes, codes, statuses and headers (auth on real PostgreSQL). */
describe('accounts API (gateway + auth service)', () => {
  let stack: Stack;
  const clock = new ManualClock();

  beforeAll(async () => {
    stack = await startStack(
      {
        WEB_DIST_DIR: '/nonexistent/web',
        PUBLIC_URL: 'http://shop.test',
        AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      },
      [{ provide: Clock, useValue: clock }],
    );
  });
  afterAll(() => stack.stop());

  const call: Stack['call'] = (...args) => stack.call(...args);
  const bearer = (token: string, extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${token}`,
    ...extra,
  });
  const lastMail = (email: string) => stack.lastMail(email);
  const mailedCode = (email: string) => stack.mailedCode(email);

  async function activeUser(email: string, password = 'secret1', lang = 'tr') {
    const reg = await call('POST', '/api/public/register', {
      firstName: 'Deniz',
      lastName: 'Ak',
      email,
      password,
      langKey: lang,
    });
    expect(reg.statusCode).toBe(200);
    const act = await call('POST', '/api/public/activate', { email, code: await mailedCode(email) });
    expect(act.statusCode).toBe(200);
    const login = await call('POST', '/api/authenticate', { email, password });
    expect(login.statusCode).toBe(200);
    return login.json().data.token as string;
  }

  function multipart(field: string, filename: string, content: Buffer, type: string) {
    const boundary = '----shelfscan' + Math.random().toString(16).slice(2);
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }

  it('activation: 400 codes for a wrong or expired code, 200 when already active, 429 after 5 tries', async () => {
    await call('POST', '/api/public/register', {
      firstName: 'Can',
      lastName: 'Er',
      email: 'can@example.com',
      password: 'secret1',
    });
    const code = await mailedCode('can@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await call('POST', '/api/public/activate', { email: 'can@example.com', code: wrong });
    expect([bad.statusCode, bad.json()]).toEqual([
      400,
      { success: false, code: 'activationCodeInvalid', message: expect.any(String), status: 400 },
    ]);
    const malformed = await call(
      'POST',
      '/api/public/activate',
      { email: 'can@example.com', code: '12ab' },
      { 'accept-language': 'en' },
    );
    expect([malformed.statusCode, malformed.json().errors]).toEqual([
      422,
      [{ field: 'code', msg: 'The code must be 6 digits.' }],
    ]);
    clock.advance(15 * 60_000 + 1000);
    const expired = await call('POST', '/api/public/activate', { email: 'can@example.com', code });
    expect([expired.statusCode, expired.json().code]).toEqual([400, 'activationCodeExpired']);

    // A new code by resend; too soon after it: 429 with Retry-After.
    const resend = await call('POST', '/api/public/resend-activation', { email: 'can@example.com' });
    expect([resend.statusCode, resend.json().success]).toEqual([200, true]);
    const unknown = await call('POST', '/api/public/resend-activation', { email: 'nobody@example.com' });
    expect(unknown.json()).toEqual(resend.json());
    const soon = await call('POST', '/api/public/resend-activation', { email: 'can@example.com' });
    expect([soon.statusCode, soon.json().code, soon.headers['retry-after']]).toEqual([
      429,
      'tooManyRequests',
      '60',
    ]);
    expect(soon.json().errors).toBeUndefined();

    const fresh = await mailedCode('can@example.com');
    const other = fresh === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      await call('POST', '/api/public/activate', { email: 'can@example.com', code: other });
    const spent = await call('POST', '/api/public/activate', { email: 'can@example.com', code: fresh });
    expect([spent.statusCode, spent.json().code]).toEqual([429, 'tooManyAttempts']);
    clock.advance(61_000);
    await call('POST', '/api/public/resend-activation', { email: 'can@example.com' });
    const ok = await call('POST', '/api/public/activate', {
      email: 'can@example.com',
      code: await mailedCode('can@example.com'),
    });
    expect([ok.statusCode, ok.json()]).toEqual([200, { success: true, message: expect.any(String) }]);
    const again = await call('POST', '/api/public/activate', { email: 'can@example.com', code: '999999' });
    expect(again.statusCode).toBe(200);
    expect((await call('GET', '/api/public/check-activation?email=can@example.com')).json().data).toBe(true);
  });

  it('login: wrong passwords answer 401 alike for known and unknown emails, never a lock; the right one logs in', async () => {
    await activeUser('lock@example.com');
    const run = async (email: string) => {
      const out = [];
      for (let i = 0; i < 6; i++)
        out.push((await call('POST', '/api/authenticate', { email, password: 'wrong-one' })).json());
      return out;
    };
    const known = await run('lock@example.com');
    expect(known).toEqual(await run('ghost-lock@example.com'));
    expect(new Set(known.map((a) => a.code))).toEqual(new Set(['loginError']));
    expect(known[5]).toMatchObject({ success: false, code: 'loginError', status: 401 });
    const login = await call('POST', '/api/authenticate', { email: 'lock@example.com', password: 'secret1' });
    expect(login.statusCode).toBe(200);
  });

  it('password reset: the same answer for everyone, a mailed key, 400 resetKeyInvalid, older tokens get 401', async () => {
    const oldToken = await activeUser('forgot@example.com', 'secret1', 'en');
    const asked = await call('POST', '/api/public/password-reset', { email: 'forgot@example.com' });
    const unknown = await call('POST', '/api/public/password-reset', { email: 'nobody@example.com' });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual(unknown.json());
    expect(asked.json()).toMatchObject({ success: true, message: expect.any(String) });
    const text = (await lastMail('forgot@example.com')).text ?? '';
    const key = /http:\/\/shop\.test\/us\/auth\/resetpassword\?email=forgot%40example\.com&key=([\w-]+)/.exec(
      text,
    )![1];

    expect((await call('GET', '/api/account/user', undefined, bearer(oldToken))).statusCode).toBe(200);
    const bad = await call('POST', '/api/public/complete-password-reset', {
      email: 'forgot@example.com',
      key: 'nope',
      password: 'brand-new1',
    });
    expect([bad.statusCode, bad.json()]).toEqual([
      400,
      expect.objectContaining({ success: false, code: 'resetKeyInvalid' }),
    ]);
    const common = await call(
      'POST',
      '/api/public/complete-password-reset',
      { email: 'forgot@example.com', key, password: 'password123' },
      { 'accept-language': 'en' },
    );
    expect([common.statusCode, common.json().errors[0].msg]).toEqual([
      422,
      'This password is too common; choose another one.',
    ]);
    const done = await call('POST', '/api/public/complete-password-reset', {
      email: 'forgot@example.com',
      key,
      password: 'brand-new1',
    });
    expect([done.statusCode, done.json().success]).toEqual([200, true]);
    const stale = await call('GET', '/api/account/user', undefined, bearer(oldToken));
    expect(stale.statusCode).toBe(401);
    const reuse = await call('POST', '/api/public/complete-password-reset', {
      email: 'forgot@example.com',
      key,
      password: 'brand-new2',
    });
    expect(reuse.json().code).toBe('resetKeyInvalid');
    const fresh = await call('POST', '/api/authenticate', {
      email: 'forgot@example.com',
      password: 'brand-new1',
    });
    expect(
      (await call('GET', '/api/account/user', undefined, bearer(fresh.json().data.token))).statusCode,
    ).toBe(200);
  });

  it('PUT /api/account/user: localized success, email not changeable, no password (422 passwordNotHere)', async () => {
    const token = await activeUser('edit@example.com');
    const me = (await call('GET', '/api/account/user', undefined, bearer(token))).json().data;
    const body = {
      id: me.id,
      firstName: 'Elif',
      lastName: 'Şahin',
      email: 'edit@example.com',
      phone: '0532 999 88 77',
      password: '',
    };
    const tr = await call('PUT', '/api/account/user', body, bearer(token));
    expect([tr.statusCode, tr.json()]).toEqual([
      200,
      { success: true, message: 'Bilgileriniz başarıyla güncellendi.' },
    ]);
    const en = await call(
      'PUT',
      '/api/account/user',
      { ...body, password: null },
      bearer(token, { 'accept-language': 'en' }),
    );
    expect(en.json()).toEqual({ success: true, message: 'Your information has been successfully updated.' });
    const after = (await call('GET', '/api/account/user', undefined, bearer(token))).json().data;
    expect(after).toMatchObject({
      firstName: 'Elif',
      lastName: 'Şahin',
      fullName: 'Elif Şahin',
      phone: '+905329998877',
      phoneVerified: false,
    });
    const moved = await call(
      'PUT',
      '/api/account/user',
      { ...body, email: 'new@example.com' },
      bearer(token, { 'accept-language': 'en' }),
    );
    expect([moved.statusCode, moved.json().errors]).toEqual([
      422,
      [{ field: 'email', msg: 'The email address cannot be changed.' }],
    ]);
    // The password changes only with the current one (POST /api/account/change-password).
    const sneaky = await call(
      'PUT',
      '/api/account/user',
      { ...body, password: 'fresh-pass1' },
      bearer(token),
    );
    expect([sneaky.statusCode, sneaky.json().errors]).toEqual([
      422,
      [{ field: 'password', msg: 'Şifreyi şifre değiştirme formundan değiştirin: mevcut şifrenizi sorar.' }],
    ]);
    expect(
      (await call('POST', '/api/authenticate', { email: 'edit@example.com', password: 'fresh-pass1' }))
        .statusCode,
    ).toBe(401);
    expect((await call('PUT', '/api/account/user', body)).statusCode).toBe(401);
  });

  it('photo: multipart upload checked by content and size, served with its type', async () => {
    const token = await activeUser('pic@example.com');
    const png = makePng(12);
    const up = multipart('file', 'me.png', png, 'image/png');
    const res = await stack.app.inject({
      method: 'POST',
      url: '/api/account/photo',
      payload: up.payload,
      headers: bearer(token, up.headers),
    });
    expect(res.statusCode).toBe(200);
    const imageUrl: string = res.json().data.imageUrl;
    expect(imageUrl).toMatch(/^\/api\/account\/photo\/[0-9a-f-]{36}\?v=\d+$/);
    const img = await call('GET', imageUrl);
    // The same picture, encoded again without metadata (the auth service's photo.ts).
    expect([img.statusCode, img.headers['content-type'], img.rawPayload.subarray(0, 8)]).toEqual([
      200,
      'image/png',
      png.subarray(0, 8),
    ]);
    expect((await call('GET', '/api/account/user', undefined, bearer(token))).json().data.imageUrl).toBe(
      imageUrl,
    );

    const fake = multipart('file', 'evil.jpg', Buffer.from('<svg onload=alert(1)>'), 'image/jpeg');
    const bad = await stack.app.inject({
      method: 'POST',
      url: '/api/account/photo',
      payload: fake.payload,
      headers: bearer(token, fake.headers),
    });
    expect([bad.statusCode, bad.json().code, bad.json().errors]).toEqual([
      422,
      'photoInvalidType',
      [{ field: 'file', msg: 'Yalnızca JPG, GIF veya PNG resimler yüklenebilir.' }],
    ]);
    const big = multipart(
      'file',
      'big.gif',
      Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(800 * 1024)]),
      'image/gif',
    );
    const large = await stack.app.inject({
      method: 'POST',
      url: '/api/account/photo',
      payload: big.payload,
      headers: bearer(token, { ...big.headers, 'accept-language': 'en' }),
    });
    expect([large.statusCode, large.json().code, large.json().message]).toEqual([
      422,
      'photoTooLarge',
      'The photo is too large: at most 800 kB.',
    ]);
    const still = await call('GET', imageUrl);
    expect(still.rawPayload.equals(img.rawPayload)).toBe(true);
    expect((await call('GET', '/api/account/photo/00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
    expect(
      (
        await stack.app.inject({
          method: 'POST',
          url: '/api/account/photo',
          payload: up.payload,
          headers: up.headers,
        })
      ).statusCode,
    ).toBe(401);
  });

  it('phone: SMS code from the outbox verifies the number; 422, 400 phoneInUse and 429 answers', async () => {
    const token = await activeUser('gsm@example.com');
    const other = await activeUser('gsm-other@example.com');
    const sent = await call(
      'GET',
      '/api/account/send-verification-code?gsm=' + encodeURIComponent('0555 444 33 22'),
      undefined,
      bearer(token),
    );
    expect([sent.statusCode, sent.json()]).toEqual([
      200,
      { success: true, message: 'ok', data: { sent: true } },
    ]);
    const smsDir = path.join(stack.dataDir, 'outbox', 'sms');
    const file = fs
      .readdirSync(smsDir)
      .filter((f) => f.endsWith('-+905554443322.txt'))
      .sort()
      .pop()!;
    const code = /: (\d{6})\./.exec(fs.readFileSync(path.join(smsDir, file), 'utf8'))![1];
    const soon = await call(
      'GET',
      '/api/account/send-verification-code?gsm=05554443322',
      undefined,
      bearer(token),
    );
    expect([soon.statusCode, soon.json().code, soon.headers['retry-after']]).toEqual([
      429,
      'tooManyRequests',
      '60',
    ]);
    const wrong = code === '000000' ? '111111' : '000000';
    const no = await call(
      'GET',
      `/api/account/check-verification-code?verificationCode=${wrong}`,
      undefined,
      bearer(token),
    );
    expect(no.json()).toEqual({ success: true, message: 'ok', data: { isValid: false } });
    const yes = await call(
      'GET',
      `/api/account/check-verification-code?verificationCode=${code}`,
      undefined,
      bearer(token),
    );
    expect(yes.json().data).toEqual({ isValid: true });
    expect((await call('GET', '/api/account/user', undefined, bearer(token))).json().data).toMatchObject({
      phone: '+905554443322',
      phoneVerified: true,
    });

    const inUse = await call(
      'GET',
      '/api/account/send-verification-code?gsm=%2B905554443322',
      undefined,
      bearer(other),
    );
    expect([inUse.statusCode, inUse.json().code]).toEqual([400, 'phoneInUse']);
    const junk = await call(
      'GET',
      '/api/account/send-verification-code?gsm=12',
      undefined,
      bearer(other, { 'accept-language': 'en' }),
    );
    expect([junk.statusCode, junk.json().errors]).toEqual([
      422,
      [{ field: 'gsm', msg: 'Phone number must have at least 10 digits.' }],
    ]);
    const notANumber = await call(
      'GET',
      '/api/account/send-verification-code?gsm=1234567890123',
      undefined,
      bearer(other),
    );
    // The gateway checks the number with the shared rule (the one auth applies), so it answers itself.
    expect([notANumber.statusCode, notANumber.json().errors]).toEqual([
      422,
      [{ field: 'gsm', msg: 'Telefon numarası geçersiz.' }],
    ]);
    // Issue 20: SMS go only to Turkey and the markets' countries (+1 900: a US premium-rate number).
    const premium = '/api/account/send-verification-code?gsm=' + encodeURIComponent('+1 900 234 5678');
    const refused = await call('GET', premium, undefined, bearer(other));
    expect([refused.statusCode, refused.json().code, refused.json().errors]).toEqual([
      422,
      'phoneCountryNotAllowed',
      [
        {
          field: 'gsm',
          msg: 'Kodlar yalnızca Türkiye’nin ve ShelfScan pazarlarının ülkelerinin telefon numaralarına gönderilir.',
        },
      ],
    ]);
    const refusedEn = await call('GET', premium, undefined, bearer(other, { 'accept-language': 'en' }));
    expect(refusedEn.json().message).toBe(
      'Codes are sent only to phone numbers of Turkey and of the countries of ShelfScan’s markets.',
    );
  });

  it('lists the new routes in OpenAPI and no longer answers them with 501', async () => {
    const paths = Object.keys((await call('GET', '/api/docs-json')).json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/public/activate',
        '/api/public/resend-activation',
        '/api/public/password-reset',
        '/api/public/complete-password-reset',
        '/api/account/photo',
        '/api/account/photo/{userId}',
        '/api/account/send-verification-code',
        '/api/account/check-verification-code',
      ]),
    );
    expect((await call('POST', '/api/public/password-reset', {})).statusCode).toBe(422);
  });
});

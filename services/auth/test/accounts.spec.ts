import fs from 'node:fs';
import path from 'node:path';
import { codec } from '@shelfscan/bus';
import { failure } from '@shelfscan/testing';
import sharp from 'sharp';
import { A, startHarness, type Harness } from './harness.js';

const MIN = 60_000;
/** A real 8×6 photo in each accepted type; the JPEG and PNG carry a camera's EXIF with a GPS position. */
const photo = (format: 'jpeg' | 'png' | 'gif') => {
  const image = sharp({ create: { width: 8, height: 6, channels: 3, background: '#c82828' } });
  const exif = { IFD0: { Artist: 'Seller Camera' }, IFD3: { GPSLatitudeRef: 'N', GPSLongitudeRef: 'E' } };
  return (format === 'gif' ? image.gif() : image[format]().withExif(exif)).toBuffer();
};

const retryAfter = (e: { options: { retryAfterSeconds?: number } }) => e.options.retryAfterSeconds;

describe('auth service accounts (real PostgreSQL, manual clock, file outboxes)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h.stop());

  describe('registration and activation', () => {
    it('creates an inactive account and mails a Turkish code and link (text and HTML)', async () => {
      const { userId } = await h.register('tr@example.com', { langKey: 'tr' });
      expect(userId).toMatch(/^[0-9a-f-]{36}$/);
      expect(await h.bus.request(A.checkActivation, { email: 'tr@example.com' })).toMatchObject({
        activated: false,
      });
      const mail = await h.lastMailTo('tr@example.com');
      const code = await h.activationCode('tr@example.com');
      expect(code).toMatch(/^\d{6}$/);
      expect(mail.subject).toBe(`ShelfScan aktivasyon kodu: ${code}`);
      expect(mail.from?.text).toContain('no-reply@shelfscan.local');
      expect(mail.text).toContain('Merhaba Ayşe');
      expect(mail.text).toContain('15 dakika');
      const link = `https://shelfscan.example/auth/register-verification?email=tr%40example.com&key=${code}`;
      expect(mail.text).toContain(link);
      expect(mail.html).toContain(code);
      expect(mail.html).toContain(link.replace(/&/g, '&amp;'));
      expect(mail.html).toContain('lang="tr"');
      // The code is stored hashed, never in clear.
      const rows = await h.sql<{ code_hash: string }>('SELECT code_hash FROM auth.verification_code');
      expect(rows.some((r) => r.code_hash.includes(code))).toBe(false);
    });

    it('mails English users in English with the /us link', async () => {
      await h.register('en@example.com', { langKey: 'en', firstName: 'John' });
      const mail = await h.lastMailTo('en@example.com');
      const code = await h.activationCode('en@example.com');
      expect(mail.subject).toBe(`ShelfScan activation code: ${code}`);
      expect(mail.text).toContain('Hello John');
      expect(mail.text).toContain(
        `https://shelfscan.example/us/auth/register-verification?email=en%40example.com&key=${code}`,
      );
      expect(mail.html).toContain('lang="en"');
      expect(mail.html).toContain('Activate my account');
    });

    it('refuses login before activation, rejects a wrong code, activates with the right one', async () => {
      await h.register('act@example.com');
      const notActive = await failure(h.login('act@example.com'));
      expect([notActive.code, notActive.reason]).toEqual(['FAILED_PRECONDITION', 'accountNotActivated']);
      const code = await h.activationCode('act@example.com');
      const wrong = code === '000000' ? '111111' : '000000';
      const bad = await failure(h.bus.request(A.activate, { email: 'act@example.com', code: wrong }));
      expect(bad.reason).toBe('activationCodeInvalid');
      expect(await h.bus.request(A.activate, { email: 'act@example.com', code })).toMatchObject({
        activatedNow: true,
      });
      expect(await h.bus.request(A.activate, { email: 'ACT@example.com', code: 'whatever' })).toMatchObject({
        activatedNow: false,
      });
      expect(await h.login('act@example.com')).toMatch(/^ey/);
      const unknown = await failure(h.bus.request(A.activate, { email: 'nobody@example.com', code }));
      expect(unknown.reason).toBe('activationCodeInvalid');
    });

    it('expires a code after 15 minutes', async () => {
      await h.register('late@example.com');
      const code = await h.activationCode('late@example.com');
      h.clock.advance(15 * MIN + 1000);
      const e = await failure(h.bus.request(A.activate, { email: 'late@example.com', code }));
      expect(e.reason).toBe('activationCodeExpired');
      expect((await h.bus.request(A.checkActivation, { email: 'late@example.com' })).activated).toBe(false);
    });

    it('spends a code after 5 wrong attempts (even the right code is then refused)', async () => {
      await h.register('guess@example.com');
      const code = await h.activationCode('guess@example.com');
      const wrong = code === '123456' ? '654321' : '123456';
      for (let i = 0; i < 5; i++) {
        const e = await failure(h.bus.request(A.activate, { email: 'guess@example.com', code: wrong }));
        expect(e.reason).toBe('activationCodeInvalid');
      }
      const spent = await failure(h.bus.request(A.activate, { email: 'guess@example.com', code }));
      expect([spent.code, spent.reason]).toEqual(['RESOURCE_EXHAUSTED', 'tooManyAttempts']);
    });

    it('resends at most once a minute and five times an hour; a new code replaces the old', async () => {
      await h.register('resend@example.com');
      const first = await h.activationCode('resend@example.com');
      const tooSoon = await failure(h.bus.request(A.resendActivation, { email: 'resend@example.com' }));
      expect([tooSoon.code, tooSoon.reason]).toEqual(['RESOURCE_EXHAUSTED', 'tooManyRequests']);
      expect(retryAfter(tooSoon)).toBe(60);
      h.clock.advance(30_000);
      expect(
        retryAfter(await failure(h.bus.request(A.resendActivation, { email: 'resend@example.com' }))),
      ).toBe(30);
      // Four more sends, a minute apart: five in the hour with the registration's.
      for (let i = 0; i < 4; i++) {
        h.clock.advance(MIN);
        await h.bus.request(A.resendActivation, { email: 'resend@example.com' });
      }
      expect(await h.mailsTo('resend@example.com')).toHaveLength(5);
      h.clock.advance(MIN);
      const hourly = await failure(h.bus.request(A.resendActivation, { email: 'resend@example.com' }));
      expect(hourly.reason).toBe('tooManyRequests');
      // The registration's send was 4.5 minutes + 1 minute ago: the hour frees up after the rest of it.
      expect(retryAfter(hourly)).toBe(3600 - 330);
      const latest = await h.activationCode('resend@example.com');
      if (latest !== first) {
        const old = await failure(h.bus.request(A.activate, { email: 'resend@example.com', code: first }));
        expect(old.reason).toBe('activationCodeInvalid');
      }
      await h.bus.request(A.activate, { email: 'resend@example.com', code: latest });
      expect((await h.bus.request(A.checkActivation, { email: 'resend@example.com' })).activated).toBe(true);
    });

    it('answers a resend for an unknown or active email the same way, sending nothing', async () => {
      await expect(h.bus.request(A.resendActivation, { email: 'ghost@example.com' })).resolves.toBeDefined();
      expect(await h.mailsTo('ghost@example.com')).toHaveLength(0);
      await h.registerActive('done@example.com');
      h.clock.advance(2 * MIN);
      const before = (await h.mailsTo('done@example.com')).length;
      await h.bus.request(A.resendActivation, { email: 'done@example.com' });
      expect(await h.mailsTo('done@example.com')).toHaveLength(before);
    });

    it('refuses a taken email and stores the phone in E.164', async () => {
      await h.register('phone@example.com', { phone: '0532 123 45 67' });
      const taken = await failure(h.register('PHONE@example.com'));
      expect([taken.code, taken.reason]).toEqual(['ALREADY_EXISTS', 'emailIsAlreadyTaken']);
      const [row] = await h.sql<{ phone: string; phone_verified: boolean }>(
        `SELECT phone, phone_verified FROM auth.user_account WHERE email = 'phone@example.com'`,
      );
      expect(row).toEqual({ phone: '+905321234567', phone_verified: false });
      const bad = await failure(h.register('badphone@example.com', { phone: '12345678901' }));
      expect(bad.violations).toEqual([{ field: 'phone', msg: 'phoneInvalid' }]);
    });

    it("dates the account by the Clock, not by the database's time", async () => {
      const now = h.clock.now();
      h.clock.set('2021-03-04T05:06:07.000Z');
      try {
        await h.register('past@example.com');
        const code = await h.activationCode('past@example.com');
        h.clock.advance(MIN);
        await h.bus.request(A.activate, { email: 'past@example.com', code });
        const account = (await h.bus.request(A.getAccount, { email: 'past@example.com' })).account!;
        expect(account.createdAt).toBe('2021-03-04T05:06:07.000Z');
        const registered = await h.sql<{ envelope: Buffer }>(
          `SELECT envelope FROM auth.outbox WHERE topic = 'shelfscan.auth.v1.UserRegistered'`,
        );
        expect(
          registered
            .map((r) => codec.decode(new Uint8Array(r.envelope)).message as { email: string })
            .filter((m) => m.email === 'past@example.com'),
        ).toEqual([expect.objectContaining({ registeredAt: '2021-03-04T05:06:07.000Z' })]);
        const [row] = await h.sql<{ created_at: Date; updated_at: Date }>(
          `SELECT created_at, updated_at FROM auth.user_account WHERE email = 'past@example.com'`,
        );
        expect([row.created_at.toISOString(), row.updated_at.toISOString()]).toEqual([
          '2021-03-04T05:06:07.000Z',
          '2021-03-04T05:07:07.000Z',
        ]);
      } finally {
        h.clock.set(now);
      }
    });
  });

  describe('login throttling', () => {
    it('never locks an account: after 10 failures from one address the right password from another logs in', async () => {
      await h.registerActive('locked@example.com');
      const answers = [];
      for (const email of ['locked@example.com', 'unknown-lock@example.com']) {
        const seq = [];
        for (let i = 0; i < 10; i++) {
          const e = await failure(h.login(email, 'wrong-password', '10.1.1.1'));
          seq.push([e.code, e.reason, e.message]);
        }
        answers.push(seq);
      }
      // known and unknown emails answer alike, every time
      expect(answers[0]).toEqual(answers[1]);
      expect(new Set(answers[0].map((a) => a.join()))).toEqual(
        new Set(['UNAUTHENTICATED,loginError,loginError']),
      );
      expect(await h.login('locked@example.com', 'secret1', '10.1.1.2')).toMatch(/^ey/);
    });

    it('locks an address after 20 failures across accounts; other addresses go on', async () => {
      await h.registerActive('victim@example.com');
      for (let i = 0; i < 20; i++) await failure(h.login(`spray${i}@example.com`, 'bad', '10.9.9.9'));
      const locked = await failure(h.login('victim@example.com', 'secret1', '10.9.9.9'));
      expect(locked.reason).toBe('tooManyAttempts');
      expect(retryAfter(locked)).toBeGreaterThan(0);
      expect(await h.login('victim@example.com', 'secret1', '10.9.9.10')).toMatch(/^ey/);
      h.clock.advance(15 * MIN + 1000);
      expect(await h.login('victim@example.com', 'secret1', '10.9.9.9')).toMatch(/^ey/);
    });
  });

  describe('password reset', () => {
    it('mails a single-use key; the new password works, the old one and older tokens do not', async () => {
      await h.registerActive('reset@example.com', { langKey: 'en' });
      const before = await h.bus.request(A.getTokenState, { email: 'reset@example.com' });
      await h.bus.request(A.requestPasswordReset, { email: 'reset@example.com' });
      const mail = await h.lastMailTo('reset@example.com');
      expect(mail.subject).toBe('Reset your ShelfScan password');
      expect(mail.text).toMatch(
        /https:\/\/shelfscan\.example\/us\/auth\/resetpassword\?email=reset%40example\.com&key=[\w-]{43}\b/,
      );
      const key = await h.resetKey('reset@example.com');
      const wrong = await failure(
        h.bus.request(A.completePasswordReset, {
          email: 'reset@example.com',
          key: key.slice(1) + 'A',
          password: 'newpass1',
        }),
      );
      expect(wrong.reason).toBe('resetKeyInvalid');
      await h.bus.request(A.completePasswordReset, { email: 'reset@example.com', key, password: 'newpass1' });
      expect((await failure(h.login('reset@example.com', 'secret1'))).reason).toBe('loginError');
      expect(await h.login('reset@example.com', 'newpass1')).toMatch(/^ey/);
      const after = await h.bus.request(A.getTokenState, { email: 'reset@example.com' });
      expect(after.tokenVersion).toBe(before.tokenVersion + 1);
      const token = await h.login('reset@example.com', 'newpass1');
      expect(JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).ver).toBe(
        after.tokenVersion,
      );
      const reused = await failure(
        h.bus.request(A.completePasswordReset, { email: 'reset@example.com', key, password: 'other-pass' }),
      );
      expect(reused.reason).toBe('resetKeyInvalid');
    });

    it('mails Turkish users the root link; a key expires after one hour', async () => {
      await h.registerActive('resettr@example.com');
      await h.bus.request(A.requestPasswordReset, { email: 'resettr@example.com' });
      const mail = await h.lastMailTo('resettr@example.com');
      expect(mail.subject).toBe('ShelfScan şifrenizi sıfırlayın');
      expect(mail.text).toContain(
        'https://shelfscan.example/auth/resetpassword?email=resettr%40example.com&key=',
      );
      expect(mail.html).toContain('Yeni şifre belirle');
      const key = await h.resetKey('resettr@example.com');
      h.clock.advance(60 * MIN + 1000);
      const e = await failure(
        h.bus.request(A.completePasswordReset, { email: 'resettr@example.com', key, password: 'newpass1' }),
      );
      expect(e.reason).toBe('resetKeyInvalid');
      expect(await h.login('resettr@example.com', 'secret1')).toMatch(/^ey/);
    });

    it('answers an unknown email the same and sends nothing', async () => {
      await expect(
        h.bus.request(A.requestPasswordReset, { email: 'nobody-reset@example.com' }),
      ).resolves.toBeDefined();
      expect(await h.mailsTo('nobody-reset@example.com')).toHaveLength(0);
    });
  });

  describe('my information and photo', () => {
    it('changes the password only with the current one: a new token version, a token for the caller', async () => {
      await h.registerActive('pw@example.com');
      const wrong = await failure(
        h.bus.request(A.changePassword, {
          email: 'pw@example.com',
          currentPassword: 'not-it-1',
          newPassword: 'short',
        }),
      );
      expect([wrong.code, wrong.violations]).toEqual([
        'INVALID_ARGUMENT',
        [
          { field: 'currentPassword', msg: 'currentPasswordWrong' },
          { field: 'newPassword', msg: 'passwordMin' },
        ],
      ]);
      const before = await h.bus.request(A.getTokenState, { email: 'pw@example.com' });
      const { token } = await h.bus.request(A.changePassword, {
        email: 'pw@example.com',
        currentPassword: 'secret1',
        newPassword: 'changed-1',
      });
      const after = await h.bus.request(A.getTokenState, { email: 'pw@example.com' });
      expect(after.tokenVersion).toBe(before.tokenVersion + 1);
      const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
      expect(claims).toMatchObject({ sub: 'pw@example.com', ver: after.tokenVersion, uid: after.userId });
      expect(await h.login('pw@example.com', 'changed-1')).toMatch(/^ey/);
    });

    it('revokes a token of its own signature only, by its jti, and names it in the token state', async () => {
      await h.registerActive('out@example.com');
      const token = await h.login('out@example.com');
      const { jti } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
      // The same claims under a signature that is not the service's: nothing is revoked.
      const [head, body] = token.split('.');
      await h.bus.request(A.revokeToken, { token: `${head}.${body}.AAAA` });
      await h.bus.request(A.revokeToken, { token: 'not a token' });
      expect((await h.bus.request(A.getTokenState, { email: 'out@example.com' })).revokedTokenIds).toEqual(
        [],
      );
      await h.bus.request(A.revokeToken, { token });
      expect((await h.bus.request(A.getTokenState, { email: 'out@example.com' })).revokedTokenIds).toEqual([
        jti,
      ]);
    });

    it('updates names and phone (not the password); the email and other ids are refused', async () => {
      await h.registerActive('me@example.com');
      const me = (await h.bus.request(A.getAccount, { email: 'me@example.com' })).account!;
      await h.bus.request(A.updateAccount, {
        subjectEmail: 'me@example.com',
        id: me.id,
        email: 'me@example.com',
        firstName: 'Zeynep',
        lastName: 'Kaya',
        phone: '+90 (533) 765 43 21',
      });
      const after = (await h.bus.request(A.getAccount, { email: 'me@example.com' })).account!;
      expect(after).toMatchObject({
        firstName: 'Zeynep',
        lastName: 'Kaya',
        phone: '+905337654321',
        phoneVerified: false,
      });
      expect(await h.login('me@example.com')).toMatch(/^ey/);
      const email = await failure(
        h.bus.request(A.updateAccount, {
          subjectEmail: 'me@example.com',
          id: me.id,
          email: 'other@example.com',
          firstName: 'Zeynep',
          lastName: 'Kaya',
          phone: '',
        }),
      );
      expect([email.code, email.violations]).toEqual([
        'INVALID_ARGUMENT',
        [{ field: 'email', msg: 'emailNotChangeable' }],
      ]);
      const other = await failure(
        h.bus.request(A.updateAccount, {
          subjectEmail: 'me@example.com',
          id: '00000000-0000-4000-8000-000000000000',
          email: 'me@example.com',
          firstName: 'Z',
          lastName: 'K',
          phone: '',
        }),
      );
      expect(other.code).toBe('PERMISSION_DENIED');
      expect((await h.bus.request(A.getAccount, { email: 'me@example.com' })).account!.firstName).toBe(
        'Zeynep',
      );
    });

    it('accepts JPG, PNG and GIF by content, refuses anything else or over 800 kB, changing nothing', async () => {
      const [JPEG, PNG, GIF] = await Promise.all([photo('jpeg'), photo('png'), photo('gif')]);
      expect((await sharp(JPEG).metadata()).exif?.toString('latin1')).toContain('Seller Camera');
      await h.registerActive('photo@example.com');
      const id = (await h.bus.request(A.getAccount, { email: 'photo@example.com' })).account!.id;
      expect((await h.bus.request(A.getAccount, { email: 'photo@example.com' })).account!.imageUrl).toBe('');
      for (const [bytes, type] of [
        [JPEG, 'image/jpeg'],
        [GIF, 'image/gif'],
        [PNG, 'image/png'],
      ] as const) {
        h.clock.advance(1000);
        const { imageUrl } = await h.bus.request(A.setPhoto, { email: 'photo@example.com', content: bytes });
        expect(imageUrl).toMatch(new RegExp(`^/api/account/photo/${id}\\?v=\\d+$`));
        const got = await h.bus.request(A.getPhoto, { userId: id });
        // Stored as the same picture in the same type, without the camera's EXIF and its GPS position.
        const stored = Buffer.from(got.content);
        const meta = await sharp(stored).metadata();
        expect([got.contentType, meta.width, meta.height, meta.exif]).toEqual([type, 8, 6, undefined]);
        expect(stored.toString('latin1')).not.toMatch(/Seller Camera|GPS/);
      }
      // Bytes that only start like an image (a polyglot, a cut file) are not an image.
      const fake = Buffer.concat([JPEG.subarray(0, 4), Buffer.from('<script>alert(1)</script>')]);
      const e0 = await failure(h.bus.request(A.setPhoto, { email: 'photo@example.com', content: fake }));
      expect([e0.code, e0.reason]).toEqual(['INVALID_ARGUMENT', 'photoInvalidType']);
      const html = Buffer.from('<html><script>alert(1)</script></html>');
      const e1 = await failure(h.bus.request(A.setPhoto, { email: 'photo@example.com', content: html }));
      expect([e1.code, e1.reason]).toEqual(['INVALID_ARGUMENT', 'photoInvalidType']);
      const big = Buffer.concat([JPEG, Buffer.alloc(800 * 1024)]);
      const e2 = await failure(h.bus.request(A.setPhoto, { email: 'photo@example.com', content: big }));
      expect(e2.reason).toBe('photoTooLarge');
      // 800 kB exactly is accepted; what follows the image's end is not kept.
      const exact = Buffer.concat([JPEG, Buffer.alloc(800 * 1024 - JPEG.length)]);
      await h.bus.request(A.setPhoto, { email: 'photo@example.com', content: exact });
      expect((await h.bus.request(A.getPhoto, { userId: id })).content.length).toBeLessThan(
        JPEG.length + 100,
      );
      await h.bus.request(A.setPhoto, { email: 'photo@example.com', content: PNG });
      const pngStored = Buffer.from((await h.bus.request(A.getPhoto, { userId: id })).content);
      await failure(h.bus.request(A.setPhoto, { email: 'photo@example.com', content: html }));
      expect(Buffer.from((await h.bus.request(A.getPhoto, { userId: id })).content).equals(pngStored)).toBe(
        true,
      );
      expect((await h.bus.request(A.getAccount, { email: 'photo@example.com' })).account!.imageUrl).toMatch(
        /^\/api\/account\/photo\//,
      );
      expect((await failure(h.bus.request(A.getPhoto, { userId: 'nope' }))).code).toBe('NOT_FOUND');
    });
  });

  describe('phone verification', () => {
    const smsFiles = () => (fs.existsSync(h.smsDir) ? fs.readdirSync(h.smsDir).sort() : []);
    const lastSmsCode = (e164: string) => {
      const files = smsFiles().filter((f) => f.endsWith(`-${e164}.txt`));
      if (!files.length) throw new Error(`no SMS to ${e164}`);
      const text = fs.readFileSync(path.join(h.smsDir, files[files.length - 1]), 'utf8');
      return { text, code: /: (\d{6})\./.exec(text)![1] };
    };

    it('sends a code to the E.164 number, verifies it, and keeps a verified number to one account', async () => {
      await h.registerActive('gsm1@example.com');
      await h.registerActive('gsm2@example.com', { langKey: 'en' });
      expect(
        await h.bus.request(A.sendPhoneCode, { email: 'gsm1@example.com', phone: '0532 111 22 33' }),
      ).toMatchObject({
        sent: true,
      });
      const { text, code } = lastSmsCode('+905321112233');
      expect(text).toBe(`To: +905321112233\n\nShelfScan dogrulama kodunuz: ${code}. 10 dakika gecerlidir.\n`);
      const wrong = code === '000000' ? '111111' : '000000';
      expect(await h.bus.request(A.checkPhoneCode, { email: 'gsm1@example.com', code: wrong })).toMatchObject(
        {
          isValid: false,
        },
      );
      expect(await h.bus.request(A.checkPhoneCode, { email: 'gsm1@example.com', code })).toMatchObject({
        isValid: true,
      });
      expect((await h.bus.request(A.getAccount, { email: 'gsm1@example.com' })).account).toMatchObject({
        phone: '+905321112233',
        phoneVerified: true,
      });
      // Announced once, in the same transaction, for billing's trial.
      const announced = await h.sql<{ topic: string; envelope: Buffer }>(
        `SELECT topic, envelope FROM auth.outbox WHERE topic = 'shelfscan.auth.v1.PhoneVerified'`,
      );
      expect(announced.map((r) => codec.decode(new Uint8Array(r.envelope)).message)).toEqual([
        expect.objectContaining({ email: 'gsm1@example.com', phone: '+905321112233' }),
      ]);
      // Used once.
      expect((await h.bus.request(A.checkPhoneCode, { email: 'gsm1@example.com', code })).isValid).toBe(
        false,
      );

      const taken = await failure(
        h.bus.request(A.sendPhoneCode, { email: 'gsm2@example.com', phone: '+90 532 111 2233' }),
      );
      expect([taken.code, taken.reason]).toEqual(['ALREADY_EXISTS', 'phoneInUse']);
      const invalid = await failure(
        h.bus.request(A.sendPhoneCode, { email: 'gsm2@example.com', phone: '12' }),
      );
      expect([invalid.code, invalid.violations]).toEqual([
        'INVALID_ARGUMENT',
        [{ field: 'gsm', msg: 'phoneInvalid' }],
      ]);

      // Two accounts racing for the same number: the second verification is refused by the index.
      await h.bus.request(A.sendPhoneCode, { email: 'gsm2@example.com', phone: '+1 416 234 5678' });
      const english = lastSmsCode('+14162345678');
      expect(english.text).toContain('Your ShelfScan verification code');
      await h.sql(`UPDATE auth.verification_code SET target = '+905321112233' WHERE target = '+14162345678'`);
      const race = await failure(
        h.bus.request(A.checkPhoneCode, { email: 'gsm2@example.com', code: english.code }),
      );
      expect(race.reason).toBe('phoneInUse');
    });

    it('rate-limits sends, expires codes after 10 minutes and allows 5 attempts', async () => {
      await h.registerActive('gsm3@example.com');
      await h.bus.request(A.sendPhoneCode, { email: 'gsm3@example.com', phone: '05441234567' });
      const again = await failure(
        h.bus.request(A.sendPhoneCode, { email: 'gsm3@example.com', phone: '05441234567' }),
      );
      expect([again.code, again.reason, retryAfter(again)]).toEqual([
        'RESOURCE_EXHAUSTED',
        'tooManyRequests',
        60,
      ]);
      const first = lastSmsCode('+905441234567').code;
      h.clock.advance(10 * MIN + 1000);
      expect(
        (await h.bus.request(A.checkPhoneCode, { email: 'gsm3@example.com', code: first })).isValid,
      ).toBe(false);

      await h.bus.request(A.sendPhoneCode, { email: 'gsm3@example.com', phone: '05441234567' });
      const second = lastSmsCode('+905441234567').code;
      const wrong = second === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) {
        expect(
          (await h.bus.request(A.checkPhoneCode, { email: 'gsm3@example.com', code: wrong })).isValid,
        ).toBe(false);
      }
      expect(
        (await h.bus.request(A.checkPhoneCode, { email: 'gsm3@example.com', code: second })).isValid,
      ).toBe(false);
      expect((await h.bus.request(A.getAccount, { email: 'gsm3@example.com' })).account!.phoneVerified).toBe(
        false,
      );
    });
  });
});

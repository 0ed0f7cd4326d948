import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStack, type Stack } from './stack.js';

/** The first journey through the real layers: HTTP → gateway → bus → auth service → PostgreSQL. */
const METRICS_TOKEN = 'metrics-token-of-the-test-prometheus-0123456789';

/** A header the web image's nginx adds (docker/web/default.conf.template), as written there. */
function nginxHeader(name: string): string | undefined {
  const conf = fs.readFileSync(path.join(__dirname, '../../docker/web/default.conf.template'), 'utf8');
  return new RegExp(`^\\s*add_header ${name} "([^"]*)" always;`, 'm').exec(conf)?.[1];
}

describe('gateway + auth service (real PostgreSQL)', () => {
  let stack: Stack;
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfscan-web-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>ShelfScan SPA</title>');
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'assets', 'app-1234.js'), 'console.log("spa")');
  fs.writeFileSync(path.join(webDir, 'robots.txt'), 'User-agent: *');

  beforeAll(async () => {
    stack = await startStack({
      WEB_DIST_DIR: webDir,
      ADMIN_EMAIL: 'admin@shelfscan.test',
      ADMIN_PASSWORD: 'admin-pass',
      METRICS_TOKEN: METRICS_TOKEN,
    });
  });
  afterAll(() => stack.stop());

  const call: Stack['call'] = (...args) => stack.call(...args);
  const mailedCode = (email: string) => stack.mailedCode(email);

  const ayse = {
    firstName: 'Ayşe',
    lastName: 'Çelik-Yılmaz',
    email: 'Ayse@Example.com',
    phone: '+90 532 123 45 67',
    password: 'secret1',
  };

  it('registers, refuses a taken email, activates with the mailed code, logs in and shows who you are', async () => {
    const reg = await call('POST', '/api/public/register', ayse);
    expect(reg.statusCode).toBe(200);
    expect(reg.json()).toMatchObject({ success: true, data: { id: expect.any(String) } });
    expect((await call('GET', '/api/public/check-activation?email=ayse@example.com')).json().data).toBe(
      false,
    );
    const early = await call('POST', '/api/authenticate', { email: 'ayse@example.com', password: 'secret1' });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ success: false, code: 'accountNotActivated' });
    const activated = await call('POST', '/api/public/activate', {
      email: 'ayse@example.com',
      code: await mailedCode('ayse@example.com'),
    });
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toMatchObject({ success: true });

    const again = await call('POST', '/api/public/register', { ...ayse, email: 'ayse@example.com' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      success: false,
      code: 'emailIsAlreadyTaken',
      message: 'e-posta adresi zaten kullanılıyor',
    });

    const activation = await call('GET', '/api/public/check-activation?email=ayse@example.com');
    expect(activation.json()).toEqual({ success: true, message: 'ok', data: true });

    const login = await call('POST', '/api/authenticate', { email: 'ayse@example.com', password: 'secret1' });
    expect(login.statusCode).toBe(200);
    const token: string = login.json().data.token;
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ sub: 'ayse@example.com', auth: 'ROLE_USER' });
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);

    const me = await call('GET', '/api/account/user', undefined, { authorization: `Bearer ${token}` });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({
      email: 'ayse@example.com',
      firstName: 'Ayşe',
      lastName: 'Çelik-Yılmaz',
      fullName: 'Ayşe Çelik-Yılmaz',
      phone: '+905321234567',
      phoneVerified: false,
      imageUrl: null,
      activated: true,
      authorities: ['ROLE_USER'],
      userPlanExist: false,
      userPlans: [],
    });
  });

  it('answers a failed login the same way whether the email exists or not', async () => {
    const wrong = await call('POST', '/api/authenticate', {
      email: 'ayse@example.com',
      password: 'nope-nope',
    });
    const unknown = await call('POST', '/api/authenticate', {
      email: 'nobody@example.com',
      password: 'nope-nope',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({ success: false, code: 'loginError' });
  });

  it('rejects bad input with 422 and a list of {msg}, in the request language', async () => {
    const bad = { firstName: 'A', lastName: 'Y2', email: 'not-an-email', phone: '12345', password: '123' };
    const en = await call('POST', '/api/public/register', bad, { 'accept-language': 'en-US,en;q=0.9' });
    expect(en.statusCode).toBe(422);
    expect(en.json().errors.map((e: { msg: string }) => e.msg)).toEqual([
      'Name is invalid: use 2–50 letters, with single spaces, hyphens or apostrophes between them.',
      'Surname is invalid: use 2–50 letters, with single spaces, hyphens or apostrophes between them.',
      'Email is invalid.',
      'Phone number must have at least 10 digits.',
      'Password must be at least 6 characters.',
    ]);
    const tr = await call('POST', '/api/public/register', bad);
    expect(tr.json().errors[0].msg).toBe(
      'Ad geçersiz: 2–50 harf kullanın; harfler arasında tek boşluk, tire veya kesme işareti olabilir.',
    );
    const extra = await call('POST', '/api/public/register', {
      ...ayse,
      email: 'x@example.com',
      isAdmin: true,
    });
    expect(extra.statusCode).toBe(422);
  });

  it('guards accounts and admin routes with the token', async () => {
    expect((await call('GET', '/api/account/user')).statusCode).toBe(401);
    expect(
      (await call('GET', '/api/account/user', undefined, { authorization: 'Bearer not.a.token' })).statusCode,
    ).toBe(401);
    const forged =
      Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url') +
      '.' +
      Buffer.from(
        JSON.stringify({ sub: 'admin@shelfscan.test', auth: 'ROLE_ADMIN', exp: 9999999999 }),
      ).toString('base64url') +
      '.';
    expect(
      (await call('GET', '/api/system-parameter', undefined, { authorization: `Bearer ${forged}` }))
        .statusCode,
    ).toBe(401);

    const user = (
      await call('POST', '/api/authenticate', { email: 'ayse@example.com', password: 'secret1' })
    ).json().data.token;
    expect(
      (await call('GET', '/api/system-parameter', undefined, { authorization: `Bearer ${user}` })).statusCode,
    ).toBe(403);

    const admin = await call('POST', '/api/authenticate', {
      email: 'admin@shelfscan.test',
      password: 'admin-pass',
    });
    expect(admin.statusCode).toBe(200);
    const adminToken = admin.json().data.token;
    expect(JSON.parse(Buffer.from(adminToken.split('.')[1], 'base64url').toString()).auth).toBe(
      'ROLE_USER,ROLE_ADMIN',
    );
    // Admin passes the guard (the system parameters are served by the admin service now).
    const params = await call('GET', '/api/system-parameter', undefined, {
      authorization: `Bearer ${adminToken}`,
    });
    expect(params.statusCode).toBe(200);
    expect(params.json()).toMatchObject({ success: true, data: expect.any(Array) });
    // The promotions are served by the billing service now.
    const promotions = await call('GET', '/api/promotion', undefined, {
      authorization: `Bearer ${adminToken}`,
    });
    expect(promotions.statusCode).toBe(200);
    expect(promotions.json()).toMatchObject({ success: true, data: expect.any(Array) });
  });

  it('serves the SPA for client routes in both locales, and JSON 404 for unknown API paths', async () => {
    for (const url of ['/', '/us', '/auth/login', '/us/auth/register', '/dashboard']) {
      const res = await call('GET', url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('ShelfScan SPA');
    }
    const asset = await call('GET', '/assets/app-1234.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("spa")');
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await call('GET', '/assets/missing.js')).statusCode).toBe(404);
    // A page path whose last segment looks like a file is still a page (a reload of a user's page).
    for (const url of ['/admin/user/ayse@example.com', '/us/admin/user/a.b%40c.co?tab=x', '/x.y/z.json']) {
      const res = await call('GET', url);
      expect([url, res.statusCode, res.headers['content-type']]).toEqual([
        url,
        200,
        'text/html; charset=utf-8',
      ]);
      expect(res.body).toContain('ShelfScan SPA');
    }
    expect((await call('GET', '/robots.txt')).body).toBe('User-agent: *');
    for (const url of ['/assets/app-1234.js.map', '/assets', '/api/nope.json'])
      expect([url, (await call('GET', url)).statusCode]).toEqual([url, 404]);
    const api = await call('GET', '/api/nope');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false });
    // non-GET /dashboard paths are API calls, guarded
    expect((await call('POST', '/dashboard/completed', { todo: [] })).statusCode).toBe(401);
    expect((await call('DELETE', '/dashboard/12')).statusCode).toBe(401);
  });

  it('sends security headers, a request id, health, readiness, metrics and OpenAPI', async () => {
    const res = await call('GET', '/healthz', undefined, { 'x-request-id': 'abc-123' });
    expect(res.headers['x-request-id']).toBe('abc-123');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
    // The cluster's nginx serves the SPA with the very same policy and HSTS.
    expect(nginxHeader('Content-Security-Policy')).toBe(res.headers['content-security-policy']);
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d{8}; includeSubDomains$/);
    expect(nginxHeader('Strict-Transport-Security')).toBe(res.headers['strict-transport-security']);
    expect((await call('GET', '/readyz')).json()).toMatchObject({
      ready: true,
      checks: { 'auth.database': 'ok', 'gateway.database': 'ok' },
    });
    // /metrics is not public: only Prometheus's bearer token opens it on the API port.
    expect((await call('GET', '/metrics')).statusCode).toBe(404);
    expect((await call('GET', '/metrics', undefined, { authorization: 'Bearer wrong' })).statusCode).toBe(
      404,
    );
    const metrics = await call('GET', '/metrics', undefined, { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(metrics.body).toContain('shelfscan_http_request_duration_seconds');
    const docs = await call('GET', '/api/docs-json');
    expect(Object.keys(docs.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/authenticate',
        '/api/public/register',
        '/api/account/user',
        '/api/search-info/{state}',
        '/dashboard/{todoId}',
      ]),
    );
  });
});

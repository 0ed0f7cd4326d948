import { GUARDS_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common';
import { SYSTEM_PARAMETER_DEFAULTS } from '@shelfscan/service';
import { AdminController } from '../src/admin/admin.controller.js';
import { RolesGuard } from '../src/auth/guards.js';
import { BillingAdminController } from '../src/billing/billing.controller.js';
import { eventually } from '@shelfscan/testing';
import { startStack, type Method, type Stack } from './stack.js';

const ADMIN = { email: 'admin@shelfscan.test', password: 'admin-pass' };
const TARGET = 'target@example.com';
const VICTIM = 'victim@example.com';

/** Every route of a controller: `GET /api/admin/users/:email`. */
function routesOf(controller: new (...args: never[]) => unknown): string[] {
  const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
  return Object.getOwnPropertyNames(controller.prototype)
    .filter((name) => name !== 'constructor')
    .map((name) => (controller.prototype as Record<string, object>)[name])
    .filter((fn) => Reflect.getMetadata(PATH_METADATA, fn) !== undefined)
    .map((fn) => {
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, fn) as RequestMethod];
      const path = [base, String(Reflect.getMetadata(PATH_METADATA, fn))]
        .flatMap((p) => p.split('/'))
        .filter(Boolean)
        .join('/');
      return `${method} /${path}`;
    });
}

const NO_PAYMENT = '00000000-0000-0000-0000-000000000000';

/** The expected admin answer of every admin route (a route without an entry fails the test). */
const ADMIN_ROUTES: Record<string, { url?: string; body?: unknown; status: number }> = {
  'GET /api/system-parameter': { status: 200 },
  'PUT /api/system-parameter': { body: SYSTEM_PARAMETER_DEFAULTS, status: 200 },
  'GET /api/admin/system-parameter/changes': { status: 200 },
  'GET /api/admin/users': { status: 200 },
  'GET /api/admin/users/:email': { url: `/api/admin/users/${TARGET}`, status: 200 },
  'GET /api/admin/users/:email/activity': { url: `/api/admin/users/${TARGET}/activity`, status: 200 },
  'DELETE /api/admin/users/:email': { url: `/api/admin/users/${VICTIM}`, status: 200 },
  'GET /api/admin/charts': { url: '/api/admin/charts?from=2030-03-01&to=2030-03-10', status: 200 },
  'PUT /api/admin/users/:email/activate': { url: `/api/admin/users/${TARGET}/activate`, status: 200 },
  'PUT /api/admin/users/:email/deactivate': { url: `/api/admin/users/${TARGET}/deactivate`, status: 200 },
  'GET /api/admin/counters': { status: 200 },
  'POST /api/admin/read-models/rebuild': { status: 200 },
  'GET /api/admin/contact-messages': { status: 200 },
  // Served by the billing service (an empty body or a malformed id is a 422 past the guard).
  'GET /api/promotion': { status: 200 },
  'POST /api/promotion': { status: 422 },
  'PUT /api/promotion': { status: 422 },
  'DELETE /api/promotion/:id': { url: '/api/promotion/1', status: 422 },
  'GET /api/admin/payment/history': { status: 200 },
  'POST /api/admin/billing/renewal': { status: 200 },
  'GET /api/admin/payment/history/:conversationId': {
    url: `/api/admin/payment/history/${NO_PAYMENT}`,
    status: 404,
  },
  'GET /api/admin/payment/history/:conversationId/pdf': {
    url: `/api/admin/payment/history/${NO_PAYMENT}/pdf`,
    status: 404,
  },
  'POST /api/admin/payment/:conversationId/refund': {
    url: `/api/admin/payment/${NO_PAYMENT}/refund`,
    status: 422,
  },
  'POST /api/admin/users/:email/plans': { url: `/api/admin/users/${TARGET}/plans`, status: 422 },
  'DELETE /api/admin/users/:email/plans/:subscriptionId': {
    url: `/api/admin/users/${TARGET}/plans/${NO_PAYMENT}`,
    status: 422,
  },
};

describe('admin routes through the gateway (admin + auth services, real PostgreSQL)', () => {
  let stack: Stack;
  let adminToken: string;
  let userToken: string;

  const as = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});
  const signUp = async (email: string, firstName: string) => {
    const password = 'Ayse-2030!';
    await stack.call('POST', '/api/public/register', { firstName, lastName: 'Yılmaz', email, password });
    await stack.call('POST', '/api/public/activate', { email, code: await stack.mailedCode(email) });
    return (await stack.call('POST', '/api/authenticate', { email, password })).json().data.token as string;
  };

  beforeAll(async () => {
    stack = await startStack({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    adminToken = (await stack.call('POST', '/api/authenticate', ADMIN)).json().data.token;
    userToken = await signUp('ayse@example.com', 'Ayşe');
    await signUp(TARGET, 'Hedef');
    await signUp(VICTIM, 'Kurban');
    await eventually(async () => {
      const r = await stack.call('GET', `/api/admin/users?search=${TARGET}`, undefined, as(adminToken));
      return r.headers['x-total-count'] === '1';
    });
    await eventually(async () => {
      const r = await stack.call('GET', `/api/admin/users?search=${VICTIM}`, undefined, as(adminToken));
      return r.headers['x-total-count'] === '1';
    });
  }, 60_000);
  afterAll(() => stack?.stop(), 30_000);

  it('lists every route guarded by ROLE_ADMIN in the matrix', () => {
    const guarded = [AdminController, BillingAdminController].filter((c) =>
      (Reflect.getMetadata(GUARDS_METADATA, c) as unknown[]).includes(RolesGuard),
    );
    expect(guarded).toHaveLength(2);
    expect(guarded.flatMap(routesOf).sort()).toEqual(Object.keys(ADMIN_ROUTES).sort());
  });

  it.each(Object.entries(ADMIN_ROUTES))('%s: anonymous 401, user 403, admin passes', async (route, spec) => {
    const [method, path] = route.split(' ') as [Method, string];
    const url = spec.url ?? path;
    const anonymous = await stack.call(method, url, spec.body as object);
    expect(anonymous.statusCode).toBe(401);
    const user = await stack.call(method, url, spec.body as object, as(userToken));
    expect(user.statusCode).toBe(403);
    for (const res of [anonymous, user]) {
      expect(res.json()).toEqual({
        success: false,
        message: expect.any(String),
        code: expect.any(String),
        status: res.statusCode,
      });
      expect(res.headers['x-total-count']).toBeUndefined();
    }
    const admin = await stack.call(method, url, spec.body as object, as(adminToken));
    expect(admin.statusCode).toBe(spec.status);
    if (spec.status === 200) expect(admin.json()).toMatchObject({ success: true });
  });

  it('answers the users list with x-total-count and the user detail by email', async () => {
    const list = await stack.call(
      'GET',
      '/api/admin/users?search=example.com&size=1',
      undefined,
      as(adminToken),
    );
    // Ayşe and the target (the victim was deleted by the matrix).
    await eventually(async () => {
      const r = await stack.call('GET', '/api/admin/users?search=example.com', undefined, as(adminToken));
      return r.headers['x-total-count'] === '2';
    });
    expect(list.json().data).toHaveLength(1);
    const detail = await stack.call('GET', '/api/admin/users/ayse@example.com', undefined, as(adminToken));
    expect(detail.json().data).toMatchObject({
      email: 'ayse@example.com',
      firstName: 'Ayşe',
      activated: true,
      membershipActive: true,
      planActive: false,
      roles: ['ROLE_USER'],
      plans: [],
      invoices: [],
      scans: { standard: 0, deep: 0, functional: 0, failed: 0, lastScanAt: '' },
    });
    expect(detail.json().data.$typeName).toBeUndefined();
    const activity = await stack.call(
      'GET',
      '/api/admin/users/ayse@example.com/activity?size=1',
      undefined,
      as(adminToken),
    );
    expect(activity.headers['x-total-count']).toBe('2'); // registered, activated
    expect(activity.json().data).toEqual([
      {
        at: expect.any(String),
        type: expect.stringMatching(/^(registered|activated)$/),
        summary: expect.any(String),
        // The facts by name, for the page to word in its language.
        facts: expect.any(Object),
      },
    ]);
    const unknown = await stack.call('GET', '/api/admin/users/nobody@example.com', undefined, {
      ...as(adminToken),
      'accept-language': 'en',
    });
    expect([unknown.statusCode, unknown.json().code, unknown.json().message]).toEqual([
      404,
      'userNotFound',
      'User not found.',
    ]);
    const bad = await stack.call('GET', '/api/admin/users?size=1000', undefined, as(adminToken));
    expect(bad.statusCode).toBe(422);
  });

  it('deactivation refuses the login and the tokens of the account at once; activation restores the login', async () => {
    // The matrix may have left the target inactive: turn it on, log in, then off.
    await stack.call('PUT', `/api/admin/users/${TARGET}/activate`, undefined, as(adminToken));
    const fresh = (
      await stack.call('POST', '/api/authenticate', { email: TARGET, password: 'Ayse-2030!' })
    ).json().data.token as string;
    expect((await stack.call('GET', '/api/account/user', undefined, as(fresh))).statusCode).toBe(200);
    await stack.call('PUT', `/api/admin/users/${TARGET}/deactivate`, undefined, as(adminToken));
    expect((await stack.call('GET', '/api/account/user', undefined, as(fresh))).statusCode).toBe(401);
    const refused = await stack.call(
      'POST',
      '/api/authenticate',
      { email: TARGET, password: 'Ayse-2030!' },
      { 'accept-language': 'en' },
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'membershipInactive',
      message: 'Your membership is not active. Please contact us.',
    });
    await stack.call('PUT', `/api/admin/users/${TARGET}/activate`, undefined, as(adminToken));
    expect(
      (await stack.call('POST', '/api/authenticate', { email: TARGET, password: 'Ayse-2030!' })).statusCode,
    ).toBe(200);
  });

  it('deletes users but not oneself or another admin, with a reason in the language asked', async () => {
    const self = await stack.call('DELETE', `/api/admin/users/${ADMIN.email}`, undefined, {
      ...as(adminToken),
      'accept-language': 'en',
    });
    expect([self.statusCode, self.json()]).toEqual([
      409,
      {
        success: false,
        code: 'cannotDeleteSelf',
        message: 'You cannot delete your own account.',
        status: 409,
      },
    ]);
    const unknown = await stack.call(
      'DELETE',
      '/api/admin/users/nobody@example.com',
      undefined,
      as(adminToken),
    );
    expect([unknown.statusCode, unknown.json().code, unknown.json().message]).toEqual([
      404,
      'userNotFound',
      'Kullanıcı bulunamadı.',
    ]);
    // The victim of the matrix is gone everywhere: a second delete is a 404.
    await eventually(
      async () =>
        (await stack.call('DELETE', `/api/admin/users/${VICTIM}`, undefined, as(adminToken))).statusCode ===
        404,
    );
  });

  it('answers the charts for a range of Istanbul days, 422 for a bad one', async () => {
    const c = await stack.call(
      'GET',
      '/api/admin/charts?from=2030-03-01&to=2030-03-03',
      undefined,
      as(adminToken),
    );
    expect(c.json()).toEqual({
      success: true,
      message: 'ok',
      data: {
        from: '2030-03-01',
        to: '2030-03-03',
        scansPerDay: ['01', '02', '03'].map((d) => ({
          date: `2030-03-${d}`,
          standard: 0,
          deep: 0,
          functional: 0,
          tracked: 0,
        })),
        signupsPerDay: ['01', '02', '03'].map((d) => ({ date: `2030-03-${d}`, count: 0 })),
        revenuePerMonth: [{ month: '2030-03', tryKurus: 0 }],
        failuresByReason: [],
      },
    });
    // The last 30 days by default: the sign-ups of the admin, Ayşe, the target and the victim (a
    // deleted user's sign-up still counts: the chart reads the event log, kept under a pseudonym).
    await eventually(async () => {
      const d = (await stack.call('GET', '/api/admin/charts', undefined, as(adminToken))).json().data;
      const signups = d.signupsPerDay.reduce((n: number, x: { count: number }) => n + x.count, 0);
      return d.scansPerDay.length === 30 && signups === 4;
    });
    for (const [query, field, msg] of [
      ['from=2030-3-1', 'from', 'Enter a date (YYYY-MM-DD).'],
      ['from=2030-02-30', 'from', 'Enter a date (YYYY-MM-DD).'],
      ['from=2030-03-10&to=2030-03-01', 'from', 'The start date must not be after the end date.'],
      ['from=2020-01-01&to=2030-03-01', 'to', 'The date range may be at most 366 days.'],
      ['days=7', 'days', 'Unknown field: days.'],
    ]) {
      const bad = await stack.call('GET', `/api/admin/charts?${query}`, undefined, {
        ...as(adminToken),
        'accept-language': 'en',
      });
      expect([bad.statusCode, bad.json().errors]).toEqual([422, [{ field, msg }]]);
    }
  });

  it('gives any logged-in user the contact details of the system parameters, and nothing else', async () => {
    expect((await stack.call('GET', '/api/contact-info')).statusCode).toBe(401);
    const info = await stack.call('GET', '/api/contact-info', undefined, as(userToken));
    expect(info.statusCode).toBe(200);
    const defaults = Object.fromEntries(SYSTEM_PARAMETER_DEFAULTS.map((p) => [p.key, p.value1]));
    expect(info.json()).toEqual({
      success: true,
      message: 'ok',
      data: {
        whatsapp: expect.stringMatching(/^\+\d+$/),
        supportEmail: defaults['contact.supportEmail'],
      },
    });
  });

  it('saves the system parameters as a list, with 422 per item and field', async () => {
    const list = SYSTEM_PARAMETER_DEFAULTS.map((p) => ({ ...p }));
    list[0] = { ...list[0], value1: 'fifteen' };
    const whatsapp = list.findIndex((p) => p.key === 'contact.whatsapp');
    list[whatsapp] = { ...list[whatsapp], value1: '0532' };
    const bad = await stack.call('PUT', '/api/system-parameter', list, {
      ...as(adminToken),
      'accept-language': 'en',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({
      success: false,
      errors: [
        { field: 'parameters[0].value1', msg: 'Must be a whole number (0 or more).' },
        {
          field: `parameters[${whatsapp}].value1`,
          msg: 'A phone number in international form, e.g. +905321234567.',
        },
      ],
    });
    // A negative daily limit is refused as typed (Turkish by default), never saved as 5.
    const negative = await stack.call(
      'PUT',
      '/api/system-parameter',
      SYSTEM_PARAMETER_DEFAULTS.map((p, i) => (i === 0 ? { ...p, value1: '-5' } : p)),
      as(adminToken),
    );
    expect(negative.statusCode).toBe(422);
    expect(negative.json().errors).toEqual([
      { field: 'parameters[0].value1', msg: 'Tam sayı olmalıdır (0 ya da daha büyük).' },
    ]);
    const unchanged = await stack.call('GET', '/api/system-parameter', undefined, as(adminToken));
    expect(unchanged.json().data[0].value1).toBe(SYSTEM_PARAMETER_DEFAULTS[0].value1);
    const shape = await stack.call('PUT', '/api/system-parameter', { key: 'x' }, as(adminToken));
    expect(shape.statusCode).toBe(422);

    list[0] = { ...list[0], value1: '16' };
    list[whatsapp] = { ...list[whatsapp], value1: '+905321234567' };
    const saved = await stack.call('PUT', '/api/system-parameter', list, as(adminToken));
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ success: true, message: 'Değişiklik kaydedildi.' });
    const read = await stack.call('GET', '/api/system-parameter', undefined, as(adminToken));
    expect(read.json().data[0]).toEqual({ ...SYSTEM_PARAMETER_DEFAULTS[0], value1: '16' });
    const changes = await stack.call('GET', '/api/admin/system-parameter/changes', undefined, as(adminToken));
    expect(Number(changes.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
    expect(changes.json().data[0]).toMatchObject({ changedBy: ADMIN.email });
  });

  it('takes contact messages from logged-in users only, 5 an hour, and lists them for admins', async () => {
    const body = { contactSubject: 'Fatura', contactTitle: 'Faturamı göremiyorum.' };
    expect((await stack.call('POST', '/api/contact', body)).statusCode).toBe(401);
    const missing = await stack.call('POST', '/api/contact', { contactSubject: '' }, as(userToken));
    expect(missing.statusCode).toBe(422);
    expect(
      missing
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['contactSubject', 'contactTitle']);
    for (let i = 0; i < 5; i++) {
      const sent = await stack.call('POST', '/api/contact', body, as(userToken));
      expect(sent.statusCode).toBe(200);
    }
    const limited = await stack.call('POST', '/api/contact', body, as(userToken));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'contactTooMany' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000);
    const list = await stack.call('GET', '/api/admin/contact-messages', undefined, as(adminToken));
    expect(list.headers['x-total-count']).toBe('5');
    expect(list.json().data[0]).toMatchObject({
      email: 'ayse@example.com',
      name: 'Ayşe Yılmaz',
      subject: 'Fatura',
    });
  });
});

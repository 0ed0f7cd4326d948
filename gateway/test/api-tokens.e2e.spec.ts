import { capturedLogs } from './capture-logs.js';
import { createHash, randomUUID } from 'node:crypto';
import { billingEventsV1 } from '@shelfscan/contracts';
import { Clock, HOUR, ManualClock, SYSTEM_PARAMETER_DEFAULTS } from '@shelfscan/service';
import { eventually } from '@shelfscan/testing';
import { storeAsins } from './fake-scan-engine.js';
import { startStack, type Method, type Stack } from './stack.js';

jest.setTimeout(120_000);

const ADMIN = { email: 'admin@shelfscan.test', password: 'admin-pass' };
const SELLER = 'ATOKENSTORE1';
const TOKEN = /^ss_[A-Za-z0-9_-]{43}$/;

/**
 * Personal API tokens (issue 19) through HTTP on the real layers: gateway → bus → auth, search and
 * scraper (fake engine) → PostgreSQL, with the services' and the gateway's Clock a ManualClock.
 */
describe('personal API tokens (gateway + auth + search)', () => {
  let stack: Stack;
  let session: Record<string, string>;
  let admin: Record<string, string>;
  const clock = new ManualClock(new Date());
  /** Every message that crossed the bus, encoded. */
  const traffic: Uint8Array[] = [];
  /** Every token the API handed out, to look for them afterwards. */
  const issued: string[] = [];

  beforeAll(async () => {
    stack = await startStack(
      { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
      [{ provide: Clock, useValue: clock }],
      { scans: true },
    );
    const request = stack.broker.request.bind(stack.broker);
    stack.broker.request = async (pattern, bytes) => {
      traffic.push(Uint8Array.from(bytes));
      const reply = await request(pattern, bytes);
      traffic.push(Uint8Array.from(reply));
      return reply;
    };
    session = await stack.newUser('scripter@example.com');
    admin = await stack.signIn(ADMIN.email, ADMIN.password);
    const start = Date.now() - 60_000;
    await stack.publish(billingEventsV1.PlanActivatedSchema, {
      subscriptionId: randomUUID(),
      userEmail: 'scripter@example.com',
      features: ['standard'],
      trial: false,
      periodStart: new Date(start).toISOString(),
      periodEnd: new Date(start + 30 * 86_400_000).toISOString(),
    });
    await eventually(async () => {
      const q = await stack.call('GET', '/api/search-info/quota', undefined, session);
      return q.json().data?.plans?.standard;
    });
  });
  afterAll(() => stack?.stop());

  const lang = (l?: string): Record<string, string> => (l ? { 'accept-language': l } : {});
  const bearer = (token: string, l?: string) => ({ authorization: `Bearer ${token}`, ...lang(l) });
  async function create(body: object, headers = session) {
    const r = await stack.call('POST', '/api/account/tokens', body, headers);
    if (r.statusCode === 200) issued.push(r.json().data.token);
    return r;
  }
  async function token(scopes: string[], extra: object = {}) {
    const r = await create({ name: `script ${issued.length}`, scopes, ...extra });
    expect(r.statusCode).toBe(200);
    return r.json().data as { id: string; token: string };
  }
  const withToken = (method: Method, url: string, t: string, body?: object, l?: string) =>
    stack.call(method, url, body, bearer(t, l));

  it('is shown once (ss_, 32 random bytes), listed without it, and starts and downloads a scan', async () => {
    const created = await create({ name: '  Nightly export ', scopes: ['scans:write', 'scans:read'] });
    expect(created.statusCode).toBe(200);
    const data = created.json().data;
    expect(data).toMatchObject({
      name: 'Nightly export',
      scopes: ['scans:read', 'scans:write'],
      expiresAt: null,
      lastUsedAt: null,
    });
    expect(data.token).toMatch(TOKEN);
    const listed = await stack.call('GET', '/api/account/tokens', undefined, session);
    expect(listed.json().data).toEqual([
      {
        id: data.id,
        name: 'Nightly export',
        scopes: ['scans:read', 'scans:write'],
        createdAt: data.createdAt,
        expiresAt: null,
        lastUsedAt: null,
      },
    ]);

    const started = await withToken('POST', '/api/search-info', data.token, {
      searchType: 'standard',
      fileName: 'api scan',
      storeUrl: `https://www.amazon.ca/s?me=${SELLER}`,
      market: 'ca',
    });
    expect(started.statusCode).toBe(200);
    const id = started.json().data.id as string;
    await eventually(async () => {
      const t = await withToken('GET', `/api/search-info/${id}`, data.token);
      return t.json().data?.status === 'COMPLETED';
    });
    const file = await withToken('GET', `/api/search-info/${id}/download`, data.token);
    expect([file.statusCode, file.body]).toEqual([200, storeAsins(SELLER).join('\n') + '\n']);

    // Its last use is listed (written at most once a minute).
    const used = (await stack.call('GET', '/api/account/tokens', undefined, session)).json().data[0];
    expect(used.lastUsedAt).toBe(clock.now().toISOString());
  });

  it('a missing scope is a 403 naming it; routes without a scope refuse tokens; others are not touched', async () => {
    const reader = await token(['scans:read']);
    expect((await withToken('GET', '/api/search-info/quota', reader.token)).statusCode).toBe(200);
    const write = await withToken('POST', '/api/search-info', reader.token, {
      searchType: 'standard',
      fileName: 'x',
      storeUrl: `https://www.amazon.ca/s?me=${SELLER}`,
      market: 'ca',
    });
    expect([write.statusCode, write.json()]).toEqual([
      403,
      {
        success: false,
        status: 403,
        code: 'apiTokenScopeMissing',
        message: 'Bu API anahtarında scans:write yetkisi yok.',
      },
    ]);
    const en = await withToken('DELETE', `/dashboard/${randomUUID()}`, reader.token, undefined, 'en');
    expect([en.statusCode, en.json().message]).toEqual([403, 'This API token lacks the scope scans:write.']);

    // Webhooks take webhooks:write (issue 19's scopes), and a scan scope does not open them.
    expect((await withToken('GET', '/api/webhooks', reader.token)).json().code).toBe('apiTokenScopeMissing');
    const hooks = await token(['webhooks:write']);
    expect((await withToken('GET', '/api/webhooks', hooks.token)).statusCode).toBe(200);
    // Trackers: reading takes trackers:read, changing trackers:write (issue 18's routes).
    const watcher = await token(['trackers:read']);
    expect((await withToken('GET', '/api/trackers', watcher.token)).statusCode).toBe(200);
    const add = await withToken('POST', '/api/trackers', watcher.token, {
      storeUrl: `https://www.amazon.ca/s?me=${SELLER}`,
      market: 'CA',
      searchType: 'standard',
      schedule: 'daily',
    });
    expect([add.statusCode, add.json().code]).toEqual([403, 'apiTokenScopeMissing']);
    expect((await withToken('GET', '/api/trackers', reader.token)).json().code).toBe('apiTokenScopeMissing');

    const writer = await token(['scans:write']);
    expect((await withToken('GET', '/api/search-info', writer.token)).json().code).toBe(
      'apiTokenScopeMissing',
    );

    // Account, billing, admin and token routes declare no scope: a token opens none of them.
    const all = await token([
      'scans:read',
      'scans:write',
      'trackers:read',
      'trackers:write',
      'webhooks:write',
    ]);
    for (const [method, url, body] of [
      ['GET', '/api/account/user'],
      ['PUT', '/api/account/user', { firstName: 'X' }],
      ['GET', '/api/account/tokens'],
      ['POST', '/api/account/tokens', { name: 'more', scopes: ['scans:read'] }],
      ['DELETE', `/api/account/tokens/${all.id}`],
      ['POST', '/api/account/logout'],
      ['GET', '/api/user-plan'],
      ['GET', '/api/card'],
      ['GET', '/api/system-parameter'],
      ['GET', '/api/account/telegram'],
      ['PUT', `/api/search-info/${randomUUID()}/status`, { status: 'CANCELED' }],
    ] as [Method, string, object?][]) {
      const r = await withToken(method, url, all.token, body);
      expect({ url, status: r.statusCode, code: r.json().code }).toEqual({
        url,
        status: 403,
        code: 'apiTokenNotAllowed',
      });
    }
    const en2 = await withToken('GET', '/api/account/user', all.token, undefined, 'en');
    expect(en2.json().message).toBe('API tokens cannot be used here; sign in to the web app instead.');
    // The token still works where its scope does (it was not revoked by any of the above).
    expect((await withToken('GET', '/api/search-info/quota', all.token)).statusCode).toBe(200);
    // A session JWT is untouched by all this.
    expect((await stack.call('GET', '/api/account/user', undefined, session)).statusCode).toBe(200);
    // An unknown token of the right shape is a 401.
    const unknown = await withToken('GET', '/api/search-info/quota', `ss_${'A'.repeat(43)}`);
    expect([unknown.statusCode, unknown.json().code]).toEqual([401, 'apiTokenInvalid']);
  });

  it('revoked: refused at once by the gateway that relayed it and by every other replica, with no wait', async () => {
    const replica = await stack.replica();
    const t = await token(['scans:read']);
    const onReplica = () =>
      replica.inject({ method: 'GET', url: '/api/search-info/quota', headers: bearer(t.token) });
    expect((await withToken('GET', '/api/search-info/quota', t.token)).statusCode).toBe(200);
    expect((await onReplica()).statusCode).toBe(200);
    const revoked = await stack.call('DELETE', `/api/account/tokens/${t.id}`, undefined, {
      ...session,
      ...lang('en'),
    });
    expect([revoked.statusCode, revoked.json()]).toEqual([
      200,
      { success: true, message: 'The API token has been revoked.' },
    ]);
    const here = await withToken('GET', '/api/search-info/quota', t.token, undefined, 'en');
    expect([here.statusCode, here.json()]).toEqual([
      401,
      {
        success: false,
        status: 401,
        code: 'apiTokenInvalid',
        message: 'This API token is not valid: it was revoked or has expired.',
      },
    ]);
    // The other replica answered for this token a moment ago; the next request there is refused
    // too, on the same Clock instant (no replica reuses an earlier answer).
    const there = await onReplica();
    expect([there.statusCode, there.json().code]).toEqual([401, 'apiTokenInvalid']);
    expect(
      (await stack.call('GET', '/api/account/tokens', undefined, session))
        .json()
        .data.map((x: { id: string }) => x.id),
    ).not.toContain(t.id);
    // Revoking it again, or another account's token, is a 404.
    expect((await stack.call('DELETE', `/api/account/tokens/${t.id}`, undefined, session)).statusCode).toBe(
      404,
    );
    const mine = await token(['scans:read']);
    const other = await stack.newUser('stranger@example.com');
    const theirs = await stack.call('DELETE', `/api/account/tokens/${mine.id}`, undefined, other);
    expect([theirs.statusCode, theirs.json().code]).toEqual([404, 'apiTokenNotFound']);
    expect((await withToken('GET', '/api/search-info/quota', mine.token)).statusCode).toBe(200);
  });

  it('expires at its expiresAt on the Clock (401), and an expiry in the past is refused', async () => {
    const expiresAt = new Date(clock.nowMs() + HOUR).toISOString();
    const t = await token(['scans:read'], { expiresAt });
    expect((await withToken('GET', '/api/search-info/quota', t.token)).statusCode).toBe(200);
    clock.advance(HOUR - 1000);
    expect((await withToken('GET', '/api/search-info/quota', t.token)).statusCode).toBe(200);
    clock.advance(1000);
    const expired = await withToken('GET', '/api/search-info/quota', t.token);
    expect([expired.statusCode, expired.json().code]).toEqual([401, 'apiTokenInvalid']);
    // Still listed, with its expiry, until revoked.
    const listed = (await stack.call('GET', '/api/account/tokens', undefined, session)).json().data;
    expect(listed.find((x: { id: string }) => x.id === t.id).expiresAt).toBe(expiresAt);
  });

  it('bad input is a 422 on the field in both languages, and an account holds at most 20 tokens', async () => {
    const bad = await create({
      name: '',
      scopes: ['scans:read', 'scans:delete'],
      expiresAt: '2020-01-01T00:00:00Z',
    });
    expect([bad.statusCode, bad.json().errors]).toEqual([
      422,
      [
        { field: 'name', msg: 'Bu alan zorunludur.' },
        {
          field: 'scopes.1',
          msg: 'Bilinmeyen yetki. Şunlardan seçin: scans:read, scans:write, trackers:read, trackers:write, webhooks:write.',
        },
        { field: 'expiresAt', msg: 'Son kullanma zamanı gelecekte olmalıdır.' },
      ],
    ]);
    const en = await create(
      { name: 'x'.repeat(61), scopes: [], expiresAt: 'tomorrow' },
      { ...session, ...lang('en') },
    );
    expect([en.statusCode, en.json().errors]).toEqual([
      422,
      [
        { field: 'name', msg: 'This is too long.' },
        { field: 'scopes', msg: 'Choose at least one scope.' },
        {
          field: 'expiresAt',
          msg: 'Enter the expiry as a date and time (ISO 8601, e.g. 2027-01-31T21:00:00Z).',
        },
      ],
    ]);
    const extra = await create({ name: 'x', scopes: ['scans:read'], token: 'ss_mine' });
    expect(extra.statusCode).toBe(422);

    const owner = await stack.newUser('collector@example.com');
    for (let i = 0; i < 20; i++)
      expect((await create({ name: `t${i}`, scopes: ['scans:read'] }, owner)).statusCode).toBe(200);
    const over = await create({ name: 'one more', scopes: ['scans:read'] }, { ...owner, ...lang('en') });
    expect([over.statusCode, over.json().code, over.json().message]).toEqual([
      409,
      'apiTokenTooMany',
      'You have 20 API tokens, the most an account may hold. Revoke one first.',
    ]);
  });

  it('a token gets api.token.perMinuteLimit requests a minute, counted across gateway replicas (429 + Retry-After)', async () => {
    const parameters = SYSTEM_PARAMETER_DEFAULTS.map((p) =>
      p.key === 'api.token.perMinuteLimit' ? { ...p, value1: '3' } : p,
    );
    expect((await stack.call('PUT', '/api/system-parameter', parameters, admin)).statusCode).toBe(200);
    const t = await token(['scans:read']);
    const replica = await stack.replica();
    await eventually(
      async () => {
        const probe = await stack.call(
          'POST',
          '/api/account/tokens',
          { name: 'probe', scopes: ['scans:read'] },
          session,
        );
        const p = probe.json().data;
        issued.push(p.token);
        // A fresh token shows the limit auth now applies: the 4th request of its minute is refused.
        const codes = [];
        for (let i = 0; i < 4; i++)
          codes.push((await withToken('GET', '/api/search-info/quota', p.token)).statusCode);
        await stack.call('DELETE', `/api/account/tokens/${p.id}`, undefined, session);
        return codes.join() === '200,200,200,429';
      },
      { what: 'the new limit to reach the auth service' },
    );
    clock.advance(60_000);
    expect((await withToken('GET', '/api/search-info/quota', t.token)).statusCode).toBe(200);
    expect(
      (await replica.inject({ method: 'GET', url: '/api/search-info/quota', headers: bearer(t.token) }))
        .statusCode,
    ).toBe(200);
    expect((await withToken('GET', '/api/search-info/quota', t.token)).statusCode).toBe(200);
    const limited = await replica.inject({
      method: 'GET',
      url: '/api/search-info/quota',
      headers: bearer(t.token, 'en'),
    });
    expect([limited.statusCode, limited.json().code, limited.json().message]).toEqual([
      429,
      'apiTokenRateLimited',
      'Too many requests with this API token. Please wait and try again.',
    ]);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    clock.advance(60_000);
    expect((await withToken('GET', '/api/search-info/quota', t.token)).statusCode).toBe(200);
    const restored = SYSTEM_PARAMETER_DEFAULTS;
    expect((await stack.call('PUT', '/api/system-parameter', restored, admin)).statusCode).toBe(200);
  });

  it('the OpenAPI document describes the token scheme and the scope of each route that takes tokens', async () => {
    const doc = (await stack.call('GET', '/api/docs-json')).json();
    expect(doc.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.apiToken.description).toContain('x-api-token-scope');
    const scoped: Record<string, string> = {};
    for (const [path, ops] of Object.entries(
      doc.paths as Record<string, Record<string, Record<string, unknown>>>,
    ))
      for (const [method, op] of Object.entries(ops))
        if (op['x-api-token-scope']) {
          scoped[`${method.toUpperCase()} ${path}`] = op['x-api-token-scope'] as string;
          expect(op.security).toEqual(expect.arrayContaining([{ apiToken: [] }]));
        }
    expect(scoped).toMatchObject({
      'GET /api/search-info': 'scans:read',
      'GET /api/search-info/{id}/download': 'scans:read',
      'POST /api/search-info': 'scans:write',
      'DELETE /dashboard/{todoId}': 'scans:write',
    });
    expect(
      Object.keys(scoped).filter((k) => /account|billing|admin|user-plan|card|system-parameter/.test(k)),
    ).toEqual([]);
    // Every route the document marks takes a token of that scope (the guard reads the same decorator).
    const reader = await token(['scans:read']);
    expect((await withToken('GET', '/api/marketplace', reader.token)).statusCode).toBe(200);
  });

  it('no token is ever in plain text: not in any table of the database, not on the bus, not in the logs', async () => {
    expect(issued.length).toBeGreaterThan(25);
    const tables = await stack.sql<{ schema: string; name: string }>(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
        WHERE table_schema NOT IN ('pg_catalog', 'information_schema') AND table_type = 'BASE TABLE'`,
    );
    expect(tables.map((t) => `${t.schema}.${t.name}`)).toContain('auth.api_token');
    let dump = '';
    for (const t of tables)
      for (const row of await stack.sql<{ line: string }>(
        `SELECT t::text AS line FROM "${t.schema}"."${t.name}" t`,
      ))
        dump += row.line + '\n';
    const bus = traffic.map((b) => Buffer.from(b).toString('latin1')).join('\n');
    const logs = capturedLogs.join('');
    expect(logs.length).toBeGreaterThan(0);
    for (const plain of issued) {
      const secret = plain.slice(3);
      for (const [where, text] of [
        ['database', dump],
        ['bus', bus],
        ['logs', logs],
      ])
        expect({ where, found: text.includes(secret) }).toEqual({ where, found: false });
    }
    // What is stored is the SHA-256 of the token.
    const hash = createHash('sha256').update(issued[0]).digest('hex');
    expect(
      await stack.sql(`SELECT name FROM auth.api_token WHERE token_hash = decode($1, 'hex')`, [hash]),
    ).toEqual([{ name: 'Nightly export' }]);
  });
});

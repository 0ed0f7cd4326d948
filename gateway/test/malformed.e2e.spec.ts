import { startStack, type Stack } from './stack.js';

/** Malformed requests the fuzzer (fuzz.e2e.spec.ts) once answered with a 500, each now a 422. */
describe('malformed requests are 422, never 500 (gateway + services, real PostgreSQL)', () => {
  let stack: Stack;
  let admin: Record<string, string>;

  beforeAll(async () => {
    stack = await startStack({ ADMIN_EMAIL: 'admin@shelfscan.test', ADMIN_PASSWORD: 'admin-pass' }, [], {
      scans: true,
    });
    admin = await stack.signIn('admin@shelfscan.test', 'admin-pass');
  }, 60_000);
  afterAll(() => stack?.stop(), 30_000);

  it.each([
    ['/api/admin/users/%00', 'email'],
    ['/api/admin/users/a%00b/activity', 'email'],
    ['/api/admin/users?search=%00', 'search'],
  ])('refuses U+0000 in a path parameter or query (%s) in both languages', async (url, field) => {
    const en = await stack.call('GET', url, undefined, { ...admin, 'accept-language': 'en' });
    expect(en.statusCode).toBe(422);
    expect(en.json()).toEqual({
      success: false,
      message: `The value of ${field} contains a character that is not allowed.`,
      errors: [{ field, msg: `The value of ${field} contains a character that is not allowed.` }],
      status: 422,
    });
    const tr = await stack.call('GET', url, undefined, { ...admin, 'accept-language': 'tr' });
    expect(tr.statusCode).toBe(422);
    expect(tr.json().message).toBe(`${field} değerinde izin verilmeyen bir karakter var.`);
  });

  it('refuses U+0000 in a body field, nested or in a key', async () => {
    for (const body of [{ reason: 'a\u0000b' }, { nested: { deeper: ['\u0000'] } }, { 'k\u0000': 1 }]) {
      const r = await stack.call('POST', '/api/admin/users/x@example.com/plans', body, {
        ...admin,
        'accept-language': 'en',
      });
      expect(r.statusCode).toBe(422);
      expect(r.json().errors).toEqual([
        { field: expect.any(String), msg: expect.stringContaining('not allowed') },
      ]);
    }
  });

  it.each([
    '/api/admin/users?page=2147483648',
    '/api/admin/users?page=99999999999999999999',
    '/api/admin/users/x@example.com/activity?page=2147483648',
    '/api/admin/payment/history?page=2147483648',
    // The first row's offset (page × size) is an int32 on the bus too.
    '/api/admin/users?page=21474837',
    '/api/search-info/x/asin-check?page=107374183',
  ])('answers an out-of-range page (%s) with the page rule, not a bus encoding 500', async (url) => {
    const r = await stack.call('GET', url, undefined, { ...admin, 'accept-language': 'en' });
    expect(r.statusCode).toBe(422);
    expect(r.json().errors).toEqual([
      { field: 'page', msg: 'Page must be 0 or more and size between 1 and 100.' },
    ]);
  });

  it('still serves the largest page the bus carries', async () => {
    const r = await stack.call('GET', '/api/admin/users?page=21474836&size=100', undefined, admin);
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toEqual([]);
  });

  const raw = (payload: string, lang: string, contentType = 'application/json') =>
    stack.app.inject({
      method: 'POST',
      url: '/api/authenticate',
      payload,
      headers: { 'content-type': contentType, 'accept-language': lang },
    });

  it.each(['{"email":', "{'email':1}", '\u0000', ''])(
    'answers a body that is not JSON (%j) with a 422 in the spec shape, in both languages',
    async (payload) => {
      const en = await raw(payload, 'en');
      expect(en.statusCode).toBe(422);
      expect(en.json()).toEqual({
        success: false,
        message: 'The request body is not valid JSON.',
        errors: [{ field: 'body', msg: 'The request body is not valid JSON.' }],
        status: 422,
      });
      expect((await raw(payload, 'tr')).json().message).toBe('İstek gövdesi geçerli bir JSON değil.');
    },
  );

  it('refuses a body over 2 MB at the parser with a 413 in the request language', async () => {
    const payload = JSON.stringify({ email: 'a'.repeat(2 * 1024 * 1024), password: 'x' });
    const en = await raw(payload, 'en');
    expect(en.statusCode).toBe(413);
    expect(en.json()).toEqual({
      success: false,
      message: 'The request is too large: at most 2 MB.',
      code: 'bodyTooLarge',
      status: 413,
    });
    expect((await raw(payload, 'tr')).json().message).toBe('İstek çok büyük: en fazla 2 MB.');
    // Just under the limit, the body is read and its rules answer.
    const under = await raw(
      JSON.stringify({ email: 'a'.repeat(2 * 1024 * 1024 - 100), password: 'x' }),
      'en',
    );
    expect(under.statusCode).toBe(422);
    expect(under.json().errors[0]).toMatchObject({ field: 'email' });
  });

  it('answers an unsupported content type with a 415 in the request language', async () => {
    const r = await raw('<a/>', 'tr', 'application/xml');
    expect(r.statusCode).toBe(415);
    expect(r.json()).toMatchObject({ message: 'Bu içerik türü desteklenmiyor.', code: 'mediaTypeInvalid' });
  });

  it.each([
    ['cut-short', '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc'],
    ['not-a-form', 'r'],
  ])(
    'answers a profile photo form the parser cannot read (%s) with a 422, not a 500',
    async (name, payload) => {
      const seller = await stack.newUser(`photo-${name}@example.com`);
      const r = await stack.app.inject({
        method: 'POST',
        url: '/api/account/photo',
        payload,
        headers: { ...seller, 'content-type': 'multipart/form-data; boundary=x', 'accept-language': 'en' },
      });
      expect(r.statusCode).toBe(422);
      expect(r.json()).toMatchObject({
        code: 'photoMissing',
        errors: [{ field: 'file', msg: 'Choose a photo to upload.' }],
      });
    },
  );
});

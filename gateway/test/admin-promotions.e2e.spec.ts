import { startStack, type Stack } from './stack.js';

jest.setTimeout(60_000);

/** Istanbul's day `offset` days from now (YYYY-MM-DD): billing's "today" comes from its Clock. */
const istanbulDay = (offset = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(
    new Date(Date.now() + offset * 86_400_000),
  );

/**
 * The admin forms' rules on the server (issue 11): POST/PUT /api/promotion and a plan granted by hand
 * are checked by the gateway with the shared schemas of @shelfscan/validation, and the days by billing
 * with its Clock; every message in the request's language, on its field.
 */
describe('admin promotions and grants: the form rules on the server', () => {
  let stack: Stack;
  let admin: Record<string, string>;

  beforeAll(async () => {
    stack = await startStack({ ADMIN_EMAIL: 'admin@shelfscan.test', ADMIN_PASSWORD: 'admin-pass' });
    admin = await stack.signIn('admin@shelfscan.test', 'admin-pass');
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('refuses what the form refuses, each message on its field, in Turkish and English', async () => {
    const bad = {
      code: 'a b',
      type: 'PERCENT',
      value: '120',
      count: 0,
      minimumBasket: '-1',
      used: 3,
    };
    const tr = await stack.call('POST', '/api/promotion', bad, admin);
    expect(tr.statusCode).toBe(422);
    expect(tr.json().errors).toEqual([
      { field: 'code', msg: 'Kod 2–40 harf, rakam, - ya da _ içerir.' },
      {
        field: 'minimumBasket',
        msg: 'Asgari sepet 0 ya da daha büyük olmalıdır (USD, en fazla 2 ondalık); yoksa boş bırakın.',
      },
      { field: 'count', msg: 'Adet en az 1 olan bir tam sayı olmalıdır.' },
      { field: 'used', msg: 'Bilinmeyen alan: used.' },
      { field: 'value', msg: 'Yüzde indirimi en fazla 100 olabilir.' },
    ]);
    const en = await stack.call(
      'POST',
      '/api/promotion',
      { ...bad, code: 'OK-1', used: undefined },
      {
        ...admin,
        'accept-language': 'en',
      },
    );
    expect(en.json().errors.map((e: { msg: string }) => e.msg)).toEqual([
      'The minimum basket must be 0 or more (USD, at most 2 decimals); leave it empty for none.',
      'The count must be a whole number, at least 1.',
      'A percent discount can be at most 100.',
    ]);
    expect((await stack.call('GET', '/api/promotion', undefined, admin)).json().data).toEqual([]);
  });

  it("checks the expiry against billing's day; a promotion keeps the day it has", async () => {
    const yesterday = istanbulDay(-1);
    const past = await stack.call(
      'POST',
      '/api/promotion',
      { code: 'LATE', type: 'AMOUNT', value: '5', count: 10, expiryDate: yesterday },
      { ...admin, 'accept-language': 'en' },
    );
    expect(past.statusCode).toBe(422);
    expect(past.json().errors).toEqual([
      { field: 'expiryDate', msg: 'The expiry date may not be in the past.' },
    ]);

    // Today is still allowed (usable through that day); absent optional fields are empty.
    const created = await stack.call(
      'POST',
      '/api/promotion',
      { code: 'TODAY', type: 'AMOUNT', value: '5', count: 10, expiryDate: istanbulDay(), description: null },
      admin,
    );
    expect(created.statusCode).toBe(200);
    const promotion = created.json().data;
    expect(promotion).toMatchObject({ code: 'TODAY', value: '5.00', minimumBasket: '0.00', used: 0 });

    // Turning it off sends the same day back: allowed. Moving it into the past is not.
    const off = await stack.call(
      'PUT',
      '/api/promotion',
      { ...promotion, used: undefined, active: false },
      admin,
    );
    expect(off.json().data).toMatchObject({ active: false, expiryDate: istanbulDay() });
    const moved = await stack.call(
      'PUT',
      '/api/promotion',
      { ...promotion, used: undefined, expiryDate: yesterday },
      admin,
    );
    expect(moved.json().errors).toEqual([
      { field: 'expiryDate', msg: 'Son kullanma tarihi geçmişte olamaz.' },
    ]);
  });

  it('a plan granted by hand: the grant form’s rules, the day by billing', async () => {
    const url = '/api/admin/users/nobody@example.com/plans';
    const bad = await stack.call('POST', url, { features: [], periodEnd: '1.1.2030', reason: ' ' }, admin);
    expect(bad.json().errors).toEqual([
      { field: 'features', msg: 'En az bir özellik seçin.' },
      { field: 'periodEnd', msg: 'Bir tarih girin (YYYY-AA-GG).' },
      { field: 'reason', msg: 'Bu alan zorunludur.' },
    ]);
    const today = await stack.call(
      'POST',
      url,
      { features: ['deep'], periodEnd: istanbulDay(), reason: 'x' },
      admin,
    );
    expect(today.json().errors).toEqual([
      { field: 'periodEnd', msg: 'Bitiş tarihi bugünden sonra olmalıdır.' },
    ]);
  });
});

import { randomUUID } from 'node:crypto';
import { billingEventsV1 } from '@shelfscan/contracts';
import ExcelJS from 'exceljs';
import { HOLD_SELLER, storeAsins } from './fake-scan-engine.js';
import { eventually } from '@shelfscan/testing';
import { startStack, type Stack } from './stack.js';

const SELLER = 'AGATEWAY0001';
const store = (seller = SELLER, host = 'www.amazon.ca') => `https://${host}/s?me=${seller}`;

/** The scan routes (gateway/README.md, "Scan routes") through the real layers: gateway → bus → search + scraper (fake engine) → PostgreSQL. */
describe('gateway + search service: the scan routes', () => {
  let stack: Stack;
  const tokens: Record<string, string> = {};

  async function account(email: string): Promise<string> {
    await stack.call('POST', '/api/public/register', {
      firstName: 'Deniz',
      lastName: 'Kaya',
      email,
      password: 'secret1',
    });
    await stack.call('POST', '/api/public/activate', { email, code: await stack.mailedCode(email) });
    const login = await stack.call('POST', '/api/authenticate', { email, password: 'secret1' });
    return login.json().data.token as string;
  }

  async function grant(email: string, features: string[]) {
    const start = Date.now() - 60_000;
    const subscriptionId = randomUUID();
    await stack.publish(billingEventsV1.PlanActivatedSchema, {
      subscriptionId,
      userEmail: email,
      features,
      trial: false,
      periodStart: new Date(start).toISOString(),
      periodEnd: new Date(start + 30 * 86_400_000).toISOString(),
    });
    await eventually(async () => {
      const q = await stack.call('GET', '/api/search-info/quota', undefined, {
        authorization: `Bearer ${tokens[email]}`,
      });
      return features.every((f) => q.json().data.plans[f]);
    });
    return subscriptionId;
  }

  /** A call with the token of one of the test users. */
  function as(
    who: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: object,
    tokenOf?: string,
    headers: Record<string, string> = {},
  ) {
    return stack.call(method, url, body, { authorization: `Bearer ${tokens[tokenOf ?? who]}`, ...headers });
  }

  const todoWhen = (who: string, id: string, ok: (t: Record<string, unknown>) => boolean) =>
    eventually(async () => {
      const t = (await as(who, 'GET', `/api/search-info/${id}`)).json().data;
      return ok(t) ? t : undefined;
    });

  beforeAll(async () => {
    stack = await startStack({ ADMIN_EMAIL: 'admin@shelfscan.test', ADMIN_PASSWORD: 'admin-pass' }, [], {
      scans: true,
    });
    tokens.seller = await account('seller@example.com');
    tokens.other = await account('other@example.com');
    tokens.noplan = await account('noplan@example.com');
    tokens['seller@example.com'] = tokens.seller;
    tokens['other@example.com'] = tokens.other;
    const admin = await stack.call('POST', '/api/authenticate', {
      email: 'admin@shelfscan.test',
      password: 'admin-pass',
    });
    tokens.admin = admin.json().data.token;
    await grant('seller@example.com', ['standard', 'deep', 'functional']);
    await grant('other@example.com', ['standard']);
  }, 60_000);
  afterAll(() => stack.stop(), 60_000);

  it('needs a token', async () => {
    expect((await stack.call('GET', '/api/search-info')).statusCode).toBe(401);
    expect((await stack.call('GET', '/api/marketplace')).statusCode).toBe(401);
  });

  it('creates a scan, follows it to COMPLETED and downloads the list with its Turkish name', async () => {
    const res = await as('seller', 'POST', '/api/search-info', {
      searchType: 'standard',
      fileName: 'Şapka çantası',
      storeUrl: store(),
      market: 'ca',
    });
    expect(res.statusCode).toBe(200);
    const todo = res.json().data;
    expect(Object.keys(todo).sort()).toEqual(
      [
        'id',
        'searchType',
        'state',
        'status',
        'fileName',
        'storeUrl',
        'sellerId',
        'keyword',
        'market',
        'categories',
        'minPrice',
        'maxPrice',
        'minStar',
        'maxStar',
        'amazonChoice',
        'bestSeller',
        'searchDate',
        'searchCompleteDate',
        'searchCancelDate',
        'asinCount',
        'reportedTotal',
        'coverage',
        'coverageLine',
        'failureReason',
        'failureCode',
        'progress',
        'asinListSize',
      ].sort(),
    );
    expect(todo).toMatchObject({
      searchType: 'standard',
      state: 'pending',
      status: 'PENDING',
      market: 'CA',
      sellerId: SELLER,
      keyword: null,
      minPrice: null,
      searchCompleteDate: null,
      progress: { pagesFetched: 0, asinsFound: 0, etaSeconds: null, reportedTotal: null, percent: null },
    });
    const doneTodo = await todoWhen('seller', todo.id, (t) => t.status === 'COMPLETED');
    expect(doneTodo).toMatchObject({ state: 'completed', asinCount: 25, reportedTotal: 25, progress: null });
    expect(doneTodo.coverageLine).toMatch(/Found 25 ASINs/);

    const file = await as('seller', 'GET', `/api/search-info/${todo.id}/download`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Sapka cantasi.txt"; filename*=UTF-8''${encodeURIComponent('Şapka çantası.txt')}`,
    );
    expect(file.body).toBe(storeAsins(SELLER).join('\n') + '\n');

    // The table: what the scan saw of each ASIN, with the market, as .csv (BOM, Turkish separators)…
    const csv = await as('seller', 'GET', `/api/search-info/${todo.id}/download?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="Sapka cantasi.csv"; filename*=UTF-8''${encodeURIComponent('Şapka çantası.csv')}`,
    );
    expect([...csv.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.body.slice(1).split('\r\n');
    expect(lines).toHaveLength(27);
    expect(lines[0]).toBe(
      'Pazar;ASIN;Başlık;Fiyat;Para birimi;Liste fiyatı;Yıldız;Değerlendirme;Amazon’un Seçimi;Çok Satan;Prime;Sponsorlu da;Kitap;Kategori;İlk sayfa;Sorgu;İlk görülme',
    );
    const [a0, a1] = storeAsins(SELLER);
    expect(lines[1]).toMatch(
      new RegExp(
        `^CA;${a0};"'=HYPERLINK\\(""http://x""\\)";0,99;CAD;;4,5;100;Evet;Hayır;Evet;Hayır;Hayır;;1;https://www\\.amazon\\.ca/s\\?me=SELLER&page=1;\\d{4}-\\d\\d-\\d\\dT`,
      ),
    );
    expect(lines[2]).toMatch(
      new RegExp(`^CA;${a1};"Şapka; ""şık"", 1";1,99;CAD;6,99;4,5;101;Hayır;Evet;Hayır;Evet;`),
    );
    // …and as .xlsx, a workbook with typed cells.
    const xlsx = await as('seller', 'GET', `/api/search-info/${todo.id}/download?format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(xlsx.headers['content-disposition']).toBe(
      `attachment; filename="Sapka cantasi.xlsx"; filename*=UTF-8''${encodeURIComponent('Şapka çantası.xlsx')}`,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0];
    expect(sheet.name).toBe('Şapka çantası');
    expect(sheet.rowCount).toBe(26);
    expect(sheet.getRow(2).getCell(2).value).toBe(a0);
    expect(sheet.getRow(3).getCell(3).value).toBe('Şapka; "şık", 1');
    expect(sheet.getRow(3).getCell(4).value).toBe(1.99);
    expect(sheet.getRow(3).getCell(6).value).toBe(6.99);
    expect(sheet.getRow(3).getCell(17).type).toBe(ExcelJS.ValueType.Date);
    expect(sheet.autoFilter).toBe('A1:Q26');
    expect((await as('seller', 'GET', `/api/search-info/${todo.id}/download?format=pdf`)).statusCode).toBe(
      422,
    );
  });

  it('streams the partial list while a scan runs; the admin cancels it', async () => {
    const todo = (
      await as('seller', 'POST', '/api/search-info', {
        searchType: 'deep',
        fileName: 'running',
        storeUrl: store(HOLD_SELLER, 'www.amazon.co.uk'),
        market: 'UK',
      })
    ).json().data;
    const running = await todoWhen('seller', todo.id, (t) => t.status === 'PROCESSING' && t.asinCount === 10);
    expect(running).toMatchObject({
      state: 'ongoing',
      progress: { asinsFound: 10, reportedTotal: 25, etaSeconds: 20 },
    });
    // The bar: the time run against that time plus the ETA (just started, 20 s to go).
    expect((running.progress as { percent: number }).percent).toBeLessThan(50);
    const partial = await as('seller', 'GET', `/api/search-info/${todo.id}/download`);
    expect(partial.body.trim().split('\n')).toEqual(storeAsins(HOLD_SELLER).slice(0, 10));

    expect(
      (await as('seller', 'PUT', `/api/search-info/${todo.id}/status`, { status: 'CANCELED' })).statusCode,
    ).toBe(403);
    const cancel = await as(
      'admin',
      'PUT',
      `/api/search-info/${todo.id}/status`,
      { status: 'CANCELED' },
      undefined,
      {
        'accept-language': 'en',
      },
    );
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().message).toBe('Change has been saved.');
    expect(await todoWhen('seller', todo.id, (t) => t.status === 'CANCELED')).toMatchObject({
      state: 'completed',
    });
    const admins = await as('admin', 'GET', '/api/search-info?all=true&q=running');
    expect(admins.json().data[0]).toMatchObject({ id: todo.id, userEmail: 'seller@example.com' });
    expect(
      (await as('seller', 'GET', '/api/search-info?all=true&q=running')).json().data[0].userEmail,
    ).toBeUndefined();

    // The admin list narrowed to one user; a user asking the same gets their own list, never another's.
    const one = await as('admin', 'GET', '/api/search-info?all=true&userEmail=Seller@Example.com&size=100');
    expect(one.json().data.length).toBeGreaterThan(0);
    expect(new Set(one.json().data.map((t: { userEmail: string }) => t.userEmail))).toEqual(
      new Set(['seller@example.com']),
    );
    expect(one.headers['x-total-count']).toBe(String(one.json().data.length));
    const none = await as('admin', 'GET', '/api/search-info?all=true&userEmail=nobody@example.com');
    expect([none.json().data, none.headers['x-total-count']]).toEqual([[], '0']);
    const own = (await as('other', 'GET', '/api/search-info?size=100'))
      .json()
      .data.map((t: { id: string }) => t.id);
    const asked = await as('other', 'GET', '/api/search-info?all=true&userEmail=seller@example.com&size=100');
    expect(asked.json().data.map((t: { id: string }) => t.id)).toEqual(own);
    const bad = await as('admin', 'GET', '/api/search-info?all=true&userEmail=not-an-email');
    expect([bad.statusCode, bad.json().errors]).toEqual([
      422,
      [{ field: 'userEmail', msg: 'E-posta adresi geçersiz.' }],
    ]);
  });

  it('answers 422 lists in the caller’s language, 403 without the plan', async () => {
    const missing = await as('seller', 'POST', '/api/search-info', { searchType: 'standard', market: 'CA' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual([
      { field: 'fileName', msg: 'Bu alan zorunludur.' },
      { field: 'storeUrl', msg: 'Bu alan zorunludur.' },
    ]);
    const wrongMarket = await as(
      'seller',
      'POST',
      '/api/search-info',
      { searchType: 'standard', fileName: 'x', storeUrl: store(SELLER, 'www.amazon.ae'), market: 'CA' },
      undefined,
      { 'accept-language': 'en' },
    );
    expect(wrongMarket.statusCode).toBe(422);
    expect(wrongMarket.json()).toMatchObject({
      errors: [{ field: 'storeUrl', msg: 'The store link is not on the chosen market.' }],
    });
    const deepAu = await as('seller', 'POST', '/api/search-info', {
      searchType: 'deep',
      fileName: 'x',
      storeUrl: store(SELLER, 'www.amazon.com.au'),
      market: 'AU',
    });
    expect(deepAu.json()).toMatchObject({
      status: 422,
      errors: [
        {
          field: 'market',
          msg: 'Derin tarama yalnızca şu pazarlarda çalışır: Kanada, Meksika, Birleşik Arap Emirlikleri ve Birleşik Krallık.',
        },
      ],
    });
    const stars = await as('seller', 'POST', '/api/search-info/functional-search', {
      fileName: 'x',
      storeUrl: store(),
      market: 'CA',
      minStar: 6,
      minPrice: -1,
    });
    expect(stars.statusCode).toBe(422);
    expect(stars.json().errors.map((e: { field: string }) => e.field)).toEqual(['minStar', 'minPrice']);
    const minMax = await as('seller', 'POST', '/api/search-info/functional-search', {
      fileName: 'x',
      storeUrl: store(),
      market: 'CA',
      minPrice: 5,
      maxPrice: 1,
    });
    // The shared rule (as the web's dialog): min above max is reported on the maximum.
    expect(minMax.json()).toMatchObject({ status: 422, errors: [{ field: 'maxPrice' }] });

    const noDeep = await as(
      'other',
      'POST',
      '/api/search-info',
      { searchType: 'deep', fileName: 'x', storeUrl: store(), market: 'CA' },
      undefined,
      { 'accept-language': 'en' },
    );
    expect(noDeep.statusCode).toBe(403);
    expect(noDeep.json()).toMatchObject({ code: 'noDeepPlan', message: 'You do not have a Deep plan.' });
    const noPlan = await as('noplan', 'POST', '/api/search-info/functional-search', {
      fileName: 'x',
      storeUrl: store(),
      market: 'MX',
    });
    expect(noPlan.json()).toMatchObject({ status: 422, errors: [{ field: 'storeUrl' }] });
    const noFunctional = await as('noplan', 'POST', '/api/search-info/functional-search', {
      fileName: 'x',
      storeUrl: store(),
      market: 'CA',
    });
    expect(noFunctional.json()).toMatchObject({
      status: 403,
      code: 'noFunctionalPlan',
      message: 'Fonksiyonel planınız yok.',
    });
  });

  it('lists with filters and x-total-count, by column and by {searchType}{status}', async () => {
    const all = await as('seller', 'GET', '/api/search-info?size=1');
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBe('2');
    expect(all.json().data).toHaveLength(1);
    expect(all.json().data[0].fileName).toBe('running');
    const completed = await as('seller', 'GET', '/api/search-info/completed');
    expect(completed.headers['x-total-count']).toBe('2');
    const deepCanceled = await as('seller', 'GET', '/api/search-info/deepCANCELED');
    expect(deepCanceled.json().data.map((t: { fileName: string }) => t.fileName)).toEqual(['running']);
    expect(
      (await as('seller', 'GET', '/api/search-info/standardCOMPLETED?q=%C5%9Fapka')).headers['x-total-count'],
    ).toBe('1');
    expect((await as('seller', 'GET', '/api/search-info/pending')).headers['x-total-count']).toBe('0');
    expect((await as('seller', 'GET', '/api/search-info?size=101')).statusCode).toBe(422);
    expect((await as('seller', 'GET', '/api/search-info?from=yesterday')).statusCode).toBe(422);
  });

  it('moves to archived and back, deletes, and runs again', async () => {
    const list = (await as('seller', 'GET', '/api/search-info/completed')).json().data as { id: string }[];
    const ids = list.map((t) => ({ id: t.id }));
    const moved = await as('seller', 'POST', '/dashboard/archived', { todo: ids }, undefined, {
      'accept-language': 'en',
    });
    expect(moved.json()).toEqual({ success: true, message: 'Change has been saved.' });
    expect((await as('seller', 'GET', '/api/search-info/archived')).headers['x-total-count']).toBe('2');
    const refused = await as('seller', 'POST', '/dashboard/pending', { todo: ids });
    expect(refused.json()).toMatchObject({ status: 422, code: 'stateNotAllowed' });
    expect((await as('seller', 'POST', '/dashboard/completed', { todo: ids })).statusCode).toBe(200);

    const again = await as('seller', 'POST', `/api/search-info/${list[1]!.id}/rerun`);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ status: 'PENDING', fileName: 'Şapka çantası' });
    await todoWhen('seller', again.json().data.id, (t) => t.status === 'COMPLETED');
    const deleted = await as('seller', 'DELETE', `/dashboard/${again.json().data.id}`);
    expect(deleted.json()).toEqual({ success: true, message: 'Tarama silindi.' });
    expect((await as('seller', 'GET', `/api/search-info/${again.json().data.id}`)).statusCode).toBe(404);
  });

  it('answers 404 on every route with another user’s scan', async () => {
    const mine = (await as('seller', 'GET', '/api/search-info/completed')).json().data[0].id as string;
    const answers = await Promise.all([
      as('other', 'GET', `/api/search-info/${mine}`),
      as('other', 'GET', `/api/search-info/${mine}/download`),
      as('other', 'POST', `/api/search-info/${mine}/rerun`),
      as('other', 'POST', '/dashboard/archived', { todo: [{ id: mine }] }),
      as('other', 'DELETE', `/dashboard/${mine}`),
      as('seller', 'GET', '/api/search-info/not-a-scan'),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
    expect(answers[0]!.json()).toMatchObject({ success: false, code: 'searchNotFound' });
    expect((await as('seller', 'GET', `/api/search-info/${mine}`)).json().data.state).toBe('completed');
  });

  it('refuses downloads without an active plan', async () => {
    tokens.lapsed = tokens['lapsed@example.com'] = await account('lapsed@example.com');
    const subscriptionId = await grant('lapsed@example.com', ['standard']);
    const todo = (
      await as('lapsed', 'POST', '/api/search-info', {
        searchType: 'standard',
        fileName: 'lapsed',
        storeUrl: store(),
        market: 'CA',
      })
    ).json().data;
    await todoWhen('lapsed', todo.id, (t) => t.status === 'COMPLETED');
    expect((await as('lapsed', 'GET', `/api/search-info/${todo.id}/download`)).statusCode).toBe(200);
    await stack.publish(billingEventsV1.PlanExpiredSchema, {
      subscriptionId,
      userEmail: 'lapsed@example.com',
      reason: 'ended',
    });
    await eventually(async () => {
      const q = await as('lapsed', 'GET', '/api/search-info/quota');
      return !q.json().data.plans.standard;
    });
    const denied = await as('lapsed', 'GET', `/api/search-info/${todo.id}/download`, undefined, undefined, {
      'accept-language': 'en',
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.headers['content-type']).toMatch(/application\/json/);
    expect(denied.json()).toMatchObject({
      code: 'noActivePlanForDownload',
      message: 'You cannot download because you do not have an active plan.',
    });
    for (const format of ['csv', 'xlsx']) {
      const table = await as('lapsed', 'GET', `/api/search-info/${todo.id}/download?format=${format}`);
      expect([format, table.statusCode, table.json().code]).toEqual([format, 403, 'noActivePlanForDownload']);
    }
  });

  it('answers 429 with Retry-After and retryAt after the day’s standard searches', async () => {
    const q = (await as('other', 'GET', '/api/search-info/quota')).json().data;
    expect(q).toMatchObject({
      plans: { standard: true, deep: false, functional: false },
      standard: { dayLimit: 15, monthLimit: 450 },
      deep: { dayUsed: 0, dayLimit: 5 },
      listLimit: 2720,
    });
    const left = q.standard.dayLimit - q.standard.dayUsed;
    for (let i = 0; i < left; i++) {
      const r = await as('other', 'POST', '/api/search-info', {
        searchType: 'standard',
        fileName: `n${i}`,
        storeUrl: store(),
        market: 'CA',
      });
      expect(r.statusCode).toBe(200);
    }
    const over = await as(
      'other',
      'POST',
      '/api/search-info',
      { searchType: 'standard', fileName: 'over', storeUrl: store(), market: 'CA' },
      undefined,
      { 'accept-language': 'en' },
    );
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({
      code: 'noRemainingDailySearchRights',
      message: 'You have no remaining daily search rights.',
      data: { retryAt: q.nextDayAt },
    });
    const retryAfter = Number(over.headers['retry-after']);
    expect(Math.abs(Date.now() + retryAfter * 1000 - Date.parse(q.nextDayAt))).toBeLessThan(5_000);
  });

  it('lists the markets and a market’s categories', async () => {
    const m = (await as('seller', 'GET', '/api/marketplace')).json().data;
    expect(m.map((x: { countryCode: string }) => x.countryCode)).toEqual([
      'CA',
      'MX',
      'AE',
      'AU',
      'SG',
      'GB',
    ]);
    expect(m[5]).toMatchObject({ name: 'United Kingdom', marketPlaceId: 'A1F83G8C2ARO7P', suffix: 'co.uk' });
    const c = (await as('seller', 'GET', '/api/category?market=CA')).json().data;
    expect(c.at(-1)).toEqual({ label: 'All Categories', level: 1, suffix: 'ca', nodeId: '1' });
    expect((await as('seller', 'GET', '/api/category')).statusCode).toBe(422);
  });

  it('runs an ASIN check: its table, the sold ASINs as .txt and the table as CSV for Excel in both languages', async () => {
    const bad = await as('seller', 'POST', '/api/search-info/asin-check', {
      fileName: 'x',
      market: 'CA',
      asins: 'B0C1234567, B0SHORT',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual([
      { field: 'asins', msg: 'ASIN tam olarak 10 harf ya da rakam olmalıdır.' },
    ]);
    expect(
      (
        await as('noplan', 'POST', '/api/search-info/asin-check', {
          fileName: 'x',
          market: 'CA',
          asins: 'B0C1234567',
        })
      ).json(),
    ).toMatchObject({ status: 403, code: 'noStandardPlan' });

    const created = await as('seller', 'POST', '/api/search-info/asin-check', {
      fileName: 'Ürün kontrolü',
      market: 'CA',
      asins: ['B0C1234567', 'B0C7654321', 'B0NOTFOUND'],
    });
    expect(created.statusCode).toBe(200);
    const todo = created.json().data;
    expect(todo).toMatchObject({ searchType: 'asinCheck', market: 'CA', asinListSize: 3, storeUrl: null });
    await todoWhen('seller', todo.id, (t) => t.status === 'COMPLETED');

    const table = await as('seller', 'GET', `/api/search-info/${todo.id}/asin-check?size=2`);
    expect(table.headers['x-total-count']).toBe('3');
    expect(table.json().data[1]).toEqual({
      asin: 'B0C7654321',
      state: 'sold',
      title: 'Çadır; "şık", 1',
      priceText: '$2.50',
      price: 2.5,
      currency: 'CAD',
      stars: 4.5,
      reviewCount: 1234,
      amazonsChoice: false,
      bestSeller: true,
    });
    const page2 = await as('seller', 'GET', `/api/search-info/${todo.id}/asin-check?size=2&page=1`);
    expect(page2.json().data).toMatchObject([
      { asin: 'B0NOTFOUND', state: 'not-found', title: null, price: null },
    ]);

    const txt = await as('seller', 'GET', `/api/search-info/${todo.id}/download`);
    expect(txt.body).toBe('B0C1234567\nB0C7654321\n');

    const tr = await as('seller', 'GET', `/api/search-info/${todo.id}/download?format=csv`);
    expect(tr.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(tr.headers['content-disposition']).toBe(
      `attachment; filename="Urun kontrolu.csv"; filename*=UTF-8''${encodeURIComponent('Ürün kontrolü')}.csv`,
    );
    const bytes = tr.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the BOM Excel needs for UTF-8
    expect(tr.body.slice(1).split('\r\n')).toEqual([
      'ASIN;Satışta;Başlık;Fiyat;Gösterilen fiyat;Para birimi;Yıldız;Değerlendirme;Amazon’un Seçimi;Çok Satan',
      // A title that starts like a formula is written as text (CSV injection).
      `B0C1234567;Evet;"'=HYPERLINK(""http://x"")";1,50;$1.50;CAD;4,5;1234;Evet;Hayır`,
      'B0C7654321;Evet;"Çadır; ""şık"", 1";2,50;$2.50;CAD;4,5;1234;Hayır;Evet',
      'B0NOTFOUND;Hayır;;;;;;;Hayır;Hayır',
      '',
    ]);
    const en = await as(
      'seller',
      'GET',
      `/api/search-info/${todo.id}/download?format=csv`,
      undefined,
      undefined,
      {
        'accept-language': 'en',
      },
    );
    expect(en.body.slice(1).split('\r\n').slice(0, 3)).toEqual([
      "ASIN,Sold there,Title,Price,Price as shown,Currency,Stars,Ratings,Amazon's Choice,Best Seller",
      `B0C1234567,Yes,"'=HYPERLINK(""http://x"")",1.50,$1.50,CAD,4.5,1234,Yes,No`,
      'B0C7654321,Yes,"Çadır; ""şık"", 1",2.50,$2.50,CAD,4.5,1234,No,Yes',
    ]);

    // A store scan has no table; someone else's check is a 404.
    expect((await as('other', 'GET', `/api/search-info/${todo.id}/asin-check`)).statusCode).toBe(404);
    expect((await as('other', 'GET', `/api/search-info/${todo.id}/download?format=csv`)).statusCode).toBe(
      404,
    );
  });

  it('estimates the wait before a scan; without a probe (here: no marketplace) the estimate is null', async () => {
    const r = await as('seller', 'POST', '/api/search-info/estimate', {
      searchType: 'deep',
      storeUrl: store(),
      market: 'CA',
      categories: ['667823011'],
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toEqual({
      etaSeconds: null,
      pages: 0,
      reportedTotal: null,
      reportedTotalIsLowerBound: false,
      max: null,
      counted: null,
    });
    const bad = await as('seller', 'POST', '/api/search-info/estimate', {
      searchType: 'deep',
      storeUrl: store(SELLER, 'www.amazon.co.uk'),
      market: 'CA',
    });
    expect(bad.json()).toMatchObject({ status: 422, errors: [{ field: 'storeUrl' }] });
  });

  it('an estimate needs the plan of the scan type and is limited per user and hour (issue 20), in both locales', async () => {
    const body = { searchType: 'deep', storeUrl: store(), market: 'CA' };
    const free = await as('noplan', 'POST', '/api/search-info/estimate', body);
    expect(free.statusCode).toBe(403);
    expect(free.json()).toMatchObject({ success: false, code: 'noDeepPlan', message: 'Derin planınız yok.' });
    const freeEn = await as('noplan', 'POST', '/api/search-info/estimate', body, undefined, {
      'accept-language': 'en',
    });
    expect(freeEn.json()).toMatchObject({ code: 'noDeepPlan', message: 'You do not have a Deep plan.' });
    // The Standard plan of "other" allows standard estimates: 10 an hour, then 429.
    const standard = { ...body, searchType: 'standard' };
    for (let i = 0; i < 10; i++)
      expect(
        (await as('other', 'POST', '/api/search-info/estimate', { ...standard, keyword: `k${i}` }))
          .statusCode,
      ).toBe(200);
    const tooMany = await as('other', 'POST', '/api/search-info/estimate', standard);
    expect(tooMany.statusCode).toBe(429);
    expect(Number(tooMany.headers['retry-after'])).toBeGreaterThan(0);
    expect(tooMany.json()).toMatchObject({ success: false, status: 429, code: 'estimateTooMany' });
    expect(tooMany.json().message).toContain('süre tahmini');
    const tooManyEn = await as('other', 'POST', '/api/search-info/estimate', standard, undefined, {
      'accept-language': 'en',
    });
    expect(tooManyEn.json().message).toContain('wait estimates this hour');
  });
  it('scans many stores in one batch: a bad line is named and nothing created; the quota is all or none; combined downloads', async () => {
    tokens.batcher = tokens['batcher@example.com'] = await account('batcher@example.com');
    await grant('batcher@example.com', ['standard']);
    const lines = [store('AGATEWAY0001'), store('AGATEWAY0002'), store('ABATCHSTORE1')];
    const body = { searchType: 'standard', market: 'CA', fileName: 'Rakipler ğüşiöç', storeUrls: lines };
    const count = async () =>
      (await as('batcher', 'GET', '/api/search-info?size=100')).headers['x-total-count'];

    // One line of another market: named by its line (from 1), in both languages; nothing created.
    const bad = { ...body, storeUrls: [lines[0], store('AGATEWAY0003', 'www.amazon.co.uk'), lines[2]] };
    const tr = await as('batcher', 'POST', '/api/search-info/batch', bad);
    expect(tr.statusCode).toBe(422);
    expect(tr.json().errors).toEqual([
      { field: 'storeUrls.2', msg: 'Mağaza bağlantısı seçilen pazara ait değil.' },
    ]);
    const en = await as('batcher', 'POST', '/api/search-info/batch', bad, undefined, {
      'accept-language': 'en',
    });
    expect(en.json().errors).toEqual([
      { field: 'storeUrls.2', msg: 'The store link is not on the chosen market.' },
    ]);
    const tooMany = await as('batcher', 'POST', '/api/search-info/batch', {
      ...body,
      storeUrls: Array.from({ length: 51 }, (_, i) => store(`AGATEWAY${String(i).padStart(4, '0')}`)),
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual([
      { field: 'storeUrls', msg: 'Bir toplu tarama en çok 50 mağaza tarar.' },
    ]);
    expect(await count()).toBe('0');

    // Over the day's quota (15 standard searches): refused whole, saying how many are left.
    const over = await as(
      'batcher',
      'POST',
      '/api/search-info/batch',
      {
        ...body,
        storeUrls: Array.from({ length: 16 }, (_, i) => store(`AGATEWAY${String(i).padStart(4, '0')}`)),
      },
      undefined,
      { 'accept-language': 'en' },
    );
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'batchQuotaExceeded' });
    expect(over.json().message).toContain('(15 left)');
    expect(await count()).toBe('0');
    expect((await as('batcher', 'GET', '/api/search-info/quota')).json().data.standard.dayUsed).toBe(0);

    // Three stores: three scans in one batch, followed to the end.
    const created = await as('batcher', 'POST', '/api/search-info/batch', body);
    expect(created.statusCode).toBe(200);
    const { batchId, scanIds, batch } = created.json().data;
    expect(scanIds).toHaveLength(3);
    expect(batch.todos.map((t: { storeUrl: string }) => t.storeUrl)).toEqual(lines);
    const done = await eventually(async () => {
      const b = (await as('batcher', 'GET', `/api/search-info/batch/${batchId}`)).json().data;
      return b.progress.finished === 3 ? b : undefined;
    });
    expect(done.progress).toEqual({ asinsFound: 75, finished: 3, scans: 3, percent: 100 });
    expect((await as('other', 'GET', `/api/search-info/batch/${batchId}`)).statusCode).toBe(404);

    // The batch list: the caller's batches, newest first, paged as the scan list (total in
    // x-total-count), each as the batch route gives it; another user's never listed.
    const listed = await as('batcher', 'GET', '/api/search-info/batch?page=0&size=5');
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['x-total-count']).toBe('1');
    expect(listed.json().data).toEqual([done]);
    const second = await as('batcher', 'POST', '/api/search-info/batch', { ...body, storeUrls: [lines[2]] });
    const newest = await as('batcher', 'GET', '/api/search-info/batch?size=1');
    expect(newest.headers['x-total-count']).toBe('2');
    expect(newest.json().data.map((b: { id: string }) => b.id)).toEqual([second.json().data.batchId]);
    const older = await as('batcher', 'GET', '/api/search-info/batch?page=1&size=1');
    expect(older.json().data.map((b: { id: string }) => b.id)).toEqual([batchId]);
    const others = await as('other', 'GET', '/api/search-info/batch');
    expect(others.headers['x-total-count']).toBe('0');
    expect(others.json().data).toEqual([]);
    const badSize = await as('batcher', 'GET', '/api/search-info/batch?size=101', undefined, undefined, {
      'accept-language': 'en',
    });
    expect(badSize.statusCode).toBe(422);
    expect(badSize.json().errors).toEqual([{ field: 'size', msg: expect.any(String) }]);

    // The union as .txt: the two GATE stores carry the same 25 ASINs, each is listed once.
    const txt = await as('batcher', 'GET', `/api/search-info/batch/${batchId}/download`);
    expect(txt.headers['content-disposition']).toBe(
      `attachment; filename="Rakipler gusioc.txt"; filename*=UTF-8''${encodeURIComponent('Rakipler ğüşiöç')}.txt`,
    );
    expect(txt.body).toBe([...storeAsins('AGATEWAY0001'), ...storeAsins('ABATCHSTORE1')].join('\n') + '\n');

    // The table: one row per store and ASIN, the store column and the "stores carrying it" count.
    const csv = await as(
      'batcher',
      'GET',
      `/api/search-info/batch/${batchId}/download?format=csv`,
      undefined,
      undefined,
      {
        'accept-language': 'en',
      },
    );
    const rows = csv.body.slice(1).split('\r\n').filter(Boolean);
    expect(rows[0]).toBe(
      "Store,Market,ASIN,Title,Price,Currency,List price,Stars,Ratings,Amazon's Choice,Best Seller,Prime,Also sponsored,Book,Category,First page,Query,First seen,Stores carrying it",
    );
    expect(rows).toHaveLength(76);
    const cells = rows.slice(1).map((r) => [r.split(',')[0], r.split(',')[2], r.split(',').at(-1)]);
    expect(cells.slice(0, 2)).toEqual([
      [lines[0], storeAsins('AGATEWAY0001')[0], '2'],
      [lines[0], storeAsins('AGATEWAY0001')[1], '2'],
    ]);
    expect(cells[25]).toEqual([lines[1], storeAsins('AGATEWAY0001')[0], '2']);
    expect(cells[50]).toEqual([lines[2], storeAsins('ABATCHSTORE1')[0], '1']);
    const xlsx = await as('batcher', 'GET', `/api/search-info/batch/${batchId}/download?format=xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0];
    expect(sheet.rowCount).toBe(76);
    expect(sheet.getRow(1).getCell(1).value).toBe('Mağaza');
    expect(sheet.getRow(1).getCell(19).value).toBe('Satan mağaza sayısı');
    expect(sheet.getRow(52).getCell(19).value).toBe(1);
    expect(sheet.getRow(2).getCell(19).type).toBe(ExcelJS.ValueType.Number);
  });
});

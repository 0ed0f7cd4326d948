import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { billingService, createPaymentProvider, PaymentProvider } from '@shelfscan/billing-service';
import type { CardDetails, ChargeOutcome, ChargeRequest, StoredCard } from '@shelfscan/billing-service';
import { loadConfig } from '@shelfscan/config';
import { adminEventsV1, billingEventsV1 } from '@shelfscan/contracts';
import { HOLD_SELLER } from './fake-scan-engine.js';
import { bulletinOf, istanbulToday } from '../../services/billing/test/fixtures.js';
import { eventually, makePng } from '@shelfscan/testing';
import { startStack, type Stack } from './stack.js';

jest.setTimeout(60_000);

/** The sandbox provider, recording which stored cards were deleted at the provider. */
class RecordingProvider extends PaymentProvider {
  readonly deleted: { cardUserKey: string; cardToken: string }[] = [];
  constructor(private readonly inner: PaymentProvider) {
    super();
  }
  storeCard(card: CardDetails, cardUserKey?: string): Promise<StoredCard> {
    return this.inner.storeCard(card, cardUserKey);
  }
  async deleteCard(cardUserKey: string, cardToken: string): Promise<void> {
    await this.inner.deleteCard(cardUserKey, cardToken);
    this.deleted.push({ cardUserKey, cardToken });
  }
  charge(request: ChargeRequest): Promise<ChargeOutcome> {
    return this.inner.charge(request);
  }
  retrieve(conversationId: string): Promise<ChargeOutcome | null> {
    return this.inner.retrieve(conversationId);
  }
}

const SCHEMAS = ['admin', 'auth', 'billing', 'search', 'scraper'];
const GONE = 'gone@example.com';
const STAY = 'stay@example.com';
const PHONE = '+905554443399';

/**
 * Deleting a user with every service running on one PostgreSQL: the user has a photo, a verified
 * phone, a saved card, a paid plan with its invoice, finished and running scans and a contact
 * message. Afterwards no table of any service schema holds the email, the name or the phone
 * (invoices are kept, anonymised), the card is deleted at the provider, and the other user's
 * data is untouched.
 */
describe('DELETE /api/admin/users/:email: every service forgets the user', () => {
  let stack: Stack;
  let fx: http.Server;
  let provider: RecordingProvider;
  const tokens: Record<string, string> = {};
  const as = (who: string) => ({ authorization: `Bearer ${tokens[who]}` });

  async function signUp(email: string, firstName: string, lastName: string) {
    await stack.call('POST', '/api/public/register', { firstName, lastName, email, password: 'Sel4mlar!x' });
    await stack.call('POST', '/api/public/activate', { email, code: await stack.mailedCode(email) });
    const r = await stack.call('POST', '/api/authenticate', { email, password: 'Sel4mlar!x' });
    tokens[email] = r.json().data.token;
  }

  /** Every text-like column (text, varchar, char, json, jsonb, arrays) of every service table holding `needle`. */
  async function textHolders(needle: string): Promise<string[]> {
    const columns = await stack.sql<{ s: string; t: string; c: string }>(
      `SELECT c.table_schema AS s, c.table_name AS t, c.column_name AS c FROM information_schema.columns c
         JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE c.table_schema = ANY ($1) AND t.table_type = 'BASE TABLE'
          AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')`,
      [SCHEMAS],
    );
    expect(columns.length).toBeGreaterThan(50);
    const found: string[] = [];
    for (const { s, t, c } of columns) {
      const [{ n }] = await stack.sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM "${s}"."${t}" WHERE strpos("${c}"::text, $1) > 0`,
        [needle],
      );
      if (n) found.push(`${s}.${t}.${c}`);
    }
    return found;
  }

  /** The same over every bytea column (outbox envelopes, photos): "schema.table.column topic". */
  async function byteHolders(needle: string): Promise<string[]> {
    const columns = await stack.sql<{ s: string; t: string; c: string }>(
      `SELECT table_schema AS s, table_name AS t, column_name AS c FROM information_schema.columns
        WHERE table_schema = ANY ($1) AND data_type = 'bytea'`,
      [SCHEMAS],
    );
    const found: string[] = [];
    for (const { s, t, c } of columns) {
      const topic = t === 'outbox' ? 'topic' : `''`;
      const rows = await stack.sql<{ topic: string }>(
        `SELECT ${topic} AS topic FROM "${s}"."${t}" WHERE position(convert_to($1, 'UTF8') in "${c}") > 0`,
        [needle],
      );
      found.push(...rows.map((r) => `${s}.${t}.${c} ${r.topic}`.trim()));
    }
    return found;
  }

  beforeAll(async () => {
    fx = http.createServer((_req, res) => res.writeHead(200).end(bulletinOf(istanbulToday(), '10.0000')));
    await new Promise<void>((r) => fx.listen(0, '127.0.0.1', r));
    const env = {
      ADMIN_EMAIL: 'admin@shelfscan.test',
      ADMIN_PASSWORD: 'admin-pass',
      FX_RATES_URL: `http://127.0.0.1:${(fx.address() as AddressInfo).port}/today.xml`,
    };
    provider = new RecordingProvider(
      createPaymentProvider(
        loadConfig(billingService.envSchema, { ...env, DATA_DIR: '/tmp', LOG_LEVEL: 'silent' }),
      ),
    );
    stack = await startStack(env, [{ provide: PaymentProvider, useValue: provider }], { scans: true });
    tokens.admin = (
      await stack.call('POST', '/api/authenticate', { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD })
    ).json().data.token;
    await signUp(GONE, 'Gidecek', 'Kişioğlu');
    await signUp(STAY, 'Kalacak', 'Demir');
  }, 60_000);
  afterAll(async () => {
    await stack?.stop();
    await new Promise((r) => fx?.close(r));
  });

  it('removes the personal data in every schema, deletes the card at the provider, keeps the invoice anonymised', async () => {
    // The user's data in every service: photo and phone (auth, and billing's verified phone),
    // card, plan, invoice and payment (billing), scans finished and running (search, scraper),
    // a contact message and the read models (admin).
    const png = makePng(8);
    const boundary = '----shelfscan' + randomUUID();
    const photo = await stack.app.inject({
      method: 'POST',
      url: '/api/account/photo',
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: { ...as(GONE), 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(photo.statusCode).toBe(200);
    await stack.call(
      'GET',
      `/api/account/send-verification-code?gsm=${encodeURIComponent(PHONE)}`,
      undefined,
      as(GONE),
    );
    const smsDir = path.join(stack.dataDir, 'outbox', 'sms');
    const sms = fs
      .readdirSync(smsDir)
      .filter((f) => f.endsWith(`-${PHONE}.txt`))
      .pop()!;
    const code = /: (\d{6})\./.exec(fs.readFileSync(path.join(smsDir, sms), 'utf8'))![1];
    const verified = await stack.call(
      'GET',
      `/api/account/check-verification-code?verificationCode=${code}`,
      undefined,
      as(GONE),
    );
    expect(verified.statusCode).toBe(200);
    await eventually(
      async () =>
        (await stack.sql(`SELECT 1 FROM billing.verified_phone WHERE user_email = $1`, [GONE])).length,
    );

    const card = await stack.call(
      'POST',
      '/api/card',
      {
        cardAlias: 'Gid',
        cardHolderName: 'Gidecek Kişioğlu',
        cardNumber: '5528790000000008',
        expireYear: '2035',
        expireMonth: '12',
        cvc: '123',
        billing: {
          address: 'Kızılay Mah. 1',
          zipCode: '06420',
          contactName: 'Gidecek Kişioğlu',
          city: 'Ankara',
          country: 'Turkey',
          region: '06',
        },
      },
      as(GONE),
    );
    expect(card.statusCode).toBe(200);
    const bought = await stack.call(
      'POST',
      '/api/user-plan',
      { plan: 'standard', features: ['standard'] },
      as(GONE),
    );
    expect(bought.statusCode).toBe(200);
    const { conversationId } = bought.json().data;
    await eventually(
      async () =>
        (await stack.call('GET', '/api/search-info/quota', undefined, as(GONE))).json().data.plans.standard,
    );
    const scan = (who: string, seller: string) =>
      stack.call(
        'POST',
        '/api/search-info',
        {
          searchType: 'standard',
          fileName: `Dükkan ${who}`,
          storeUrl: `https://www.amazon.ca/s?me=${seller}`,
          market: 'CA',
        },
        as(who),
      );
    const done = (await scan(GONE, 'AGONESELLER1')).json().data;
    await eventually(
      async () =>
        (await stack.call('GET', `/api/search-info/${done.id}`, undefined, as(GONE))).json().data.status ===
        'COMPLETED',
    );
    const held = (await scan(GONE, HOLD_SELLER)).json().data;
    await eventually(
      async () =>
        (await stack.call('GET', `/api/search-info/${held.id}`, undefined, as(GONE))).json().data.status ===
        'PROCESSING',
    );
    expect(
      (
        await stack.call(
          'POST',
          '/api/contact',
          { contactSubject: 'Yardım', contactTitle: 'Ben Gidecek.' },
          as(GONE),
        )
      ).statusCode,
    ).toBe(200);

    // billing publishes InvoiceFinalized in another branch: here it is published as billing would.
    const [invoice] = await stack.sql<Record<string, string>>(
      `SELECT id, number::text AS number, try_kurus::text AS try_kurus, subscription_id, period, finalized_at
         FROM billing.invoice WHERE user_email = $1`,
      [GONE],
    );
    await stack.publish(billingEventsV1.InvoiceFinalizedSchema, {
      invoiceId: invoice.id,
      invoiceNumber: BigInt(invoice.number),
      conversationId,
      userEmail: GONE,
      subscriptionId: invoice.subscription_id,
      features: ['standard'],
      period: invoice.period,
      tryKurus: BigInt(invoice.try_kurus),
      finalizedAt: new Date(invoice.finalized_at).toISOString(),
    });

    // The other user: a granted plan, a scan, a contact message.
    await stack.publish(billingEventsV1.PlanActivatedSchema, {
      subscriptionId: randomUUID(),
      userEmail: STAY,
      features: ['standard'],
      periodStart: new Date(Date.now() - 60_000).toISOString(),
      periodEnd: new Date(Date.now() + 86_400_000).toISOString(),
    });
    await eventually(
      async () =>
        (await stack.call('GET', '/api/search-info/quota', undefined, as(STAY))).json().data.plans.standard,
    );
    const kept = (await scan(STAY, 'ASTAYSELLER1')).json().data;

    const before = await eventually(async () => {
      const d = (await stack.call('GET', `/api/admin/users/${GONE}`, undefined, as('admin'))).json().data;
      return d?.scans?.standard === 2 && d.invoices.length === 1 && d;
    });
    expect(before.invoices[0]).toMatchObject({ conversationId, invoiceNumber: Number(invoice.number) });
    for (const needle of [GONE, 'Kişioğlu', PHONE]) expect(await textHolders(needle)).not.toEqual([]);
    const [saved] = await stack.sql<{ card_user_key: string; card_token: string }>(
      `SELECT card_user_key, card_token FROM billing.card WHERE user_email = $1`,
      [GONE],
    );

    // The admin deletes the user.
    const self = await stack.call('DELETE', '/api/admin/users/admin@shelfscan.test', undefined, as('admin'));
    expect([self.statusCode, self.json().code]).toEqual([409, 'cannotDeleteSelf']);
    const res = await stack.call('DELETE', `/api/admin/users/${GONE}`, undefined, {
      ...as('admin'),
      'accept-language': 'en',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'The user is deleted; their personal data is being removed from every service.',
      data: { userId: before.userId, email: GONE, deletedAt: expect.any(String) },
    });

    // Every service has handled UserDeleted: nothing of the user is left in any text column.
    // (Waits for the consumers, then names the columns still holding it if any.)
    await eventually(
      async () => (await textHolders(GONE)).length === 0 && (await textHolders('Kişioğlu')).length === 0,
    ).catch(() => undefined);
    expect(await textHolders(GONE)).toEqual([]);
    expect(await textHolders('Kişioğlu')).toEqual([]);
    expect(await textHolders(PHONE)).toEqual([]);
    expect(await textHolders('Gidecek')).toEqual([]);
    // Nor in any binary one, but the deletion message itself in the admin's outbox (it has to be delivered).
    expect(
      (await byteHolders(GONE)).filter((h) => h !== 'admin.outbox.envelope shelfscan.admin.v1.UserDeleted'),
    ).toEqual([]);
    expect(provider.deleted).toEqual([{ cardUserKey: saved.card_user_key, cardToken: saved.card_token }]);

    // The invoice is kept as it was, its buyer anonymised; the payment attempt is kept too.
    const pseudonym = `deleted-user-${before.userId}`;
    expect(
      await stack.sql(
        `SELECT number::text, try_kurus::text, status, buyer FROM billing.invoice WHERE user_email = $1`,
        [pseudonym],
      ),
    ).toEqual([
      {
        number: invoice.number,
        try_kurus: invoice.try_kurus,
        status: 'final',
        buyer: { name: '', address: '', anonymised: true },
      },
    ]);
    expect(
      await stack.sql(`SELECT status FROM billing.payment_attempt WHERE user_email = $1`, [pseudonym]),
    ).toEqual([{ status: 'succeeded' }]);
    expect(
      await stack.sql(`SELECT status FROM billing.subscription WHERE user_email = $1`, [pseudonym]),
    ).toEqual([{ status: 'inactive' }]);
    // The running scan was cancelled at the scraper.
    await eventually(
      async () =>
        (await stack.sql(`SELECT status FROM scraper.scan_job WHERE id = $1`, [held.id]))[0]?.status ===
        'cancelled',
    );

    // The account is gone: its token and password no longer work; a second delete is a 404.
    await eventually(
      async () => (await stack.call('GET', '/api/account/user', undefined, as(GONE))).statusCode === 401,
    );
    expect(
      (await stack.call('POST', '/api/authenticate', { email: GONE, password: 'Sel4mlar!x' })).statusCode,
    ).toBe(401);
    const again = await stack.call('DELETE', `/api/admin/users/${GONE}`, undefined, as('admin'));
    expect([again.statusCode, again.json().code]).toEqual([404, 'userNotFound']);
    expect((await stack.call('GET', `/api/admin/users/${GONE}`, undefined, as('admin'))).statusCode).toBe(
      404,
    );

    // UserDeleted handled again (as a second DELETE before auth caught up would send): nothing changes.
    await stack.publish(adminEventsV1.UserDeletedSchema, {
      userId: before.userId,
      userEmail: GONE,
      deletedBy: 'admin@shelfscan.test',
      deletedAt: new Date().toISOString(),
    });
    await eventually(async () => {
      const counts = await stack.sql<{ consumer: string; n: number }>(
        `SELECT consumer, count(*)::int AS n FROM (
           SELECT consumer FROM auth.processed_message UNION ALL SELECT consumer FROM search.processed_message
           UNION ALL SELECT consumer FROM billing.processed_message) p
          WHERE consumer LIKE '%.user-deleted' GROUP BY consumer ORDER BY consumer`,
      );
      return counts.every((c) => c.n === 2) && counts.length === 3;
    });
    expect(await textHolders(GONE)).toEqual([]);
    expect(
      await stack.sql(`SELECT count(*)::int AS n FROM billing.invoice WHERE user_email = $1`, [pseudonym]),
    ).toEqual([{ n: 1 }]);
    expect(provider.deleted).toHaveLength(1);

    // The other user keeps everything.
    expect((await stack.call('GET', `/api/search-info/${kept.id}`, undefined, as(STAY))).statusCode).toBe(
      200,
    );
    expect(
      (await stack.call('GET', `/api/admin/users/${STAY}`, undefined, as('admin'))).json().data,
    ).toMatchObject({
      email: STAY,
      firstName: 'Kalacak',
    });
    expect(await textHolders(STAY)).toEqual(
      expect.arrayContaining(['auth.user_account.email', 'search.todo.user_email']),
    );
    // The admin's scan list, narrowed to one user (?all=true&userEmail=): the other user's scan only.
    const list = await stack.call(
      'GET',
      `/api/search-info?all=true&userEmail=${STAY}`,
      undefined,
      as('admin'),
    );
    expect(list.json().data.map((t: { id: string }) => t.id)).toEqual([kept.id]);
  });
});

import 'reflect-metadata';
process.env.LOG_LEVEL ??= 'silent';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Sealer, codec, inProcessKeyPair } from '@shelfscan/bus';
import { adminEventsV1, authEventsV1, billingV1 } from '@shelfscan/contracts';
import { ManualClock, type PortOverride } from '@shelfscan/service';
import { startTestBed, startTestService } from '@shelfscan/testing';
import { simpleParser, type ParsedMail } from 'mailparser';
import { Client } from 'pg';
import { billingService } from '../src/index.js';

import { SAMPLE_DAY, SAMPLE_XML } from './fixtures.js';

export { SAMPLE_DAY, SAMPLE_XML };

export const CARDS = {
  success: '5528790000000008',
  insufficientFunds: '4111111111111129',
  doNotHonour: '4129111111111111',
  expired: '4125111111111115',
  invalidCvc: '4124111111111116',
  stolen: '4126111111111114',
  threeDs: '5400010000000004',
};

/** A local stand-in for the central bank's today.xml: what it answers is set by the test. */
async function startFxServer() {
  const state = { body: SAMPLE_XML, status: 200, hits: 0 };
  const server = http.createServer((_req, res) => {
    state.hits++;
    res.writeHead(state.status, { 'content-type': 'application/xml' }).end(state.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/kurlar/today.xml`;
  return { state, url, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/**
 * The billing service on a fresh real PostgreSQL database and the in-process bus, with a manual
 * clock (Istanbul noon of the sample's bulletin day), the FX double and the .eml mail outbox.
 */
export async function startHarness(opts: { env?: Record<string, string>; overrides?: PortOverride[] } = {}) {
  const bed = await startTestBed();
  const { db, dataDir, bus, transports } = bed;
  const clock = new ManualClock(`${SAMPLE_DAY}T09:00:00Z`);
  const fx = await startFxServer();
  // the card-sealing pair, as the gateway (public half) and billing (private half) are given it
  const cardKeys = inProcessKeyPair();
  const sealer = new Sealer(cardKeys.publicKeyPem);
  const service = await startTestService(billingService, bed, {
    env: { FX_RATES_URL: fx.url, CARD_SEALING_PRIVATE_KEY: cardKeys.privateKeyPem, ...opts.env },
    clock,
    overrides: opts.overrides,
  });
  const M = billingV1.BillingService.method;
  const mailDir = path.join(dataDir, 'outbox', 'mail');

  const h = {
    db,
    clock,
    fx,
    bus,
    /** The bus as an admin (the admin-only calls whose payload names no one). */
    admin: bus.as({ email: 'admin@example.com', roles: ['ROLE_ADMIN'] }),
    service,
    M,
    /** Moves the clock to noon (Istanbul) of a date. */
    setDay(day: string) {
      clock.set(`${day}T09:00:00Z`);
    },
    async sql<T = Record<string, unknown>>(query: string, params: unknown[] = []): Promise<T[]> {
      const c = new Client({ connectionString: db.url });
      await c.connect();
      try {
        await c.query('SET search_path TO billing');
        return (await c.query(query, params)).rows as T[];
      } finally {
        await c.end();
      }
    },
    /** Every row of every table of the billing schema, as JSON text (a data dump). */
    async dumpSchema(): Promise<string> {
      const tables = await h.sql<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'billing'`,
      );
      const parts: string[] = [];
      for (const { table_name } of tables) {
        const rows = await h.sql(`SELECT row_to_json(t)::text AS j FROM billing."${table_name}" t`);
        parts.push(`-- ${table_name}`, ...rows.map((r) => String(r.j)));
      }
      return parts.join('\n');
    },
    /** The billing events written to the outbox, decoded, oldest first. */
    async events(): Promise<{ type: string; message: Record<string, unknown> }[]> {
      const rows = await h.sql<{ topic: string; envelope: Buffer }>(
        'SELECT topic, envelope FROM outbox ORDER BY created_at, id',
      );
      return rows.map((r) => ({
        type: r.topic.replace(/^shelfscan\.\w+\.v1\./, ''),
        message: codec.decode(new Uint8Array(r.envelope)).message as Record<string, unknown>,
      }));
    },
    async mailsTo(email: string): Promise<ParsedMail[]> {
      if (!fs.existsSync(mailDir)) return [];
      const files = fs
        .readdirSync(mailDir)
        .filter((f) => f.endsWith(`-${email}.eml`))
        .sort();
      return Promise.all(files.map((f) => simpleParser(fs.readFileSync(path.join(mailDir, f)))));
    },
    /** Publishes auth's PhoneVerified as the auth service's relay would. */
    async phoneVerified(email: string, phone: string) {
      const { topic, bytes } = codec.eventOf(
        authEventsV1.PhoneVerifiedSchema,
        { userId: 'u', email, phone },
        crypto.randomUUID(),
      );
      await transports.client().publishEncoded(topic, bytes);
    },
    /** Publishes admin's UserDeleted as the admin service's relay would. */
    async userDeleted(email: string, userId: string) {
      const { topic, bytes } = codec.eventOf(
        adminEventsV1.UserDeletedSchema,
        { userId, userEmail: email, deletedBy: 'admin@example.com', deletedAt: clock.now().toISOString() },
        crypto.randomUUID(),
      );
      await transports.client().publishEncoded(topic, bytes);
    },
    /** The card number and CVC sealed for billing, as the gateway seals them. */
    async seal(email: string, number: string, cvc = '123', iat = Math.floor(clock.now().getTime() / 1000)) {
      return sealer.seal({ number, cvc }, email, new Date(iat * 1000));
    },
    /** Saves a card as the gateway does (the billing address as its card DTO gives it). */
    async addCard(
      email: string,
      cardNumber = CARDS.success,
      billing: Partial<Omit<billingV1.BillingAddress, '$typeName'>> = {},
    ) {
      return bus.request(M.saveCard, {
        email,
        holderName: 'Ayşe Yılmaz',
        sealedCard: await h.seal(email, cardNumber),
        expireMonth: '12',
        expireYear: '2030',
        billing: {
          address: 'Kızılay Mah. 1',
          zipCode: '06420',
          contactName: 'Ayşe Yılmaz',
          city: 'Ankara',
          country: 'Turkey',
          region: '06',
          regionName: 'Ankara',
          ...billing,
        },
      });
    },
    async promotion(p: Partial<billingV1.Promotion> & { code: string }) {
      return (
        await h.admin.request(M.savePromotion, {
          promotion: {
            description: '',
            value: '10',
            type: 'PERCENT',
            minimumBasket: '0',
            count: 100,
            active: true,
            ...p,
          },
        })
      ).promotion!;
    },
    subscribe(
      email: string,
      promotionCode = '',
      features = ['standard'],
      more: Partial<billingV1.SubscribeRequest> = {},
    ) {
      return bus.request(M.subscribe, { email, features, promotionCode, lang: 'tr', ...more });
    },
    async stop() {
      await bed.stop();
      await fx.close();
    },
  };
  return h;
}

export type Harness = Awaited<ReturnType<typeof startHarness>>;

import 'reflect-metadata';
import fs from 'node:fs';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { adminService } from '@shelfscan/admin-service';
import type { DescMessage } from '@bufbuild/protobuf';
import { authService } from '@shelfscan/auth-service';
import { billingService } from '@shelfscan/billing-service';
import { BusClient, codec, inProcessKeyPair, type MemoryBroker } from '@shelfscan/bus';
import { eventTopic } from '@shelfscan/contracts';
import { ScanEngines, scraperService } from '@shelfscan/scraper-service';
import { searchService } from '@shelfscan/search-service';
import { Clock, type PortOverride } from '@shelfscan/service';
import { loadConfig } from '@shelfscan/config';
import { createServiceDataSource } from '@shelfscan/db';
import { startTestBed, startTestService } from '@shelfscan/testing';
import { simpleParser } from 'mailparser';
import { createGateway, gatewayEnvSchema } from '../src/index.js';
import { fakeScanEngines } from './fake-scan-engine.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The real layers for HTTP tests: gateway → in-process bus → admin, auth and billing services → a
 * fresh PostgreSQL database; mail goes to .eml files under the stack's DATA_DIR. With `scans`, also
 * the scraper (on a fake scan engine: no marketplace) and the search service.
 */
export async function startStack(
  env: Record<string, string> = {},
  overrides: PortOverride[] = [],
  options: { scans?: boolean } = {},
) {
  const bed = await startTestBed();
  const { db, dataDir, transports } = bed;
  // The card-sealing pair, made here as the embedded mode makes it: billing opens, the gateway seals.
  const cardKeys = inProcessKeyPair();
  env = {
    CARD_SEALING_PRIVATE_KEY: cardKeys.privateKeyPem,
    CARD_SEALING_PUBLIC_KEY: cardKeys.publicKeyPem,
    ...env,
  };
  // Admin first: it consumes auth's events (the in-process bus keeps none for a group not yet listening).
  for (const service of [adminService, authService, billingService]) {
    await startTestService(service, bed, { env, overrides });
  }
  if (options.scans) {
    await startTestService(scraperService, bed, {
      env,
      overrides: [{ provide: ScanEngines, useValue: fakeScanEngines }],
    });
    await startTestService(searchService, bed, { env });
  }
  // The gateway reads the services' clock when a test gives one (its throttle counters, login delays).
  const clock = overrides.find((o) => o.provide === Clock)?.useValue as Clock | undefined;
  /** A gateway replica on the stack's bus and database. */
  const startGateway = async (): Promise<NestFastifyApplication> => {
    const gateway = await createGateway({
      config: loadConfig(gatewayEnvSchema, { DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env }),
      // a plain client: the gateway asserts the caller of each route's verified token, not the payload's
      bus: new BusClient(transports.client()),
      database: { url: db.url, runMigrations: true },
      clock,
    });
    await gateway.init();
    await gateway.getHttpAdapter().getInstance().ready();
    return gateway;
  };
  const app = await startGateway();
  const replicas: NestFastifyApplication[] = [];

  /** The newest mail to this address. */
  async function lastMail(email: string) {
    const dir = path.join(dataDir, 'outbox', 'mail');
    const files = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(`-${email}.eml`))
      .sort();
    if (!files.length) throw new Error(`no mail to ${email}`);
    return simpleParser(fs.readFileSync(path.join(dir, files[files.length - 1])));
  }

  /** Plain SQL on the stack's database (every service schema, qualified names), opened on first use. */
  const sqlSource = createServiceDataSource({ url: db.url, schema: 'public', entities: [], migrations: [] });

  const call = (method: Method, url: string, body?: object, headers: Record<string, string> = {}) =>
    app.inject({ method, url, payload: body, headers });
  const mailedCode = async (email: string) => /(\d{6})/.exec((await lastMail(email)).subject ?? '')![1];
  const signIn = async (email: string, password: string): Promise<Record<string, string>> => {
    const r = await call('POST', '/api/authenticate', { email, password });
    if (r.statusCode !== 200) throw new Error(`sign-in ${email}: ${r.statusCode} ${r.body}`);
    return { authorization: `Bearer ${r.json().data.token}` };
  };

  return {
    app,
    dataDir,
    /** Another gateway replica (closed with the stack): the same bus, database and clock. */
    async replica(): Promise<NestFastifyApplication> {
      const replica = await startGateway();
      replicas.push(replica);
      return replica;
    },
    async sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
      if (!sqlSource.isInitialized) await sqlSource.initialize();
      return sqlSource.query(text, params);
    },
    /** The in-process broker every message of the stack crosses, encoded (to watch the bus traffic). */
    broker: transports.client().unwrap<MemoryBroker>(),
    call,
    lastMail,
    /** Publishes an event on the bus as its producer's outbox relay would. */
    publish: (schema: DescMessage, data: unknown) =>
      transports.client().publishEncoded(eventTopic(schema), codec.event(eventTopic(schema), data)),
    /** The six-digit code of the newest mail to this address. */
    mailedCode,
    /** Signs in through the API: the headers of later calls (Authorization: Bearer …). */
    signIn,
    /** Registers and activates an account through the API (the mailed code), then signs it in. */
    async newUser(
      email: string,
      { firstName = 'Ayşe', lastName = 'Yılmaz', password = 'Sel4mlar!x' } = {},
    ): Promise<Record<string, string>> {
      const reg = await call('POST', '/api/public/register', { firstName, lastName, email, password });
      if (reg.statusCode !== 200) throw new Error(`register ${email}: ${reg.statusCode} ${reg.body}`);
      await call('POST', '/api/public/activate', { email, code: await mailedCode(email) });
      return signIn(email, password);
    },
    async stop() {
      if (sqlSource.isInitialized) await sqlSource.destroy();
      for (const replica of replicas) await replica.close();
      await app.close();
      await bed.stop();
    },
  };
}

export type Stack = Awaited<ReturnType<typeof startStack>>;

import 'reflect-metadata';
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { DescMessage, MessageInitShape } from '@bufbuild/protobuf';
import { codec, type MemoryBroker, type MemoryTransportClient } from '@shelfscan/bus';
import { authV1 } from '@shelfscan/contracts';
import { simpleParser, type ParsedMail } from 'mailparser';
import { Client } from 'pg';
import { ManualClock, type PortOverride } from '@shelfscan/service';
import { startTestBed, startTestService } from '@shelfscan/testing';
import { authService } from '../src/index.js';

/**
 * The auth service on a fresh real PostgreSQL database and the in-process bus, with a manual
 * clock and the file outboxes under a temporary DATA_DIR. Tests talk to it as the gateway does.
 */
export async function startHarness(env: Record<string, string> = {}, overrides: PortOverride[] = []) {
  const bed = await startTestBed();
  const { db, dataDir, bus } = bed;
  const clock = new ManualClock();
  const service = await startTestService(authService, bed, {
    env: { PUBLIC_URL: 'https://shelfscan.example', ...env },
    clock,
    overrides,
  });
  const mailDir = path.join(dataDir, 'outbox', 'mail');
  const smsDir = path.join(dataDir, 'outbox', 'sms');
  const publisher = bed.transports.client() as MemoryTransportClient;

  const h = {
    /** The auth service's Nest application (its providers: pollers, ports). */
    app: service.app,
    db,
    dataDir,
    clock,
    bus,
    mailDir,
    smsDir,
    /** Every .eml written for this recipient, parsed, oldest first. */
    async mailsTo(email: string): Promise<ParsedMail[]> {
      if (!fs.existsSync(mailDir)) return [];
      const files = fs
        .readdirSync(mailDir)
        .filter((f) => f.endsWith('.eml'))
        .sort();
      const parsed = await Promise.all(
        files.map((f) => simpleParser(fs.readFileSync(path.join(mailDir, f)))),
      );
      return parsed.filter((m) => (m.to && !Array.isArray(m.to) ? m.to.text : '') === email);
    },
    async lastMailTo(email: string): Promise<ParsedMail> {
      const all = await h.mailsTo(email);
      if (!all.length) throw new Error(`no mail to ${email}`);
      return all[all.length - 1];
    },
    /** The six-digit code of the latest activation mail to this address (read from its text). */
    async activationCode(email: string): Promise<string> {
      const text = (await h.lastMailTo(email)).text ?? '';
      const m = /(?:Activation code|Aktivasyon kodunuz|Your activation code)\D*(\d{6})/i.exec(text);
      if (!m) throw new Error(`no code in the mail:\n${text}`);
      return m[1];
    },
    /** The `key` of the latest reset link mailed to this address. */
    async resetKey(email: string): Promise<string> {
      const text = (await h.lastMailTo(email)).text ?? '';
      const m = /resetpassword\?\S*key=([\w-]+)/.exec(text);
      if (!m) throw new Error(`no reset link in the mail:\n${text}`);
      return m[1];
    },
    /** Publishes one event `times` times with the same message id (1: a delivery, more: redeliveries), and waits until handled. */
    async publish<S extends DescMessage>(schema: S, data: MessageInitShape<S>, times = 1): Promise<void> {
      const { topic, bytes } = codec.eventOf(schema, data, randomUUID());
      for (let i = 0; i < times; i++) await publisher.publishEncoded(topic, bytes);
      await publisher.unwrap<MemoryBroker>().drain();
    },
    async sql<T = Record<string, unknown>>(query: string, params: unknown[] = []): Promise<T[]> {
      const c = new Client({ connectionString: db.url });
      await c.connect();
      try {
        return (await c.query(query, params)).rows as T[];
      } finally {
        await c.end();
      }
    },
    async register(
      email: string,
      opts: { password?: string; langKey?: string; phone?: string; firstName?: string } = {},
    ) {
      return bus.request(authV1.AuthService.method.register, {
        firstName: opts.firstName ?? 'Ayşe',
        lastName: 'Yılmaz',
        email,
        phone: opts.phone ?? '',
        password: opts.password ?? 'secret1',
        langKey: opts.langKey ?? 'tr',
      });
    },
    async registerActive(email: string, opts: { password?: string; langKey?: string } = {}) {
      const r = await h.register(email, opts);
      await bus.request(authV1.AuthService.method.activate, { email, code: await h.activationCode(email) });
      return r;
    },
    async login(email: string, password = 'secret1', clientIp = '10.0.0.1') {
      return (await bus.request(authV1.AuthService.method.authenticate, { email, password, clientIp })).token;
    },
    stop: () => bed.stop(),
  };
  return h;
}

export type Harness = Awaited<ReturnType<typeof startHarness>>;

export { authV1 };
export const A = authV1.AuthService.method;

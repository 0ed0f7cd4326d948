import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { DescMessage, MessageInitShape } from '@bufbuild/protobuf';
import { authService } from '@shelfscan/auth-service';
import { codec, type MemoryBroker, type MemoryTransportClient } from '@shelfscan/bus';
import { authV1 } from '@shelfscan/contracts';
import { ManualClock, type RunningService } from '@shelfscan/service';
import { startTestBed, startTestService } from '@shelfscan/testing';
import { adminService, ContactMailer, type ContactMail } from '../src/index.js';

export const ADMIN = { email: 'admin@shelfscan.test', roles: ['ROLE_USER', 'ROLE_ADMIN'] };
export const USER = { email: 'user@shelfscan.test', roles: ['ROLE_USER'] };

/** Records the contact mails instead of sending them; while `failWith` is set, every send throws it. */
export class RecordingContactMailer extends ContactMailer {
  readonly sent: ContactMail[] = [];
  failWith: Error | null = null;
  tries = 0;
  async send(mail: ContactMail): Promise<boolean> {
    this.tries++;
    if (this.failWith) throw this.failWith;
    this.sent.push(mail);
    return true;
  }
}

/**
 * The admin service next to the real auth service, on one fresh PostgreSQL database (a schema
 * each) and the in-process bus, with one manual clock. Tests talk to them as the gateway does.
 */
export async function startAdminHarness() {
  const bed = await startTestBed();
  const { bus, dataDir } = bed;
  const clock = new ManualClock('2030-03-10T12:00:00Z');
  const mailer = new RecordingContactMailer();
  const env = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: 'admin-pass' };
  const startAdmin = () =>
    startTestService(adminService, bed, {
      env,
      clock,
      overrides: [{ provide: ContactMailer, useValue: mailer }],
    });
  const startAuth = () => startTestService(authService, bed, { env, clock });

  let admin: RunningService = await startAdmin();
  let auth: RunningService = await startAuth();
  const publisher = bed.transports.client() as MemoryTransportClient;

  const h = {
    db: bed.db,
    clock,
    bus,
    mailer,
    get admin() {
      return admin;
    },
    get auth() {
      return auth;
    },
    async restartAdmin() {
      await admin.stop();
      admin = await startAdmin();
    },
    async restartAuth() {
      await auth.stop();
      auth = await startAuth();
    },
    /** Publishes an event as its producer's outbox relay would (for producers not built yet: billing), and waits until handled. */
    async publish<S extends DescMessage>(schema: S, data: MessageInitShape<S>): Promise<void> {
      const { topic, bytes } = codec.eventOf(schema, data);
      await publisher.publishEncoded(topic, bytes);
      await publisher.unwrap<MemoryBroker>().drain();
    },
    /** Publishes one event `times` times with the same message id (a redelivery), and waits until handled. */
    async publishSame<S extends DescMessage>(
      schema: S,
      data: MessageInitShape<S>,
      times: number,
    ): Promise<void> {
      const { topic, bytes } = codec.eventOf(schema, data, randomUUID());
      for (let i = 0; i < times; i++) await publisher.publishEncoded(topic, bytes);
      await publisher.unwrap<MemoryBroker>().drain();
    },
    /** Registers and activates an account through the auth service, as a user would. */
    async signUp(email: string, firstName = 'Ayşe', lastName = 'Yılmaz'): Promise<void> {
      await bus.request(authV1.AuthService.method.register, {
        email,
        firstName,
        lastName,
        password: 'secret1',
        phone: '',
        langKey: 'tr',
      });
      const code = /Subject: .*?(\d{6})/.exec(h.lastMail(email))![1];
      await bus.request(authV1.AuthService.method.activate, { email, code });
    },
    /** The text of the newest mail to this address (the .eml file the auth service wrote). */
    lastMail(email: string): string {
      const mailDir = path.join(dataDir, 'outbox', 'mail');
      const file = fs
        .readdirSync(mailDir)
        .filter((f) => f.endsWith(`-${email}.eml`))
        .sort()
        .pop()!;
      return fs.readFileSync(path.join(mailDir, file), 'utf8');
    },
    stop: () => bed.stop(),
  };
  return h;
}

export type AdminHarness = Awaited<ReturnType<typeof startAdminHarness>>;

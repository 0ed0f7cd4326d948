import 'reflect-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { authService } from '@shelfscan/auth-service';
import { billingService } from '@shelfscan/billing-service';
import { BusClient, BusTransports } from '@shelfscan/bus';
import { startService, type PortOverride } from '@shelfscan/service';
import { loadConfig } from '@shelfscan/config';
import { createTestDatabase } from '@shelfscan/db';
import { simpleParser } from 'mailparser';
import { createGateway, gatewayEnvSchema } from '../src/index.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The real layers for HTTP tests: gateway → in-process bus → auth and billing services → a fresh
 * PostgreSQL database; mail goes to .eml files under the stack's DATA_DIR.
 */
export async function startStack(env: Record<string, string> = {}, overrides: PortOverride[] = []) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfscan-gw-'));
  const db = await createTestDatabase();
  const config = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env };
  const transports = new BusTransports({ BUS: 'memory', KAFKA_CLIENT_ID: 'test' });
  const auth = await startService(authService, {
    config: loadConfig(authService.envSchema, config),
    databaseUrl: db.url,
    transports,
    runMigrations: true,
    overrides,
  });
  const billing = await startService(billingService, {
    config: loadConfig(billingService.envSchema, config),
    databaseUrl: db.url,
    transports,
    runMigrations: true,
    overrides,
  });
  const app: NestFastifyApplication = await createGateway({
    config: loadConfig(gatewayEnvSchema, config),
    bus: new BusClient(transports.client()),
  });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();

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

  return {
    app,
    dataDir,
    call: (method: Method, url: string, body?: object, headers: Record<string, string> = {}) =>
      app.inject({ method, url, payload: body, headers }),
    lastMail,
    /** The six-digit code of the newest mail to this address. */
    mailedCode: async (email: string) => /(\d{6})/.exec((await lastMail(email)).subject ?? '')![1],
    async stop() {
      await app.close();
      await billing.stop();
      await auth.stop();
      await transports.close();
      await db.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type Stack = Awaited<ReturnType<typeof startStack>>;

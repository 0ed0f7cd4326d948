import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, freePort } from '@shelfscan/db';
import { printed } from '@shelfscan/testing';
import { simpleParser } from 'mailparser';
import { Client } from 'pg';
import { bulletinOf, cardPayload, istanbulToday } from './fixtures.js';
import { CARDS } from './harness.js';
import { startIyzicoDouble, type IyzicoDouble } from './iyzico-double.js';

/**
 * Exactly once under a crash: the real program (`node apps/all-in-one/dist/main.js`, billing in
 * it, PAYMENT_PROVIDER=iyzico against the local iyzico double) is killed with SIGKILL after the
 * provider took the money and before billing could commit it; restarted on the same data, the
 * retried purchase looks the attempt up and finds the payment: no second charge, one invoice.
 */
const root = path.resolve(__dirname, '../../..');
const main = path.join(root, 'apps/all-in-one/dist/main.js');

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ensureBuilt } = require('../../../scripts/ensure-built.cjs') as {
  ensureBuilt(project: string): void;
};
beforeAll(() => ensureBuilt('apps/all-in-one'), 300_000);

jest.setTimeout(180_000);

function launch(env: Record<string, string>) {
  let out = '';
  const child: ChildProcess = spawn(process.execPath, [main], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<NodeJS.Signals | number | null>((r) =>
    child.on('exit', (code, signal) => r(signal ?? code)),
  );
  const up = () => printed(child, () => out, 'ShelfScan is up', 90_000);
  return { child, exited, up, output: () => out };
}

describe('a charge survives kill -9 between the provider and the commit', () => {
  let double: IyzicoDouble;
  let fx: http.Server;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfscan-crash-'));
  let running: ReturnType<typeof launch> | undefined;

  beforeAll(async () => {
    double = await startIyzicoDouble();
    fx = http.createServer((_req, res) => res.writeHead(200).end(bulletinOf(istanbulToday(), '10.0000')));
    await new Promise<void>((r) => fx.listen(0, '127.0.0.1', r));
    db = await createTestDatabase();
  });
  afterAll(async () => {
    if (running?.child.exitCode === null && !running.child.killed) {
      running.child.kill('SIGINT');
      await running.exited;
    }
    await double?.close();
    await new Promise((r) => fx?.close(r));
    await db?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is looked up after the restart: one charge at the provider, one final invoice, the plan active', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      DATABASE_URL: db.url,
      PAYMENT_PROVIDER: 'iyzico',
      IYZICO_API_KEY: double.apiKey,
      IYZICO_SECRET_KEY: double.secretKey,
      IYZICO_BASE_URL: double.origin,
      FX_RATES_URL: `http://127.0.0.1:${(fx.address() as AddressInfo).port}/today.xml`,
    };
    const call = async (method: string, url: string, body?: object, token?: string) => {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, json: (await res.json()) as { data: Record<string, unknown> } };
    };

    running = launch(env);
    await running.up();
    const email = 'crash-buyer@example.com';
    expect(
      (
        await call('POST', '/api/public/register', {
          firstName: 'Ayşe',
          lastName: 'Yılmaz',
          email,
          password: 'Sel4mlar!x',
        })
      ).status,
    ).toBe(200);
    const mailDir = path.join(dataDir, 'outbox/mail');
    const mail = await simpleParser(
      fs.readFileSync(
        path.join(
          mailDir,
          fs.readdirSync(mailDir).find((f) => f.endsWith(`-${email}.eml`))!,
        ),
      ),
    );
    const code = /(\d{6})/.exec(mail.subject ?? '')![1];
    expect((await call('POST', '/api/public/activate', { email, code })).status).toBe(200);
    const login = async () =>
      (await call('POST', '/api/authenticate', { email, password: 'Sel4mlar!x' })).json.data.token as string;
    let token = await login();
    const card = cardPayload(CARDS.success);
    expect((await call('POST', '/api/card', card, token)).status).toBe(200);

    // The provider takes the money, then the program dies before it hears (and commits) it.
    const victim = running;
    double.state.afterCharge = () => {
      victim.child.kill('SIGKILL');
      return 'no-answer';
    };
    await expect(call('POST', '/api/user-plan', { plan: 'standard' }, token)).rejects.toThrow();
    expect(await victim.exited).toBe('SIGKILL');
    double.state.afterCharge = undefined;
    expect(double.state.charges).toHaveLength(1);
    const [charged] = double.state.charges;

    const pg = new Client({ connectionString: db.url });
    await pg.connect();
    try {
      const rows = async () =>
        (
          await pg.query(
            `SELECT a.conversation_id::text AS id, a.status, i.status AS invoice, i.number::text AS number
               FROM billing.payment_attempt a JOIN billing.invoice i ON i.id = a.invoice_id WHERE a.user_email = $1`,
            [email],
          )
        ).rows;
      // Written before the call, never settled: the crash left it pending.
      expect(await rows()).toEqual([{ id: charged, status: 'pending', invoice: 'draft', number: null }]);

      running = launch(env);
      await running.up();
      token = await login();
      const requestsBefore = double.state.requests.length;
      const retried = await call('POST', '/api/user-plan', { plan: 'standard' }, token);
      expect(retried.status).toBe(200);
      expect(retried.json.data).toMatchObject({ conversationId: charged, plan: { status: 'active' } });
      const after = double.state.requests.slice(requestsBefore).map((r) => r.path);
      expect(after).toEqual(['/payment/detail']); // looked up, not charged again
      expect(double.state.charges).toEqual([charged]);
      expect(await rows()).toEqual([
        { id: charged, status: 'succeeded', invoice: 'final', number: expect.any(String) },
      ]);
      const again = await call('POST', '/api/user-plan', { plan: 'standard' }, token);
      expect(again.status).toBe(409); // the plan is there: no second purchase
      expect(double.state.charges).toEqual([charged]);
    } finally {
      await pg.end();
    }
  });
});

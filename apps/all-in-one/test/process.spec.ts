import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { Client } from 'pg';
import { freePort } from '@shelfscan/db';
import { eventually, printed } from '@shelfscan/testing';

/**
 * The embedded mode as an operator runs it (`node apps/all-in-one/dist/main.js`, what `make up`
 * starts): exit on bad env, a clean Ctrl-C, and no lost or half-written user after kill -9.
 * Builds apps/all-in-one first (scripts/ensure-built.cjs).
 */
const root = path.resolve(__dirname, '../../..');
const main = path.join(root, 'apps/all-in-one/dist/main.js');

interface Proc {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function launch(env: Record<string, string>): Proc {
  let out = '';
  const child = spawn(process.execPath, [main], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own, as a terminal starts a command: its Ctrl-C goes to the whole group.
    detached: true,
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

const waitFor = (p: Proc, text: string, timeoutMs = 60_000) => printed(p.child, p.output, text, timeoutMs);

function postgresPids(dataDir: string): number[] {
  const pids: number[] = [];
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmd.includes('postgres') && cmd.includes(dataDir)) pids.push(Number(pid));
    } catch {
      // gone
    }
  }
  return pids;
}

// The suite builds what it runs (incremental `tsc -b`): never skipped, never testing a stale dist.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ensureBuilt } = require('../../../scripts/ensure-built.cjs') as {
  ensureBuilt(project: string): void;
};
beforeAll(() => ensureBuilt('apps/all-in-one'), 300_000);

describe('embedded mode process', () => {
  jest.setTimeout(180_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfscan-aio-'));
  fs.chmodSync(dataDir, 0o755);
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('exits non-zero naming a malformed variable', async () => {
    const p = launch({ DATA_DIR: dataDir, PORT: 'eighty' });
    expect(await p.exited).toBe(1);
    expect(p.output()).toContain('PORT: expected a TCP port number from 1 to 65535, got "eighty"');
    const q = launch({ DATA_DIR: dataDir, BUS: 'carrier-pigeon' });
    expect(await q.exited).toBe(1);
    expect(q.output()).toMatch(/BUS: expected one of memory, kafka/);
  });

  it('a Ctrl-C while it starts stops it once started, its PostgreSQL included', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfscan-aio-start-'));
    fs.chmodSync(dir, 0o755);
    try {
      const p = launch({ DATA_DIR: dir, PORT: String(await freePort()) });
      await waitFor(p, 'PostgreSQL is up');
      process.kill(-p.child.pid!, 'SIGINT');
      expect(await p.exited).toBe(0);
      expect(p.output()).toContain('PostgreSQL stopped');
      expect(postgresPids(dir)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('loses no committed user and leaves no half-written one after kill -9, then restarts on the same data', async () => {
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port) };
    const first = launch(env);
    await waitFor(first, 'ShelfScan is up');

    const emails = Array.from({ length: 40 }, (_, i) => `crash${i}@example.com`);
    const answered = new Set<string>();
    const requests = emails.map((email, i) =>
      new Promise((r) => setTimeout(r, i * 15))
        .then(() =>
          fetch(`http://127.0.0.1:${port}/api/public/register`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ firstName: 'Crash', lastName: 'Test', email, password: 'secret1' }),
          }),
        )
        .then((res) => {
          if (res.status === 200) answered.add(email);
        })
        .catch(() => undefined),
    );
    // Kill in the middle of the burst.
    await eventually(() => answered.size >= 3, { what: 'three registrations answered', everyMs: 20 });
    first.child.kill('SIGKILL');
    await first.exited;
    await Promise.all(requests);
    expect(answered.size).toBeGreaterThan(0);
    expect(answered.size).toBeLessThan(emails.length);

    const second = launch(env);
    await waitFor(second, 'ShelfScan is up');
    // It listens on loopback only (HOST unset): another address of this machine is refused.
    const lan = Object.values(os.networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
    if (lan) {
      await expect(fetch(`http://${lan}:${port}/healthz`)).rejects.toThrow();
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    } else console.warn('no non-loopback IPv4 address on this machine: the HOST default is not checked');
    // Every answered registration is there: its activation email was written to the .eml outbox
    // before the answer, its code activates it, and it can log in.
    const mailDir = path.join(dataDir, 'outbox/mail');
    for (const email of answered) {
      const file = fs.readdirSync(mailDir).find((f) => f.endsWith(`-${email}.eml`));
      expect({ email, mailed: !!file }).toEqual({ email, mailed: true });
      const mail = await simpleParser(fs.readFileSync(path.join(mailDir, file!)));
      const code = /(\d{6})/.exec(mail.text ?? '')![1];
      const activated = await fetch(`http://127.0.0.1:${port}/api/public/activate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, code }),
      });
      expect({ email, status: activated.status }).toEqual({ email, status: 200 });
      const res = await fetch(`http://127.0.0.1:${port}/api/authenticate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'secret1' }),
      });
      expect({ email, status: res.status }).toEqual({ email, status: 200 });
    }
    // No half-written user: each stored account is whole and has exactly its UserRegistered event.
    const pgPort = fs.readFileSync(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n')[3];
    const password = fs.readFileSync(path.join(dataDir, 'secrets/postgres-password'), 'utf8').trim();
    const db = new Client({
      connectionString: `postgres://postgres:${password}@127.0.0.1:${pgPort}/shelfscan`,
    });
    await db.connect();
    const users = await db.query(
      `SELECT u.email, u.first_name, u.password_hash LIKE '$argon2id$%' AS hashed,
              (SELECT count(*)::int FROM auth.outbox o WHERE o.topic = 'shelfscan.auth.v1.UserRegistered'
                 AND position(convert_to(u.email, 'UTF8') in o.envelope) > 0) AS events
         FROM auth.user_account u WHERE u.email LIKE 'crash%'`,
    );
    await db.end();
    expect(users.rows.length).toBeGreaterThanOrEqual(answered.size);
    for (const row of users.rows)
      expect(row).toEqual({ email: row.email, first_name: 'Crash', hashed: true, events: 1 });

    // Ctrl-C (to the whole process group, as a terminal sends it) stops everything, the database
    // last: no connection is cut under the services.
    process.kill(-second.child.pid!, 'SIGINT');
    expect(await second.exited).toBe(0);
    expect(postgresPids(dataDir)).toEqual([]);
    expect(second.output()).toContain('PostgreSQL stopped');
    expect(second.output()).not.toMatch(/Postgres pool raised an error|terminating connection/);
  });
});

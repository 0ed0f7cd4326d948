import type { createLogger } from '@shelfscan/observability';

type Logger = ReturnType<typeof createLogger>;

/**
 * Ctrl-C / SIGTERM: run `stop` once and exit 0 (1 if it fails). The same Ctrl-C often arrives
 * twice (terminal and parent process), so a repeat within 2 s is ignored; a later one exits at once.
 */
export function stopOnSignals(stop: () => Promise<void>, log: Pick<Logger, 'info' | 'warn' | 'error'>): void {
  let stoppingSince = 0;
  const shutdown = (signal: string) => {
    if (stoppingSince) {
      if (Date.now() - stoppingSince < 2000) return;
      log.warn('second signal: exiting without waiting');
      process.exit(1);
    }
    stoppingSince = Date.now();
    log.info({ signal }, 'stopping');
    stop().then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ err }, 'stop failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

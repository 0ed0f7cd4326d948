// `make up`: ShelfScan in one process (embedded mode).
import 'reflect-metadata';
import { loadConfig, runOrExit } from '@shelfscan/config';
import { createLogger } from '@shelfscan/observability';
import { allInOneEnvSchema } from './config.js';
import { startAllInOne } from './launcher.js';

void runOrExit(async () => {
  const config = loadConfig(allInOneEnvSchema);
  const running = await startAllInOne(config);
  const log = createLogger('all-in-one');
  let stoppingSince = 0;
  const shutdown = (signal: string) => {
    if (stoppingSince) {
      // The same Ctrl-C often arrives twice (terminal and parent); a later one means "now".
      if (Date.now() - stoppingSince < 2000) return;
      log.warn('second signal: exiting without waiting');
      process.exit(1);
    }
    stoppingSince = Date.now();
    log.info({ signal }, 'stopping');
    running.stop().then(
      () => process.exit(0),
      (err) => {
        log.error({ err }, 'stop failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
});

// `make up`: ShelfScan in one process (embedded mode).
import 'reflect-metadata';
import { loadConfig, runOrExit } from '@shelfscan/config';
import { createLogger, stopOnSignals } from '@shelfscan/observability';
import { allInOneEnvSchema } from './config.js';
import { startAllInOne } from './launcher.js';

void runOrExit(async () => {
  const config = loadConfig(allInOneEnvSchema);
  // Signals are handled from the first moment: a Ctrl-C while it starts stops it once started, in
  // order (the terminal's Ctrl-C does not reach PostgreSQL, which is in a process group of its own).
  const started = startAllInOne(config);
  stopOnSignals({
    graceSeconds: config.SHUTDOWN_GRACE_SECONDS,
    log: createLogger('all-in-one'),
    stop: async () => (await started).stop(),
  });
  await started;
});

// `make up`: ShelfScan in one process (embedded mode).
import 'reflect-metadata';
import { loadConfig, runOrExit } from '@shelfscan/config';
import { createLogger } from '@shelfscan/observability';
import { allInOneEnvSchema } from './config.js';
import { startAllInOne } from './launcher.js';
import { stopOnSignals } from './stop-on-signals.js';

void runOrExit(async () => {
  const config = loadConfig(allInOneEnvSchema);
  // Signals are handled from the first moment: a Ctrl-C while it starts stops it once started, in
  // order (the terminal's Ctrl-C does not reach PostgreSQL, which is in a process group of its own).
  const started = startAllInOne(config);
  stopOnSignals(async () => (await started).stop(), createLogger('all-in-one'));
  await started;
});

// `make up`: ShelfScan in one process (embedded mode).
import 'reflect-metadata';
import { loadConfig, runOrExit } from '@shelfscan/config';
import { createLogger } from '@shelfscan/observability';
import { allInOneEnvSchema } from './config.js';
import { startAllInOne } from './launcher.js';
import { stopOnSignals } from './stop-on-signals.js';

void runOrExit(async () => {
  const config = loadConfig(allInOneEnvSchema);
  const running = await startAllInOne(config);
  stopOnSignals(running.stop, createLogger('all-in-one'));
});

// Cluster entry point: the gateway alone, talking to the services over the configured bus.
import 'reflect-metadata';
import { BusClient, BusTransports } from '@shelfscan/bus';
import { ConfigError, loadConfig, runOrExit } from '@shelfscan/config';
import {
  createLogger,
  health,
  startHealthServer,
  startTracing,
  stopOnSignals,
} from '@shelfscan/observability';
import { gatewayEnvSchema } from './config.js';
import { createGateway } from './gateway.js';
import { openGatewayDatabase } from './throttle/database.js';

// `main.js migrate` runs the gateway's migrations (its throttle counters) and exits: the Helm hook Job.
void runOrExit(async () => {
  const config = loadConfig(gatewayEnvSchema);
  const url = config.DATABASE_URL;
  if (!url) {
    throw new ConfigError([
      {
        variable: 'DATABASE_URL',
        expected: 'a postgres:// URL (the throttle counters every replica shares)',
      },
    ]);
  }
  if (process.argv[2] === 'migrate') {
    const { dataSource, applied } = await openGatewayDatabase(url, { runMigrations: true });
    process.stdout.write(`gateway migrations applied: ${applied.length ? applied.join(', ') : 'none'}\n`);
    await dataSource.destroy();
    return;
  }
  startTracing(config, 'gateway');
  // /readyz (on PORT) is ready once the bus client is: its reply consumer in its group.
  health.starting();
  const transports = new BusTransports(config);
  const app = await createGateway({
    config,
    bus: new BusClient(transports.client()),
    database: { url, runMigrations: false },
  });
  await app.listen({ port: config.PORT, host: config.HOST ?? '0.0.0.0' });
  // /metrics for Prometheus on the pod's internal port, as every service serves it.
  const healthServer = await startHealthServer(config.HEALTH_PORT);
  await transports.connect();
  health.started();
  stopOnSignals({
    graceSeconds: config.SHUTDOWN_GRACE_SECONDS,
    log: createLogger('gateway'),
    // in-flight HTTP requests finish (their bus answers still arrive), then the bus closes
    stop: async () => {
      await app.close();
      await transports.close();
      healthServer.close();
    },
  });
});

// Cluster entry point: the gateway alone, talking to the services over the configured bus.
import 'reflect-metadata';
import { BusClient, BusTransports } from '@shelfscan/bus';
import { loadConfig } from '@shelfscan/config';
import { runProcessMain } from '@shelfscan/service';
import { gatewayEnvSchema } from './config.js';
import { createGateway } from './gateway.js';
import { openGatewayDatabase } from './throttle/database.js';

// `main.js migrate` runs the gateway's migrations (its throttle counters) and exits: the Helm hook Job.
// Its /metrics are served on HEALTH_PORT (the pod's internal port) as every service's; /readyz on PORT
// is ready once the bus client is (its reply consumer in its group).
runProcessMain({
  name: 'gateway',
  loadConfig: () => loadConfig(gatewayEnvSchema),
  databaseUse: 'the throttle counters every replica shares',
  migrate: async (_config, url) => {
    const { dataSource, applied } = await openGatewayDatabase(url, { runMigrations: true });
    await dataSource.destroy();
    return applied;
  },
  serve: async (config, url, healthUp) => {
    const transports = new BusTransports(config);
    await healthUp();
    const app = await createGateway({
      config,
      bus: new BusClient(transports.client()),
      database: { url, runMigrations: false },
    });
    await app.listen({ port: config.PORT, host: config.HOST ?? '0.0.0.0' });
    return {
      connect: () => transports.connect(),
      // in-flight HTTP requests finish (their bus answers still arrive), then the bus closes
      stop: async () => {
        await app.close();
        await transports.close();
      },
    };
  },
});

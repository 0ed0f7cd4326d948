// Cluster entry point: the gateway alone, talking to the services over the configured bus.
import 'reflect-metadata';
import { BusClient, BusTransports } from '@shelfscan/bus';
import { loadConfig, runOrExit } from '@shelfscan/config';
import { gatewayEnvSchema } from './config.js';
import { createGateway } from './gateway.js';

void runOrExit(async () => {
  const config = loadConfig(gatewayEnvSchema);
  const transports = new BusTransports(config);
  const app = await createGateway({ config, bus: new BusClient(transports.client()) });
  await app.listen({ port: config.PORT, host: '0.0.0.0' });
  const stop = async () => {
    await app.close();
    await transports.close();
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
});

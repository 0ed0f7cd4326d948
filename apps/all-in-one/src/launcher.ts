import { BusClient, BusTransports, inProcessKeyPair } from '@shelfscan/bus';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '@shelfscan/db';
import { createGateway } from '@shelfscan/gateway';
import { createLogger } from '@shelfscan/observability';
import { startService, type RunningService, type ServiceDeclaration } from '@shelfscan/service';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { embeddedServices, type AllInOneConfig } from './config.js';

export interface Running {
  url: string;
  /** The services, by name (the demo seed reaches the auth service's accounts through it). */
  services: ReadonlyMap<string, RunningService>;
  /** A client of the bus (the demo seeds its plans and promotion through billing's API). */
  bus: BusClient;
  stop(): Promise<void>;
}

/**
 * The embedded mode: a real PostgreSQL under DATA_DIR (unless DATABASE_URL is given), every
 * service module on the in-process bus, and the gateway serving the API and the SPA on PORT.
 * `stop()` closes them in reverse order, the database last.
 */
export async function startAllInOne(
  givenConfig: AllInOneConfig,
  options: { host?: string } = {},
): Promise<Running> {
  const log = createLogger('all-in-one');
  const config = withCardSealingKeys(givenConfig);
  let pg: EmbeddedPostgres | undefined;
  const services: RunningService[] = [];
  let gateway: NestFastifyApplication | undefined;
  const transports = new BusTransports(config);

  const stop = async () => {
    await gateway?.close();
    for (const s of services.reverse()) await s.stop();
    await transports.close();
    await pg?.stop();
  };

  try {
    let databaseUrl = config.DATABASE_URL;
    if (!databaseUrl) {
      // Its own process group: a Ctrl-C reaches this process, which stops PostgreSQL last.
      pg = await startEmbeddedPostgres({ dataDir: config.DATA_DIR, log, ownProcessGroup: true });
      databaseUrl = pg.url;
    }
    for (const service of embeddedServices as readonly ServiceDeclaration[]) {
      services.push(await startService(service, { config, databaseUrl, transports, runMigrations: true }));
    }
    gateway = await createGateway({
      config,
      bus: new BusClient(transports.client()),
      database: { url: databaseUrl, runMigrations: true },
    });
    // Loopback unless HOST says otherwise: `make up` on a laptop is not a server on the network.
    await gateway.listen({ port: config.PORT, host: options.host ?? config.HOST ?? '127.0.0.1' });
  } catch (err) {
    await stop().catch((e) => log.error({ err: e }, 'clean-up after a failed start failed'));
    throw err;
  }
  const url = `http://localhost:${config.PORT}`;
  log.info({ url }, `ShelfScan is up on ${url}`);
  return {
    url,
    services: new Map(services.map((s) => [s.name, s])),
    bus: new BusClient(transports.client()),
    stop,
  };
}

/**
 * The card-sealing pair of the embedded mode, made in-process when neither half is given: billing
 * opens with the private half what the gateway seals with the public one, and no key crosses the
 * bus. (The bus's own keys, identity assertions and password sealing, BusTransports makes so.)
 */
function withCardSealingKeys(config: AllInOneConfig): AllInOneConfig {
  if (config.CARD_SEALING_PRIVATE_KEY || config.CARD_SEALING_PUBLIC_KEY) return config;
  const pair = inProcessKeyPair();
  return {
    ...config,
    CARD_SEALING_PRIVATE_KEY: pair.privateKeyPem,
    CARD_SEALING_PUBLIC_KEY: pair.publicKeyPem,
  };
}

import type { BaseEnv } from '@shelfscan/config';
import { ConfigError, loadConfig, runOrExit } from '@shelfscan/config';
import { createServiceDataSource, openServiceDataSource, type ServiceDataSourceOptions } from '@shelfscan/db';
import { startHealthServer } from '@shelfscan/observability';
import type { z } from 'zod';
import { BusTransports } from './transport-factory.js';

/** A service started on a database and a bus, by the embedded launcher or its cluster entry point. */
export interface RunningService {
  name: string;
  stop(): Promise<void>;
}

export interface ServiceDefinition<S extends z.ZodObject> {
  name: string;
  envSchema: S;
  database: Pick<ServiceDataSourceOptions, 'schema' | 'entities' | 'migrations'>;
  start(opts: {
    config: z.infer<S>;
    databaseUrl: string;
    transports: BusTransports;
    runMigrations: boolean;
  }): Promise<RunningService>;
}

/**
 * The cluster entry point of a service: `node services/<name>/dist/main.js` serves (health and
 * metrics on HEALTH_PORT, SIGTERM/SIGINT stop it cleanly); `... main.js migrate` runs its
 * migrations and exits (the Helm hook Job).
 */
export function runServiceMain<S extends z.ZodObject>(service: ServiceDefinition<S>): void {
  void runOrExit(async () => {
    const config = loadConfig(service.envSchema) as z.infer<S> & BaseEnv;
    const databaseUrl = config.DATABASE_URL;
    if (!databaseUrl) {
      throw new ConfigError([
        { variable: 'DATABASE_URL', expected: 'a postgres:// URL (required outside the embedded mode)' },
      ]);
    }
    if (process.argv[2] === 'migrate') {
      const ds = createServiceDataSource({ url: databaseUrl, ...service.database });
      const applied = await openServiceDataSource(ds, { runMigrations: true });
      process.stdout.write(
        `${service.name} migrations applied: ${applied.length ? applied.join(', ') : 'none'}\n`,
      );
      await ds.destroy();
      return;
    }
    const transports = new BusTransports(config);
    const running = await service.start({ config, databaseUrl, transports, runMigrations: false });
    const healthServer = await startHealthServer(config.HEALTH_PORT);
    const stop = async () => {
      healthServer.close();
      await running.stop();
      await transports.close();
      process.exit(0);
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  });
}

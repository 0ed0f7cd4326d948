import type { BaseEnv } from '@shelfscan/config';
import { ConfigError, loadConfig, runOrExit } from '@shelfscan/config';
import { BusTransports } from '@shelfscan/bus';
import { openServiceDataSource } from '@shelfscan/db';
import { startHealthServer } from '@shelfscan/observability';
import type { z } from 'zod';
import { serviceDataSource, startService, type ServiceDeclaration } from './service.js';

/**
 * The cluster entry point of a service: `node services/<name>/dist/main.js` serves (health and
 * metrics on HEALTH_PORT, SIGTERM/SIGINT stop it cleanly); `... main.js migrate` runs its
 * migrations and exits (the Helm hook Job).
 */
export function runServiceMain<S extends z.ZodObject>(declaration: ServiceDeclaration<S>): void {
  void runOrExit(async () => {
    const config = loadConfig(declaration.envSchema) as z.infer<S> & BaseEnv;
    const databaseUrl = config.DATABASE_URL;
    if (!databaseUrl) {
      throw new ConfigError([
        { variable: 'DATABASE_URL', expected: 'a postgres:// URL (required outside the embedded mode)' },
      ]);
    }
    if (process.argv[2] === 'migrate') {
      const ds = serviceDataSource(declaration as ServiceDeclaration, databaseUrl);
      const applied = await openServiceDataSource(ds, { runMigrations: true });
      process.stdout.write(
        `${declaration.name} migrations applied: ${applied.length ? applied.join(', ') : 'none'}\n`,
      );
      await ds.destroy();
      return;
    }
    const transports = new BusTransports(config);
    const running = await startService(declaration, {
      config,
      databaseUrl,
      transports,
      runMigrations: false,
    });
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

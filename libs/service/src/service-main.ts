import type { BaseEnv } from '@shelfscan/config';
import { ConfigError, loadConfig, runOrExit } from '@shelfscan/config';
import { BusTransports } from '@shelfscan/bus';
import { openServiceDataSource } from '@shelfscan/db';
import {
  createLogger,
  health,
  startHealthServer,
  startTracing,
  stopOnSignals,
} from '@shelfscan/observability';
import type { z } from 'zod';
import { serviceDataSource, startService, type ServiceDeclaration } from './service.js';

/**
 * How long the Kafka consumers of a stopping process wait for their handlers in flight: a share
 * of the grace period, so that handing back scan leases, closing the database and leaving the
 * groups still fit in it.
 */
export function drainTimeoutMs(graceSeconds: number): number {
  return Math.max(1_000, Math.round(graceSeconds * 600));
}

/**
 * The cluster entry point of a service: `node services/<name>/dist/main.js` serves (health and
 * metrics on HEALTH_PORT; SIGTERM/SIGINT stop it within SHUTDOWN_GRACE_SECONDS); `... main.js
 * migrate` runs its migrations and exits (the Helm hook Job). The environment is validated first:
 * a malformed variable stops the process (exit 1) naming it.
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
    const log = createLogger(declaration.name);
    startTracing(config, declaration.name);
    const transports = new BusTransports(config, {
      drainTimeoutMs: drainTimeoutMs(config.SHUTDOWN_GRACE_SECONDS),
    });
    // /healthz answers from the start; /readyz only once the database and the bus are (and until SIGTERM).
    health.starting();
    const healthServer = await startHealthServer(config.HEALTH_PORT);
    const running = await startService(declaration, {
      config,
      databaseUrl,
      transports,
      runMigrations: false,
    });
    await transports.connect();
    health.started();
    stopOnSignals({
      graceSeconds: config.SHUTDOWN_GRACE_SECONDS,
      log,
      stop: async () => {
        await running.stop();
        await transports.close();
        healthServer.close();
      },
    });
  });
}

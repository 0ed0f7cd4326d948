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

/** A process serving: `connect()` once it listens (its bus consumers join), `stop()` on a signal. */
export interface Serving {
  connect(): Promise<void>;
  stop(): Promise<void>;
}

/** What one cluster process (a service or the gateway) does at start, besides the steps they share. */
export interface ProcessEntry<C extends BaseEnv> {
  name: string;
  loadConfig(): C;
  /** Why it needs DATABASE_URL, for the message when it is missing. */
  databaseUse: string;
  /** `main.js migrate`: applies the migrations, answers their names. */
  migrate(config: C, databaseUrl: string): Promise<string[]>;
  /**
   * Starts serving. What can still refuse the configuration (the bus transports: KAFKA_BROKERS, the
   * keys) comes first; then `healthUp()` opens /healthz and /metrics on HEALTH_PORT, before the
   * slow part (the database, the bus) so that the probes answer while it starts.
   */
  serve(config: C, databaseUrl: string, healthUp: () => Promise<void>): Promise<Serving>;
}

/**
 * The cluster entry point of a process: `node <dir>/dist/main.js` serves (health and metrics on
 * HEALTH_PORT, /readyz only once it is connected and until SIGTERM; SIGTERM/SIGINT stop it within
 * SHUTDOWN_GRACE_SECONDS); `... main.js migrate` runs its migrations and exits (the Helm hook Job).
 * The environment is validated first: a malformed variable stops the process (exit 1) naming it.
 */
export function runProcessMain<C extends BaseEnv>(entry: ProcessEntry<C>): void {
  void runOrExit(async () => {
    const config = entry.loadConfig();
    const databaseUrl = config.DATABASE_URL;
    if (!databaseUrl) {
      throw new ConfigError([
        { variable: 'DATABASE_URL', expected: `a postgres:// URL (${entry.databaseUse})` },
      ]);
    }
    if (process.argv[2] === 'migrate') {
      const applied = await entry.migrate(config, databaseUrl);
      process.stdout.write(
        `${entry.name} migrations applied: ${applied.length ? applied.join(', ') : 'none'}\n`,
      );
      return;
    }
    startTracing(config, entry.name);
    health.starting();
    let healthServer: { close(): unknown } | undefined;
    const serving = await entry.serve(config, databaseUrl, async () => {
      healthServer = await startHealthServer(config.HEALTH_PORT);
    });
    await serving.connect();
    health.started();
    stopOnSignals({
      graceSeconds: config.SHUTDOWN_GRACE_SECONDS,
      log: createLogger(entry.name),
      stop: async () => {
        await serving.stop();
        healthServer?.close();
      },
    });
  });
}

/** The cluster entry point of a service (runProcessMain with the service skeleton of service.ts). */
export function runServiceMain<S extends z.ZodObject>(declaration: ServiceDeclaration<S>): void {
  runProcessMain<z.infer<S> & BaseEnv>({
    name: declaration.name,
    loadConfig: () => loadConfig(declaration.envSchema) as z.infer<S> & BaseEnv,
    databaseUse: 'required outside the embedded mode',
    migrate: async (_config, databaseUrl) => {
      const ds = serviceDataSource(declaration as ServiceDeclaration, databaseUrl);
      const applied = await openServiceDataSource(ds, { runMigrations: true });
      await ds.destroy();
      return applied;
    },
    serve: async (config, databaseUrl, healthUp) => {
      const transports = new BusTransports(config, {
        drainTimeoutMs: drainTimeoutMs(config.SHUTDOWN_GRACE_SECONDS),
      });
      await healthUp();
      const running = await startService(declaration, {
        config,
        databaseUrl,
        transports,
        runMigrations: false,
      });
      return {
        connect: () => transports.connect(),
        stop: async () => {
          await running.stop();
          await transports.close();
        },
      };
    },
  });
}

import {
  Global,
  Module,
  type DynamicModule,
  type INestMicroservice,
  type InjectionToken,
  type Provider,
  type Type,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import {
  BusClient,
  BusExceptionFilter,
  BusTables1763800000000,
  BusTransports,
  OutboxRelay,
} from '@shelfscan/bus';
import type { BaseEnv } from '@shelfscan/config';
import { createServiceDataSource, openServiceDataSource } from '@shelfscan/db';
import { NestPinoLogger, createLogger, health } from '@shelfscan/observability';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import { Clock, SystemClock } from '@shelfscan/clock';
import { SystemParameters, SystemParametersHandler, SystemParametersLoader } from './system-parameters.js';

/** The injection token of a service's validated config: `@Inject(SERVICE_CONFIG) config: AuthConfig`. */
export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');

/** Provider tokens a test or the embedded launcher may replace: `{ provide: Clock, useValue: clock }`. */
export type PortOverride = { provide: InjectionToken; useValue: unknown };

/**
 * What a service is. The skeleton (`startService`, `runServiceMain`) owns everything else: the
 * data source on the service's own schema, the bus tables, the outbox relay, idempotent
 * consumption, health, logging and the shutdown order.
 */
export interface ServiceDeclaration<S extends z.ZodObject = z.ZodObject> {
  /** The service's name: also its PostgreSQL schema, log name and bus consumer group. */
  name: string;
  envSchema: S;
  /** The service's own migrations, in order (the bus tables come first, added by the skeleton). */
  migrations: Type[];
  /**
   * Injectable ports (mailer, SMS, payment provider, marketplace engine…), global to the service's
   * modules and replaceable by `overrides`. The skeleton adds Clock, DataSource, BusClient,
   * OutboxRelay, SystemParameters (kept current from SystemParametersChanged) and SERVICE_CONFIG.
   */
  ports?: Provider[];
  /** Feature modules: services, repositories, workers (their lifecycle hooks run in order). */
  modules: (Type | DynamicModule)[];
  /** Every bus handler of the service (request handlers and event subscriptions), in one list. */
  handlers: Type[];
  /**
   * True for the admin service only: it keeps the system parameters in its own tables, so the
   * skeleton does not ask for them at start (every other service does, see SystemParametersLoader).
   */
  ownsSystemParameters?: boolean;
  /** Connection pool size for this config (default 10). */
  poolSize?: (config: z.infer<S>) => number;
}

/** A service started on a database and a bus, by the embedded launcher or its cluster entry point. */
export interface RunningService {
  name: string;
  /** The service's Nest context, to reach a provider (tests, the embedded demo seed). */
  app: INestMicroservice;
  stop(): Promise<void>;
}

export interface StartOptions<S extends z.ZodObject> {
  config: z.infer<S>;
  databaseUrl: string;
  transports: BusTransports;
  runMigrations: boolean;
  overrides?: PortOverride[];
}

/** Declares a service; a typed identity, so a declaration reads as one object. */
export function defineService<S extends z.ZodObject>(
  declaration: ServiceDeclaration<S>,
): ServiceDeclaration<S> {
  return declaration;
}

/**
 * The data source of a declared service: its own schema, the bus tables, then its migrations.
 * Open it with `openServiceDataSource` (the CLI, `main.js migrate` and tests use this too).
 */
export function serviceDataSource(
  declaration: Pick<ServiceDeclaration, 'name' | 'migrations'>,
  url: string,
  poolSize?: number,
): DataSource {
  return createServiceDataSource({
    url,
    schema: declaration.name,
    entities: [],
    migrations: [BusTables1763800000000, ...declaration.migrations],
    poolSize,
  });
}

/**
 * Starts a service: opens its data source (running migrations when asked), builds its Nest
 * context with the skeleton's providers and the service's ports and modules, listens on the bus,
 * starts the outbox relay. `stop()` undoes it in order: stop taking messages, let the modules
 * finish (workers stop in their shutdown hooks), stop the relay, close the database.
 */
export async function startService<S extends z.ZodObject>(
  declaration: ServiceDeclaration<S>,
  options: StartOptions<S>,
): Promise<RunningService> {
  const { name } = declaration;
  const log = createLogger(name);
  const dataSource = serviceDataSource(
    declaration as ServiceDeclaration,
    options.databaseUrl,
    declaration.poolSize?.(options.config),
  );
  const applied = await openServiceDataSource(dataSource, { runMigrations: options.runMigrations });
  if (applied.length) log.info({ applied }, 'migrations applied');
  const relay = new OutboxRelay(dataSource, options.transports.client(), { service: name });

  let app: INestMicroservice | undefined;
  try {
    app = await NestFactory.createMicroservice(rootModule(declaration, options, dataSource, relay), {
      strategy: options.transports.server(name),
      logger: new NestPinoLogger(log),
    });
    app.useGlobalFilters(new BusExceptionFilter());
    await app.listen();
  } catch (err) {
    await app?.close().catch(() => undefined);
    await dataSource.destroy();
    throw err;
  }
  relay.start();
  health.register(`${name}.database`, async () => void (await dataSource.query('SELECT 1')));
  log.info(`${name} service is up`);

  const started = app;
  return {
    name,
    app: started,
    async stop() {
      health.unregister(`${name}.database`);
      await started.close();
      await relay.stop();
      await dataSource.destroy();
    },
  };
}

function rootModule<S extends z.ZodObject>(
  declaration: ServiceDeclaration<S>,
  options: StartOptions<S>,
  dataSource: DataSource,
  relay: OutboxRelay,
): DynamicModule {
  const overridden = new Set((options.overrides ?? []).map((o) => o.provide));
  const ports = (declaration.ports ?? []).filter((p) => !overridden.has(tokenOf(p)));
  const core: Provider[] = [
    { provide: SERVICE_CONFIG, useValue: options.config as BaseEnv },
    { provide: DataSource, useValue: dataSource },
    { provide: OutboxRelay, useValue: relay },
    { provide: BusClient, useValue: new BusClient(options.transports.client()) },
    ...(overridden.has(Clock) ? [] : [{ provide: Clock, useClass: SystemClock }]),
    ...(overridden.has(SystemParameters) ? [] : [SystemParameters]),
    ...(declaration.ownsSystemParameters ? [] : [SystemParametersLoader]),
    ...ports,
    ...(options.overrides ?? []),
  ];

  @Global()
  @Module({})
  class ServiceCoreModule {}

  @Module({})
  class ServiceRootModule {}

  return {
    module: ServiceRootModule,
    imports: [
      { module: ServiceCoreModule, providers: core, exports: core.map(tokenOf) },
      ...declaration.modules,
    ],
    controllers: [...declaration.handlers, SystemParametersHandler],
  };
}

function tokenOf(p: Provider): InjectionToken {
  return typeof p === 'function' ? p : p.provide;
}

import 'reflect-metadata';
import {
  Controller,
  Inject,
  Injectable,
  Module,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleDestroy,
} from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { BusClient, BusTransports, OutboxRelay, RpcHandler, addToOutbox, codec } from '@shelfscan/bus';
import { ConfigError, baseEnvSchema, env, loadConfig } from '@shelfscan/config';
import { authEventsV1, authV1 } from '@shelfscan/contracts';
import { createTestDatabase } from '@shelfscan/db';
import { health } from '@shelfscan/observability';
import { DataSource, type MigrationInterface, type QueryRunner } from 'typeorm';
import { z } from 'zod';
import {
  Clock,
  ManualClock,
  SERVICE_CONFIG,
  SystemParameters,
  defineService,
  drainTimeoutMs,
  mergeEnvSchemas,
  startService,
} from '../src/index.js';

describe('mergeEnvSchemas', () => {
  const gateway = { name: 'gateway', envSchema: baseEnvSchema.extend({ PORT: env.port(8080) }) };

  it('merges the variables of every part, shared base fields included', () => {
    const a = { name: 'a', envSchema: baseEnvSchema.extend({ A_ONLY: env.int(3) }) };
    const merged = mergeEnvSchemas([gateway, a]);
    const config = loadConfig(merged, { PORT: '9000', A_ONLY: '7' });
    expect(config).toMatchObject({ PORT: 9000, A_ONLY: 7, BUS: 'memory' });
  });

  it('accepts the same rule declared twice by separate calls', () => {
    const b = { name: 'b', envSchema: z.object({ PORT: env.port(8080) }) };
    expect(() => mergeEnvSchemas([gateway, b])).not.toThrow();
  });

  it('stops with the variable and both declarers when two rules differ', () => {
    const b = { name: 'billing', envSchema: z.object({ PORT: env.int(8080, 1, 10) }) };
    const c = { name: 'search', envSchema: z.object({ LIMIT: env.int(5) }) };
    const d = { name: 'admin', envSchema: z.object({ LIMIT: env.int(6) }) };
    let error: unknown;
    try {
      mergeEnvSchemas([gateway, b, c, d]);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).issues).toEqual([
      { variable: 'PORT', expected: 'one rule, but gateway and billing declare it differently' },
      { variable: 'LIMIT', expected: 'one rule, but search and admin declare it differently' },
    ]);
  });
});

describe('startService (real PostgreSQL, in-process bus)', () => {
  const events: string[] = [];

  class CreateThing1700000000001 implements MigrationInterface {
    name = 'CreateThing1700000000001';
    async up(q: QueryRunner) {
      await q.query('CREATE TABLE thing (id serial PRIMARY KEY, at timestamptz NOT NULL)');
    }
    async down(q: QueryRunner) {
      await q.query('DROP TABLE thing');
    }
  }

  @Injectable()
  class Things
    implements OnApplicationBootstrap, OnModuleDestroy, BeforeApplicationShutdown, OnApplicationShutdown
  {
    constructor(
      @Inject(DataSource) private readonly ds: DataSource,
      @Inject(Clock) private readonly clock: Clock,
      @Inject(OutboxRelay) private readonly outbox: OutboxRelay,
      @Inject(SERVICE_CONFIG) readonly config: { THING_LABEL: string },
    ) {}

    async add(email: string): Promise<string> {
      const at = this.clock.now();
      await this.ds.transaction(async (m) => {
        await m.query('INSERT INTO thing (at) VALUES ($1)', [at]);
        await addToOutbox(m, authEventsV1.UserRegisteredSchema, { userId: 'u', email });
      });
      this.outbox.nudge();
      return at.toISOString();
    }

    onApplicationBootstrap() {
      events.push('bootstrap');
    }
    onModuleDestroy() {
      events.push(`module-destroy (db open: ${this.ds.isInitialized})`);
    }
    beforeApplicationShutdown() {
      events.push('before-shutdown');
    }
    onApplicationShutdown() {
      events.push(`shutdown (db open: ${this.ds.isInitialized})`);
    }
  }

  @Module({ providers: [Things], exports: [Things] })
  class ThingsModule {}

  @Controller()
  class ThingHandlers {
    constructor(@Inject(Things) private readonly things: Things) {}

    @RpcHandler(authV1.AuthService.method.checkActivation)
    async check(@Payload() req: authV1.CheckActivationRequest) {
      await this.things.add(req.email);
      return { activated: this.things.config.THING_LABEL === 'on' };
    }
  }

  const thingService = defineService({
    name: 'thing',
    envSchema: baseEnvSchema.extend({ THING_LABEL: z.string().default('off') }),
    migrations: [CreateThing1700000000001],
    modules: [ThingsModule],
    handlers: [ThingHandlers],
  });

  it('runs a declared service: migrations, config, ports, handlers, outbox, health, then stops in order', async () => {
    const db = await createTestDatabase();
    const transports = new BusTransports({ BUS: 'memory', KAFKA_CLIENT_ID: 'test' });
    const clock = new ManualClock('2031-02-03T04:05:06Z');
    const listener = transports.client();
    const service = await startService(thingService, {
      config: loadConfig(thingService.envSchema, { THING_LABEL: 'on' }),
      databaseUrl: db.url,
      transports,
      runMigrations: true,
      overrides: [{ provide: Clock, useValue: clock }],
    });
    try {
      expect(events).toEqual(['bootstrap']);
      expect(await health.readiness()).toMatchObject({ checks: { 'thing.database': 'ok' } });
      const bus = new BusClient(listener);
      expect(await bus.request(authV1.AuthService.method.checkActivation, { email: 'a@b.c' })).toMatchObject({
        activated: true,
      });
      const ds = service.app.get(DataSource);
      const rows: { at: Date }[] = await ds.query('SELECT at FROM thing');
      expect(rows.map((r) => new Date(r.at).toISOString())).toEqual(['2031-02-03T04:05:06.000Z']);
      // The outbox row is published by the skeleton's relay.
      const until = Date.now() + 5_000;
      for (;;) {
        const [row]: { published_at: Date | null }[] = await ds.query('SELECT published_at FROM outbox');
        if (row?.published_at) break;
        if (Date.now() > until) throw new Error('the outbox row was never published');
        await new Promise((r) => setTimeout(r, 20));
      }
      // A SystemParametersChanged reaches the running service without a restart.
      const parameters = service.app.get(SystemParameters);
      expect(parameters.number('search.deep.dailyLimit')).toBe(5);
      await listener.publishEncoded(
        'shelfscan.admin.v1.SystemParametersChanged',
        codec.event(
          'shelfscan.admin.v1.SystemParametersChanged',
          { parameters: [{ key: 'search.deep.dailyLimit', value1: '9' }], changedBy: 'admin@x.y' },
          'msg-1',
        ),
      );
      const deadline = Date.now() + 5_000;
      while (parameters.number('search.deep.dailyLimit') !== 9 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 10));
      }
      expect(parameters.number('search.deep.dailyLimit')).toBe(9);
      expect(parameters.number('search.standard.dailyLimit')).toBe(15);
    } finally {
      await service.stop();
      await transports.close();
      await db.drop();
    }
    expect(events).toEqual([
      'bootstrap',
      'module-destroy (db open: true)',
      'before-shutdown',
      'shutdown (db open: true)',
    ]);
    expect(service.app.get(DataSource).isInitialized).toBe(false);
    expect((await health.readiness()).checks['thing.database']).toBeUndefined();
  });

  it('/readyz follows the database: not ready while it refuses connections, ready again after', async () => {
    const db = await createTestDatabase();
    const transports = new BusTransports({ BUS: 'memory', KAFKA_CLIENT_ID: 'test' });
    const service = await startService(thingService, {
      config: loadConfig(thingService.envSchema, {}),
      databaseUrl: db.url,
      transports,
      runMigrations: true,
    });
    const dbName = new URL(db.url).pathname.slice(1);
    const admin = new DataSource({ type: 'postgres', url: process.env.TEST_DATABASE_URL });
    await admin.initialize();
    const check = async () => (await health.readiness()).checks['thing.database'];
    try {
      expect(await check()).toBe('ok');
      // the database goes away for this service: no new connections, the open ones cut
      await admin.query(`ALTER DATABASE ${dbName} WITH ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [
        dbName,
      ]);
      expect(await check()).not.toBe('ok');
      expect((await health.readiness()).ready).toBe(false);
      await admin.query(`ALTER DATABASE ${dbName} WITH ALLOW_CONNECTIONS true`);
      const until = Date.now() + 10_000;
      while ((await check()) !== 'ok' && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      expect(await check()).toBe('ok');
    } finally {
      await admin.query(`ALTER DATABASE ${dbName} WITH ALLOW_CONNECTIONS true`).catch(() => undefined);
      await admin.destroy();
      await service.stop();
      await transports.close();
      await db.drop();
    }
  });

  it('drains Kafka consumers for a share of the grace period, never less than a second', () => {
    expect(drainTimeoutMs(25)).toBe(15_000);
    expect(drainTimeoutMs(2)).toBe(1_200);
    expect(drainTimeoutMs(1)).toBe(1_000);
  });
});

import { BusClient, OutboxRelay, startBusService, type BusTransports } from '@shelfscan/bus';
import { createServiceDataSource, openServiceDataSource } from '@shelfscan/db';
import { createLogger, health } from '@shelfscan/observability';
import { AuthModule } from './auth.module.js';
import type { AuthConfig } from './config.js';
import { AUTH_SCHEMA, authEntities, authMigrations } from './db/index.js';
import { loadSigningKeys } from './tokens/key-store.js';
import { TokenService } from './tokens/token.service.js';
import { PasswordHasher } from './users/password-hasher.js';
import { UsersService } from './users/users.service.js';

export interface RunningService {
  name: string;
  stop(): Promise<void>;
}

/**
 * Starts the auth service on a database and a bus: migrations, handlers, outbox relay,
 * the admin account. The embedded launcher and the cluster entry point both call this.
 */
export async function startAuthService(opts: {
  config: AuthConfig;
  databaseUrl: string;
  transports: BusTransports;
  runMigrations: boolean;
}): Promise<RunningService> {
  const log = createLogger('auth');
  const dataSource = createServiceDataSource({
    url: opts.databaseUrl,
    schema: AUTH_SCHEMA,
    entities: authEntities,
    migrations: authMigrations,
  });
  const applied = await openServiceDataSource(dataSource, { runMigrations: opts.runMigrations });
  if (applied.length) log.info({ applied }, 'migrations applied');

  const relay = new OutboxRelay(dataSource, new BusClient(opts.transports.client()).transport, {
    service: 'auth',
  });
  const tokens = new TokenService(
    loadSigningKeys({ privateKeyPem: opts.config.JWT_PRIVATE_KEY, dataDir: opts.config.DATA_DIR }),
    opts.config.JWT_TTL_SECONDS,
  );
  const users = new UsersService({
    dataSource,
    hasher: new PasswordHasher(),
    tokens,
    onOutboxWrite: () => relay.nudge(),
  });
  if (opts.config.ADMIN_EMAIL && opts.config.ADMIN_PASSWORD) {
    await users.ensureAdmin(opts.config.ADMIN_EMAIL, opts.config.ADMIN_PASSWORD);
    log.info({ email: opts.config.ADMIN_EMAIL }, 'admin account ensured');
  }

  const app = await startBusService(
    'auth',
    AuthModule.forRoot({ users, tokens, dataSource }),
    opts.transports,
  );
  relay.start();
  health.register('auth.database', async () => void (await dataSource.query('SELECT 1')));
  log.info('auth service is up');

  return {
    name: 'auth',
    async stop() {
      health.unregister('auth.database');
      await app.close();
      await relay.stop();
      await dataSource.destroy();
    },
  };
}

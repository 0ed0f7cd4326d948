import {
  BusClient,
  OutboxRelay,
  startBusService,
  type BusTransports,
  type RunningService,
} from '@shelfscan/bus';
import { createServiceDataSource, openServiceDataSource } from '@shelfscan/db';
import { createLogger, health } from '@shelfscan/observability';
import { PasswordResetService } from './account/password-reset.service.js';
import { PhoneVerificationService } from './account/phone-verification.service.js';
import { ProfileService } from './account/profile.service.js';
import { AuthModule } from './auth.module.js';
import { Clock } from './clock.js';
import type { AuthConfig } from './config.js';
import { AUTH_SCHEMA, authEntities, authMigrations } from './db/index.js';
import {
  AccountMails,
  createMailer,
  createSmsSender,
  publicUrl,
  type Mailer,
  type SmsSender,
} from './notifications/index.js';
import { loadSigningKeys } from './tokens/key-store.js';
import { TokenService } from './tokens/token.service.js';
import { PasswordHasher } from './users/password-hasher.js';
import { UsersService } from './users/users.service.js';

/** Ports a test may replace (a manual clock, a fake mailer); the config decides the rest. */
export interface AuthPorts {
  clock?: Clock;
  mailer?: Mailer;
  sms?: SmsSender;
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
  ports?: AuthPorts;
}): Promise<RunningService> {
  const log = createLogger('auth');
  const clock = opts.ports?.clock ?? new Clock();
  const mailer = opts.ports?.mailer ?? createMailer(opts.config, clock);
  const sms = opts.ports?.sms ?? createSmsSender(opts.config, clock);
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
    () => clock.now(),
  );
  const hasher = new PasswordHasher();
  const mails = new AccountMails(mailer, publicUrl(opts.config));
  const users = new UsersService({
    dataSource,
    hasher,
    tokens,
    mails,
    clock,
    onOutboxWrite: () => relay.nudge(),
  });
  if (opts.config.ADMIN_EMAIL && opts.config.ADMIN_PASSWORD) {
    await users.ensureAdmin(opts.config.ADMIN_EMAIL, opts.config.ADMIN_PASSWORD);
    log.info({ email: opts.config.ADMIN_EMAIL }, 'admin account ensured');
  }

  const app = await startBusService(
    'auth',
    AuthModule.forRoot({
      users,
      tokens,
      passwordReset: new PasswordResetService({ dataSource, users, hasher, mails }),
      profile: new ProfileService({ dataSource, users, hasher }),
      phone: new PhoneVerificationService({ dataSource, users, sms }),
    }),
    opts.transports,
  );
  relay.start();
  health.register('auth.database', async () => void (await dataSource.query('SELECT 1')));
  log.info(
    {
      mail: opts.config.SMTP_URL ? 'smtp' : 'outbox files',
      sms: opts.config.SMS_PROVIDER ?? 'outbox files',
    },
    'auth service is up',
  );

  return {
    name: 'auth',
    async stop() {
      health.unregister('auth.database');
      await app.close();
      await relay.stop();
      await dataSource.destroy();
      mailer.close();
    },
  };
}

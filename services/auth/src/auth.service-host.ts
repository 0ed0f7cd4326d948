import { mailerPort } from '@shelfscan/mail';
import { Clock, SERVICE_CONFIG, defineService } from '@shelfscan/service';
import { ApiTokensHandlers } from './api-tokens/api-tokens.handlers.js';
import { ApiTokensModule } from './api-tokens/api-tokens.module.js';
import { AccountHandlers } from './account/account.handlers.js';
import { AccountModule } from './account/account.module.js';
import { AlertsHandlers } from './alerts/alerts.handlers.js';
import { AlertsModule } from './alerts/alerts.module.js';
import { authEnvSchema, type AuthConfig } from './config.js';
import { authMigrations } from './db/index.js';
import { SmsSender, createSmsSender } from './notifications/index.js';
import { UserDeletedHandler } from './users/user-deleted.handler.js';
import { UsersHandlers } from './users/users.handlers.js';
import { UsersModule } from './users/users.module.js';

/** The auth service: accounts, activation, login and tokens, password reset, profile, phone. */
export const authService = defineService({
  name: 'auth',
  envSchema: authEnvSchema,
  migrations: authMigrations,
  ports: [
    mailerPort,
    {
      provide: SmsSender,
      inject: [SERVICE_CONFIG, Clock],
      useFactory: (config: AuthConfig, clock: Clock) => createSmsSender(config, clock),
    },
  ],
  modules: [UsersModule, AccountModule, ApiTokensModule, AlertsModule],
  handlers: [UsersHandlers, AccountHandlers, ApiTokensHandlers, UserDeletedHandler, AlertsHandlers],
});

// Cluster entry point: `node services/auth/dist/main.js` (serve) or `... main.js migrate` (hook Job).
import 'reflect-metadata';
import { runServiceMain } from '@shelfscan/bus';
import { startAuthService } from './auth.service-host.js';
import { authEnvSchema } from './config.js';
import { AUTH_SCHEMA, authEntities, authMigrations } from './db/index.js';

runServiceMain({
  name: 'auth',
  envSchema: authEnvSchema,
  database: { schema: AUTH_SCHEMA, entities: authEntities, migrations: authMigrations },
  start: startAuthService,
});

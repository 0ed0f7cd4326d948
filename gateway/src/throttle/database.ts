import { createServiceDataSource, openServiceDataSource } from '@shelfscan/db';
import type { DataSource } from 'typeorm';
import { ThrottleCounters1764300000000 } from './migrations/1764300000000-throttle-counters.js';

/**
 * The gateway's own schema (`gateway`) in the one PostgreSQL: only the throttle counters, so that
 * every replica counts the same requests. Migrations as the services': `main.js migrate` (the
 * chart's hook Job) or at start in the embedded mode and tests.
 */
export function gatewayDataSource(url: string): DataSource {
  return createServiceDataSource({
    url,
    schema: 'gateway',
    entities: [],
    migrations: [ThrottleCounters1764300000000],
    poolSize: 5,
  });
}

export async function openGatewayDatabase(url: string, options: { runMigrations: boolean }) {
  const dataSource = gatewayDataSource(url);
  const applied = await openServiceDataSource(dataSource, options);
  return { dataSource, applied };
}

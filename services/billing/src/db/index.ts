import { Billing1764000000001 } from './migrations/1764000000001-billing.js';

/** In order; new migrations are appended (timestamped file names). The skeleton adds the bus tables. */
export const billingMigrations = [Billing1764000000001];

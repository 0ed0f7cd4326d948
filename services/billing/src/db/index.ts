import { Billing1764000000001 } from './migrations/1764000000001-billing.js';
import { Billing3dsRefundsGrants1765000000002 } from './migrations/1765000000002-billing-3ds-refunds-grants.js';

/** In order; new migrations are appended (timestamped file names). The skeleton adds the bus tables. */
export const billingMigrations = [Billing1764000000001, Billing3dsRefundsGrants1765000000002];

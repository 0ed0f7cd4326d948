import { Billing1764000000001 } from './migrations/1764000000001-billing.js';
import { Billing3dsRefundsGrants1765000000002 } from './migrations/1765000000002-billing-3ds-refunds-grants.js';
import { BillingInvoiceAnonymisation1766000000003 } from './migrations/1766000000003-billing-invoice-anonymisation.js';
import { BillingCardRegion1766000000004 } from './migrations/1766000000004-billing-card-region.js';

/** In order; new migrations are appended (timestamped file names). The skeleton adds the bus tables. */
export const billingMigrations = [
  Billing1764000000001,
  Billing3dsRefundsGrants1765000000002,
  BillingInvoiceAnonymisation1766000000003,
  BillingCardRegion1766000000004,
];

import { Admin1763900000001 } from './migrations/1763900000001-admin.js';
import { AdminHistory1764100000001 } from './migrations/1764100000001-admin-history.js';
import { AdminQuotaExempt1764200000001 } from './migrations/1764200000001-admin-quota-exempt.js';
import { AdminTrackedScans1768100000001 } from './migrations/1768100000001-admin-tracked-scans.js';

/** In order; new migrations are appended (timestamped file names). The skeleton adds the bus tables. */
export const adminMigrations = [
  Admin1763900000001,
  AdminHistory1764100000001,
  AdminQuotaExempt1764200000001,
  AdminTrackedScans1768100000001,
];

import { CreateScanJob1763900000001 } from './migrations/1763900000001-create-scan-job.js';
import { ScanJobCompletedPartial1764900000001 } from './migrations/1764900000001-scan-job-completed-partial.js';
import { CreateAsinCheckItem1765000000001 } from './migrations/1765000000001-create-asin-check-item.js';
import { ScanAsinFacts1768000000001 } from './migrations/1768000000001-scan-asin-facts.js';
import { FairQueue1768000000002 } from './migrations/1768000000002-fair-queue.js';

/** In order; new migrations are appended (timestamped file names). The skeleton adds the bus tables. */
export const scraperMigrations = [
  CreateScanJob1763900000001,
  ScanJobCompletedPartial1764900000001,
  CreateAsinCheckItem1765000000001,
  ScanAsinFacts1768000000001,
  FairQueue1768000000002,
];

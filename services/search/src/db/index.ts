import { CreateSearch1764000000001 } from './migrations/1764000000001-create-search.js';
import { AsinChecks1765000000002 } from './migrations/1765000000002-asin-checks.js';
import { CoverageFacts1766000000003 } from './migrations/1766000000003-coverage-facts.js';
import { EstimateUsage1767000000004 } from './migrations/1767000000004-estimate-usage.js';
import { Webhooks1767200000001 } from './migrations/1767200000001-webhooks.js';
import { Trackers1768000000005 } from './migrations/1768000000005-trackers.js';
import { ScanBatches1768000000006 } from './migrations/1768000000006-scan-batches.js';
import { TrackerAsinUnpriced1768000000008 } from './migrations/1768000000008-tracker-asin-unpriced.js';
import { TodoAsinLookup1768000000019 } from './migrations/1768000000019-todo-asin-lookup.js';
import { WebhookLogRetention1768200000001 } from './migrations/1768200000001-webhook-log-retention.js';

/** In order; new migrations are appended (timestamped file names). The skeleton adds the bus tables. */
export const searchMigrations = [
  CreateSearch1764000000001,
  AsinChecks1765000000002,
  CoverageFacts1766000000003,
  EstimateUsage1767000000004,
  Webhooks1767200000001,
  Trackers1768000000005,
  ScanBatches1768000000006,
  TrackerAsinUnpriced1768000000008,
  TodoAsinLookup1768000000019,
  WebhookLogRetention1768200000001,
];

import { BusTables1763800000000 } from '@shelfscan/bus';
import { CreateScanJob1763900000001 } from './migrations/1763900000001-create-scan-job.js';

export const SCRAPER_SCHEMA = 'scraper';
/** The scraper reads and writes its tables with SQL (jobs/scan-job.repository.ts): no entities. */
export const scraperEntities = [];
/** In order; new migrations are appended (timestamped file names). */
export const scraperMigrations = [BusTables1763800000000, CreateScanJob1763900000001];

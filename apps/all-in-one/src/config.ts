import { adminService } from '@shelfscan/admin-service';
import { authService } from '@shelfscan/auth-service';
import { billingService } from '@shelfscan/billing-service';
import { gatewayEnvSchema } from '@shelfscan/gateway';
import { scraperService } from '@shelfscan/scraper-service';
import { searchService } from '@shelfscan/search-service';
import { mergeEnvSchemas } from '@shelfscan/service';
import type { z } from 'zod';

/**
 * Every service the embedded mode runs, in start order (stopped in reverse). Admin first: the
 * in-process bus keeps no events for a consumer group not yet subscribed, so the admin's read
 * models must be listening before auth publishes; and the others fetch the system parameters from
 * it at start.
 */
export const embeddedServices = [
  adminService,
  authService,
  scraperService,
  searchService,
  billingService,
] as const;

/**
 * The embedded mode reads every service's variables, validated together once at start; a
 * variable two of them declare with different rules stops the start, naming both.
 */
export const allInOneEnvSchema = mergeEnvSchemas([
  { name: 'gateway', envSchema: gatewayEnvSchema },
  ...embeddedServices,
]);
export type AllInOneConfig = z.infer<typeof allInOneEnvSchema>;

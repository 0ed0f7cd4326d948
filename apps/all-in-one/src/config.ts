import { authEnvSchema } from '@shelfscan/auth-service';
import { gatewayEnvSchema } from '@shelfscan/gateway';
import { scraperEnvSchema } from '@shelfscan/scraper-service';
import type { z } from 'zod';

/** The embedded mode reads every service's variables, validated together once at start. */
export const allInOneEnvSchema = gatewayEnvSchema.extend(authEnvSchema.shape).extend(scraperEnvSchema.shape);
export type AllInOneConfig = z.infer<typeof allInOneEnvSchema>;

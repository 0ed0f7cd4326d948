import { baseEnvSchema } from '@shelfscan/config';
import type { z } from 'zod';

/**
 * The search service has no variables of its own: its limits (daily and monthly quotas, the list
 * limit) are system parameters, read at the moment of use.
 */
export const searchEnvSchema = baseEnvSchema.extend({});

export type SearchConfig = z.infer<typeof searchEnvSchema>;

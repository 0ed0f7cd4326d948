import { baseEnvSchema } from '@shelfscan/config';
import type { z } from 'zod';

/** The admin service needs nothing beyond the base variables (its parameters live in its tables). */
export const adminEnvSchema = baseEnvSchema.extend({});

export type AdminConfig = z.infer<typeof adminEnvSchema>;

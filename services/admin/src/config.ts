import { baseEnvSchema } from '@shelfscan/config';

/** The admin service needs nothing beyond the base variables (its parameters live in its tables). */
export const adminEnvSchema = baseEnvSchema.extend({});

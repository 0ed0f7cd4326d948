import { baseEnvSchema, env } from '@shelfscan/config';
import type { z } from 'zod';

/**
 * The search service's limits (daily and monthly quotas, the list limit) are system parameters,
 * read at the moment of use; its one variable is the webhook targets' rule.
 */
export const searchEnvSchema = baseEnvSchema.extend({
  /**
   * `true` lets webhooks use http and reach loopback, private and link-local addresses (local
   * development, `make demo`, tests); off by default: https to public addresses only (docs/security.md).
   */
  WEBHOOK_ALLOW_PRIVATE_TARGETS: env.bool(false),
});

export type SearchConfig = z.infer<typeof searchEnvSchema>;

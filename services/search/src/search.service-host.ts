import { defineService } from '@shelfscan/service';
import { searchEnvSchema } from './config.js';
import { searchMigrations } from './db/index.js';
import { PlanEventsHandlers } from './plans/plan-events.handlers.js';
import { SearchHandlers } from './todos/search.handlers.js';
import { TodosModule } from './todos/todos.module.js';
import { UserDeletedHandler } from './todos/user-deleted.handler.js';
import { WebhooksHandlers } from './webhooks/webhooks.handlers.js';
import { WebhooksModule } from './webhooks/webhooks.module.js';
import { systemResolver } from './webhooks/webhook-target.js';
import { WebhookResolver } from './webhooks/webhooks.service.js';

/**
 * The search service: scan requests (todos) with plan and quota rules, ScanRequested through the
 * outbox, progress and results from the scraper's events, downloads, entitlements from billing's,
 * and the users' webhooks (signed deliveries of tracker.changed and scan.completed).
 */
export const searchService = defineService({
  name: 'search',
  envSchema: searchEnvSchema,
  migrations: searchMigrations,
  ports: [{ provide: WebhookResolver, useValue: { resolve: systemResolver } satisfies WebhookResolver }],
  modules: [TodosModule, WebhooksModule],
  handlers: [SearchHandlers, PlanEventsHandlers, UserDeletedHandler, WebhooksHandlers],
});

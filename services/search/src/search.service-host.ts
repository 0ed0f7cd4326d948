import { defineService } from '@shelfscan/service';
import { searchEnvSchema } from './config.js';
import { searchMigrations } from './db/index.js';
import { PlanEventsHandlers } from './plans/plan-events.handlers.js';
import { SearchHandlers } from './todos/search.handlers.js';
import { TodosModule } from './todos/todos.module.js';
import { UserDeletedHandler } from './todos/user-deleted.handler.js';

/**
 * The search service: scan requests (todos) with plan and quota rules, ScanRequested through the
 * outbox, progress and results from the scraper's events, downloads, entitlements from billing's.
 */
export const searchService = defineService({
  name: 'search',
  envSchema: searchEnvSchema,
  migrations: searchMigrations,
  modules: [TodosModule],
  handlers: [SearchHandlers, PlanEventsHandlers, UserDeletedHandler],
});

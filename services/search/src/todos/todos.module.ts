import { Module } from '@nestjs/common';
import { PlansRepository } from '../plans/plans.repository.js';
import { QuotaRepository } from '../quota/quota.repository.js';
import { ScanEventsService } from './scan-events.service.js';
import { TodoRepository } from './todo.repository.js';
import { TodosService } from './todos.service.js';
import { WebhooksModule } from '../webhooks/webhooks.module.js';

/** Scan tasks, their plans and quotas: repositories and the services the handlers call. */
@Module({
  imports: [WebhooksModule],
  providers: [TodoRepository, PlansRepository, QuotaRepository, TodosService, ScanEventsService],
  exports: [TodosService, ScanEventsService, PlansRepository],
})
export class TodosModule {}

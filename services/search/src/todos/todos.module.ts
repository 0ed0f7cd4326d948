import { Module } from '@nestjs/common';
import { PlansRepository } from '../plans/plans.repository.js';
import { QuotaRepository } from '../quota/quota.repository.js';
import { BatchRepository } from './batch.repository.js';
import { ScanEventsService } from './scan-events.service.js';
import { TodoRepository } from './todo.repository.js';
import { TodosService } from './todos.service.js';

/** Scan tasks, their plans and quotas: repositories and the services the handlers call. */
@Module({
  providers: [
    TodoRepository,
    BatchRepository,
    PlansRepository,
    QuotaRepository,
    TodosService,
    ScanEventsService,
  ],
  exports: [TodosService, ScanEventsService, PlansRepository],
})
export class TodosModule {}

import { Module } from '@nestjs/common';
import { PlansRepository } from '../plans/plans.repository.js';
import { QuotaRepository } from '../quota/quota.repository.js';
import { TrackerRunsService } from '../tracking/tracker-runs.service.js';
import { TrackerRepository } from '../tracking/tracker.repository.js';
import { TrackerScheduler } from '../tracking/tracker.scheduler.js';
import { TrackersService } from '../tracking/trackers.service.js';
import { BatchRepository } from './batch.repository.js';
import { ScanEventsService } from './scan-events.service.js';
import { TodoRepository } from './todo.repository.js';
import { TodosService } from './todos.service.js';
import { WebhooksModule } from '../webhooks/webhooks.module.js';

/** Scan tasks, their plans and quotas, and the trackers that start scans: repositories and the services the handlers call. */
@Module({
  imports: [WebhooksModule],
  providers: [
    TodoRepository,
    BatchRepository,
    PlansRepository,
    QuotaRepository,
    TodosService,
    ScanEventsService,
    TrackerRepository,
    TrackerRunsService,
    TrackersService,
    TrackerScheduler,
  ],
  exports: [TodosService, ScanEventsService, PlansRepository, TrackersService, TrackerScheduler],
})
export class TodosModule {}

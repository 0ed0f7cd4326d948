import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { TrackerAlertsService } from './tracker-alerts.service.js';

/** The tracker alerts sent by the auth service (issue 18). */
@Module({
  imports: [UsersModule],
  providers: [TrackerAlertsService],
  exports: [TrackerAlertsService],
})
export class AlertsModule {}

import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { TelegramPoller } from './telegram-poller.js';
import { TelegramLinks } from './telegram.service.js';
import { TrackerAlertsService } from './tracker-alerts.service.js';

/** The tracker alerts sent by the auth service (issue 18): the email digest and Telegram. */
@Module({
  imports: [UsersModule],
  providers: [TrackerAlertsService, TelegramLinks, TelegramPoller],
  exports: [TrackerAlertsService, TelegramLinks, TelegramPoller],
})
export class AlertsModule {}

import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { EventHandler, type BusContext } from '@shelfscan/bus';
import { adminEventsV1, eventTopic } from '@shelfscan/contracts';
import { EventLog } from '../read-models/event-log.js';
import { UserDeletionService } from './user-deletion.service.js';

const { UserDeletedSchema } = adminEventsV1;

/**
 * The admin service consumes its own UserDeleted like every service: logged and projected (the
 * read models drop or pseudonymise the user's rows), then its event log and contact messages
 * forget the user, in one transaction, once per message.
 */
@Controller()
export class UserDeletedHandler {
  constructor(
    @Inject(EventLog) private readonly log: EventLog,
    @Inject(UserDeletionService) private readonly deletion: UserDeletionService,
  ) {}

  @EventHandler(UserDeletedSchema)
  userDeleted(@Payload() evt: object, @Ctx() ctx: unknown) {
    return this.log.consume(eventTopic(UserDeletedSchema), evt, ctx as BusContext, (m, payload) =>
      this.deletion.forget(m, payload),
    );
  }
}

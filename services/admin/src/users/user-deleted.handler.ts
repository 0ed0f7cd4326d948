import { busHandlers } from '@shelfscan/bus';
import { adminEventsV1, eventTopic } from '@shelfscan/contracts';
import { EventLog } from '../read-models/event-log.js';
import { UserDeletionService } from './user-deletion.service.js';

const { UserDeletedSchema } = adminEventsV1;

/**
 * The admin service consumes its own UserDeleted like every service: logged and projected (the
 * read models drop or pseudonymise the user's rows), then its event log and contact messages
 * forget the user, in one transaction, once per message.
 */
export const UserDeletedHandler = busHandlers({ log: EventLog, deletion: UserDeletionService }, (on) => [
  on.event(UserDeletedSchema, (evt, { log, deletion }, ctx) =>
    log.consume(eventTopic(UserDeletedSchema), evt, ctx, (m, payload) => deletion.forget(m, payload)),
  ),
]);

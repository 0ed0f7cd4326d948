import { forgetPublished, handleOnce, type BusContext } from '@shelfscan/bus';
import type { adminEventsV1 } from '@shelfscan/contracts';
import type { DataSource, EntityManager } from 'typeorm';

/** The user an admin deleted (admin's UserDeleted), as the services hold them: trimmed, lower case. */
export interface DeletedUser {
  email: string;
  userId: string;
}

/** The user a UserDeleted names, or undefined when it names no email (then there is nothing to delete). */
export function deletedUserOf(
  evt: Pick<adminEventsV1.UserDeleted, 'userEmail' | 'userId'>,
): DeletedUser | undefined {
  const email = evt.userEmail.trim().toLowerCase();
  return email ? { email, userId: evt.userId.trim().toLowerCase() } : undefined;
}

/**
 * A service forgets a deleted user: `forget` deletes or pseudonymises the service's rows of the user,
 * then the published outbox rows that named the user's email go (`forgetPublished`), in one
 * transaction, once per message for `consumer` (`handleOnce`; e.g. `auth.user-deleted`). Takes the
 * event and its context as an `on.event(UserDeletedSchema, …)` handler receives them. A UserDeleted
 * without an email changes nothing. False when nothing ran (no email, or the message was handled).
 */
export async function forgetDeletedUser(
  dataSource: DataSource,
  consumer: string,
  evt: Pick<adminEventsV1.UserDeleted, 'userEmail' | 'userId'>,
  ctx: Pick<BusContext, 'messageId'>,
  forget: (manager: EntityManager, user: DeletedUser) => Promise<void>,
): Promise<boolean> {
  const user = deletedUserOf(evt);
  if (!user) return false;
  return handleOnce(dataSource, ctx, consumer, async (m) => {
    await forget(m, user);
    await forgetPublished(m, user.email);
  });
}

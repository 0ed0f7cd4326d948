import { busHandlers } from '@shelfscan/bus';
import { adminEventsV1 } from '@shelfscan/contracts';
import { createLogger } from '@shelfscan/observability';
import { forgetDeletedUser } from '@shelfscan/service';
import { DataSource } from 'typeorm';

const log = createLogger('auth');

/**
 * An admin deleted a user (admin's UserDeleted): the account goes with its codes and photo
 * (ON DELETE CASCADE), its phone with it, the login failures kept under its email, and the
 * published outbox rows that named it. Once per message; a second UserDeleted finds nothing.
 */
export const UserDeletedHandler = busHandlers({ dataSource: DataSource }, (on) => [
  on.event(adminEventsV1.UserDeletedSchema, async (evt, { dataSource }, ctx) => {
    await forgetDeletedUser(dataSource, 'auth.user-deleted', evt, ctx, async (m, { email, userId }) => {
      const [, accounts]: [unknown[], number] = await m.query(`DELETE FROM user_account WHERE email = $1`, [
        email,
      ]);
      await m.query(`DELETE FROM login_failure WHERE scope = 'account' AND key = $1`, [email]);
      log.info({ userId, accounts }, 'deleted user removed');
    });
  }),
]);

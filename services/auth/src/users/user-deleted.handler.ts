import { busHandlers } from '@shelfscan/bus';
import { adminEventsV1 } from '@shelfscan/contracts';
import { createLogger } from '@shelfscan/observability';
import { forgetDeletedUser } from '@shelfscan/service';
import { DataSource } from 'typeorm';

const log = createLogger('auth');

/**
 * An admin deleted a user (admin's UserDeleted): the account goes with its codes and photo
 * (ON DELETE CASCADE), its phone with it, the SMS log rows of the numbers its codes went to, the
 * login failures kept under its email, and the published outbox rows that named it. Once per message; a second UserDeleted finds nothing.
 */
export const UserDeletedHandler = busHandlers({ dataSource: DataSource }, (on) => [
  on.event(adminEventsV1.UserDeletedSchema, async (evt, { dataSource }, ctx) => {
    await forgetDeletedUser(dataSource, 'auth.user-deleted', evt, ctx, async (m, { email, userId }) => {
      // The numbers its codes went to leave the SMS log of the hour too (issue 20's limits).
      await m.query(
        `DELETE FROM sms_sent WHERE phone IN (
           SELECT a.phone FROM user_account a WHERE a.email = $1 AND a.phone IS NOT NULL
           UNION SELECT c.target FROM verification_code c JOIN user_account a ON a.id = c.user_id
            WHERE a.email = $1 AND c.purpose = 'phone' AND c.target IS NOT NULL)`,
        [email],
      );
      const [, accounts]: [unknown[], number] = await m.query(`DELETE FROM user_account WHERE email = $1`, [
        email,
      ]);
      await m.query(`DELETE FROM login_failure WHERE scope = 'account' AND key = $1`, [email]);
      await m.query(`DELETE FROM tracker_alert_sent WHERE user_email = $1`, [email]);
      await m.query(`DELETE FROM telegram_link WHERE user_email = $1`, [email]);
      log.info({ userId, accounts }, 'deleted user removed');
    });
  }),
]);

import { busHandlers } from '@shelfscan/bus';
import { adminEventsV1 } from '@shelfscan/contracts';
import { createLogger } from '@shelfscan/observability';
import { deletedUserOf, forgetDeletedUser } from '@shelfscan/service';
import { DataSource } from 'typeorm';
import { PaymentProvider } from '../provider/index.js';

const log = createLogger('billing');
/** Auth's user ids; the pseudonym is `deleted-user-<id>`. */
const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * An admin deleted a user (admin's UserDeleted). In one transaction, once per message:
 * - the saved card is deleted at the payment provider first (a failure rolls everything back and
 *   the event is delivered again), then its row;
 * - the verified phone, the trial and the plans that nothing else refers to are deleted; the plans
 *   invoices or promotion uses refer to are kept under the pseudonym and made inactive (never
 *   renewed, never mailed);
 * - invoices are kept, as tax law requires, with the buyer anonymised (the email replaced by the
 *   pseudonym "deleted-user-<id>", name and address emptied; amounts, numbers and dates unchanged);
 *   payment attempts and promotion uses keep their facts under the pseudonym;
 * - published outbox rows that named the user are forgotten.
 * A final invoice is frozen by a trigger that lets exactly this anonymisation through, and nothing
 * else in the same statement (migration 1766000000003): no DDL, no lifted trigger.
 */
export const UserDeletedHandler = busHandlers({ dataSource: DataSource, provider: PaymentProvider }, (on) => [
  on.event(adminEventsV1.UserDeletedSchema, async (evt, { dataSource, provider }, ctx) => {
    const named = deletedUserOf(evt);
    if (named && !USER_ID.test(named.userId)) {
      // The invoice trigger only lets a `deleted-user-<uuid>` pseudonym through: no retry would help.
      log.error({ userId: named.userId }, 'UserDeleted without a user id (UUID): nothing deleted');
      return;
    }
    await forgetDeletedUser(dataSource, 'billing.user-deleted', evt, ctx, async (m, user) => {
      const { email } = user;
      const pseudonym = `deleted-user-${user.userId}`;
      const cards: { card_user_key: string; card_token: string }[] = await m.query(
        `SELECT card_user_key, card_token FROM card WHERE user_email = $1 FOR UPDATE`,
        [email],
      );
      for (const card of cards) await provider.deleteCard(card.card_user_key, card.card_token);
      await m.query(`DELETE FROM card WHERE user_email = $1`, [email]);
      await m.query(`DELETE FROM verified_phone WHERE user_email = $1`, [email]);
      await m.query(`DELETE FROM trial WHERE user_email = $1`, [email]);
      await m.query(`UPDATE promotion_redemption SET user_email = $2 WHERE user_email = $1`, [
        email,
        pseudonym,
      ]);
      await m.query(`UPDATE payment_attempt SET user_email = $2 WHERE user_email = $1`, [email, pseudonym]);
      await m.query(
        `UPDATE invoice SET user_email = $2,
           buyer = jsonb_build_object('name', '', 'address', '', 'anonymised', true)
         WHERE user_email = $1`,
        [email, pseudonym],
      );
      await m.query(
        `DELETE FROM subscription s WHERE s.user_email = $1
           AND NOT EXISTS (SELECT 1 FROM invoice i WHERE i.subscription_id = s.id)
           AND NOT EXISTS (SELECT 1 FROM promotion_redemption r WHERE r.subscription_id = s.id)`,
        [email],
      );
      await m.query(`UPDATE subscription SET user_email = $2, status = 'inactive' WHERE user_email = $1`, [
        email,
        pseudonym,
      ]);
      log.info(
        { userId: user.userId, cards: cards.length },
        'deleted user removed; invoices kept anonymised',
      );
    });
  }),
]);

import { Inject, Injectable } from '@nestjs/common';
import { BusClient, BusError, OutboxRelay, addToOutbox, forgetPublished } from '@shelfscan/bus';
import { adminEventsV1, authV1, type adminV1 } from '@shelfscan/contracts';
import { Clock, ROLE_ADMIN, assertAdmin } from '@shelfscan/service';
import { DataSource, type EntityManager } from 'typeorm';
import type { Payload } from '../read-models/projections.js';
import { deletedUserPseudonym } from '../read-models/pseudonym.js';

/** Fields of a logged event that are the user's own words or name: dropped when the user is deleted. */
const PERSONAL_FIELDS = ['firstName', 'lastName', 'fileName', 'keyword'];

/**
 * Deleting a user: the admin asks (DeleteUser), the admin service publishes UserDeleted through
 * its outbox, and every service removes that user's personal data when it sees the event — this
 * one too (its read models in the UserDeleted projection, its event log and contact messages in
 * `forget`).
 */
@Injectable()
export class UserDeletionService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(BusClient) private readonly bus: BusClient,
    @Inject(OutboxRelay) private readonly outbox: OutboxRelay,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** Not oneself, not another admin, only an account auth knows (else userNotFound). */
  async request(req: adminV1.DeleteUserRequest): Promise<adminV1.DeleteUserResponse> {
    const admin = assertAdmin(req.caller);
    const email = req.email.trim().toLowerCase();
    if (email === admin.toLowerCase())
      throw new BusError('FAILED_PRECONDITION', 'cannotDeleteSelf', { reason: 'cannotDeleteSelf' });
    const { account } = await this.bus.request(authV1.AuthService.method.lookupUser, {
      caller: { email: req.caller?.email, roles: req.caller?.roles },
      email,
    });
    if (!account) throw new BusError('NOT_FOUND', 'userNotFound', { reason: 'userNotFound' });
    if (account.roles.includes(ROLE_ADMIN))
      throw new BusError('FAILED_PRECONDITION', 'cannotDeleteAdmin', { reason: 'cannotDeleteAdmin' });
    const deletedAt = this.clock.now();
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO user_deletion (user_id, deleted_by, deleted_at) VALUES ($1, $2, $3)
         ON CONFLICT (user_id) DO NOTHING`,
        [account.id, admin, deletedAt],
      );
      await addToOutbox(manager, adminEventsV1.UserDeletedSchema, {
        userId: account.id,
        userEmail: account.email,
        deletedBy: admin,
        deletedAt: deletedAt.toISOString(),
      });
    });
    this.outbox.nudge();
    return {
      $typeName: 'shelfscan.admin.v1.DeleteUserResponse',
      userId: account.id,
      email: account.email,
      deletedAt: deletedAt.toISOString(),
    };
  }

  /**
   * The admin service's own clean-up when it consumes UserDeleted (after its projection, in the
   * same transaction): the user's logged events keep their facts under the pseudonym, without
   * names or the user's own words, so a rebuild still counts them; the contact messages go; the
   * outbox forgets published messages that named the user.
   */
  async forget(manager: EntityManager, evt: Payload): Promise<void> {
    const email = typeof evt.userEmail === 'string' ? evt.userEmail : '';
    if (!email) return;
    const pseudonym = deletedUserPseudonym(typeof evt.userId === 'string' ? evt.userId : '');
    // The email as a whole JSON string anywhere in a payload (not a longer address that contains it).
    await manager.query(
      `UPDATE event_log SET
         user_email = CASE WHEN user_email = $1 THEN $2 ELSE user_email END,
         payload = replace(payload::text, to_jsonb($1::text)::text, to_jsonb($2::text)::text)::jsonb
           - CASE WHEN user_email = $1 THEN $3::text[] ELSE '{}'::text[] END
       WHERE user_email = $1 OR strpos(payload::text, to_jsonb($1::text)::text) > 0`,
      [email, pseudonym, PERSONAL_FIELDS],
    );
    await manager.query(`DELETE FROM contact_message WHERE user_email = $1`, [email]);
    await forgetPublished(manager, email);
  }
}

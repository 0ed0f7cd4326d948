import { isUuid } from '@shelfscan/db';
import { Inject, Injectable } from '@nestjs/common';
import { BusError, OutboxRelay, addToOutbox } from '@shelfscan/bus';
import { authEventsV1, type authV1 } from '@shelfscan/contracts';
import { Clock } from '@shelfscan/service';
import { DataSource } from 'typeorm';
import { fieldErrors, updateAccountRequest } from '@shelfscan/validation';
import { toE164 } from '../users/phone.js';
import { UsersRepository, type UserChanges } from '../users/users.repository.js';
import { UsersService, photoUrl } from '../users/users.service.js';
import { MAX_PHOTO_BYTES, sniffImageType, withoutMetadata } from './photo.js';

/** My information (name, phone) and the profile photo; the password has its own route (SessionsService). */
@Injectable()
export class ProfileService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(UsersService) private readonly users: UsersService,
    @Inject(UsersRepository) private readonly repository: UsersRepository,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(OutboxRelay) private readonly outbox: OutboxRelay,
  ) {}

  /**
   * Updates the subject's own account. The email is not changeable here; a changed phone number
   * loses its verification.
   */
  async update(req: authV1.UpdateAccountRequest): Promise<void> {
    const user = await this.users.findByEmail(req.subjectEmail);
    if (!user) throw new BusError('NOT_FOUND', 'userNotFound', { reason: 'userNotFound' });
    if (req.id && req.id !== user.id) {
      throw new BusError('PERMISSION_DENIED', 'forbidden', {
        reason: 'forbidden',
      });
    }
    // The gateway checked the same shared rules; a caller on the bus gets them again.
    const checked = updateAccountRequest.safeParse({
      id: req.id || user.id,
      firstName: req.firstName,
      lastName: req.lastName,
      email: req.email,
      phone: req.phone,
    });
    const violations = checked.success ? [] : fieldErrors(checked.error);
    if (!violations.some((v) => v.field === 'email') && req.email.trim().toLowerCase() !== user.email)
      violations.unshift({ field: 'email', msg: 'emailNotChangeable' });
    if (!checked.success || violations.length) {
      throw new BusError('INVALID_ARGUMENT', violations.map((v) => v.msg).join('\n'), { violations });
    }
    const { firstName, lastName } = checked.data;
    const phone = checked.data.phone ? toE164(checked.data.phone) : null;
    const changes: UserChanges = { firstName, lastName };
    if (phone !== user.phone) {
      changes.phone = phone;
      changes.phoneVerified = false;
    }
    const renamed = firstName !== user.firstName || lastName !== user.lastName;
    await this.dataSource.transaction(async (manager) => {
      await this.repository.update(user.id, changes, manager);
      if (renamed) {
        await addToOutbox(manager, authEventsV1.UserProfileChangedSchema, {
          userId: user.id,
          email: user.email,
          firstName,
          lastName,
        });
      }
    });
    if (renamed) this.outbox.nudge();
  }

  /**
   * Stores the photo, without its metadata (no GPS position leaves with it), when its content is a
   * JPEG, PNG or GIF of at most 800 kB that decodes; else nothing changes.
   */
  async setPhoto(email: string, content: Uint8Array): Promise<{ imageUrl: string }> {
    const user = await this.users.findByEmail(email);
    if (!user) throw new BusError('NOT_FOUND', 'userNotFound', { reason: 'userNotFound' });
    if (content.length > MAX_PHOTO_BYTES) {
      throw new BusError('INVALID_ARGUMENT', 'photoTooLarge', {
        reason: 'photoTooLarge',
        violations: [{ field: 'file', msg: 'photoTooLarge' }],
      });
    }
    const type = sniffImageType(content);
    const stored = type && (await withoutMetadata(content, type));
    if (!type || !stored) {
      throw new BusError('INVALID_ARGUMENT', 'photoInvalidType', {
        reason: 'photoInvalidType',
        violations: [{ field: 'file', msg: 'photoInvalidType' }],
      });
    }
    const now = this.clock.now();
    await this.dataSource.query(
      `INSERT INTO user_photo (user_id, content, content_type, updated_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) DO UPDATE SET content = EXCLUDED.content, content_type = EXCLUDED.content_type,
         updated_at = EXCLUDED.updated_at`,
      [user.id, stored, type, now],
    );
    return { imageUrl: photoUrl(user.id, now) };
  }

  async getPhoto(userId: string): Promise<{ content: Uint8Array; contentType: string }> {
    const rows: { content: Buffer; content_type: string }[] = isUuid(userId)
      ? await this.dataSource.query('SELECT content, content_type FROM user_photo WHERE user_id = $1', [
          userId,
        ])
      : [];
    if (!rows[0]) throw new BusError('NOT_FOUND', 'photoNotFound', { reason: 'photoNotFound' });
    return { content: rows[0].content, contentType: rows[0].content_type };
  }
}

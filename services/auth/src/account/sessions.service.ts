import { Inject, Injectable } from '@nestjs/common';
import { BusError } from '@shelfscan/bus';
import { changePasswordRequest, fieldErrors, type FieldError } from '@shelfscan/validation';
import { DataSource } from 'typeorm';
import { RevokedTokens } from '../tokens/revoked-tokens.js';
import { TokenService } from '../tokens/token.service.js';
import { PasswordHasher } from '../users/password-hasher.js';
import { UsersRepository } from '../users/users.repository.js';
import { UsersService } from '../users/users.service.js';

/**
 * Ending sessions: the account page's password change (the current password proves the person at
 * the keyboard; every other token dies with the new token version) and logout (this one token is
 * revoked until it expires, the account's other devices keep theirs).
 */
@Injectable()
export class SessionsService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(UsersService) private readonly users: UsersService,
    @Inject(UsersRepository) private readonly repository: UsersRepository,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(TokenService) private readonly tokens: TokenService,
    @Inject(RevokedTokens) private readonly revoked: RevokedTokens,
  ) {}

  /** A wrong current password is a 422 on `currentPassword`; the answer is a token of the new version. */
  async changePassword(
    email: string,
    currentPassword: string,
    newPassword: string,
  ): Promise<{ token: string }> {
    const user = await this.users.findByEmail(email);
    if (!user) throw new BusError('NOT_FOUND', 'userNotFound', { reason: 'userNotFound' });
    // The gateway checked the same shared rules; a caller on the bus gets them again.
    const checked = changePasswordRequest.safeParse({ currentPassword, newPassword });
    const violations: FieldError[] = checked.success ? [] : fieldErrors(checked.error);
    if (!violations.some((v) => v.field === 'currentPassword')) {
      if (!(await this.hasher.verify(user.passwordHash, currentPassword)))
        violations.unshift({ field: 'currentPassword', msg: 'currentPasswordWrong' });
    }
    if (violations.length) {
      throw new BusError('INVALID_ARGUMENT', violations.map((v) => v.msg).join('\n'), { violations });
    }
    const passwordHash = await this.hasher.hash(newPassword);
    const tokenVersion = await this.dataSource.transaction(async (manager) => {
      const version = await this.repository.changePassword(user.id, passwordHash, manager);
      await this.revoked.forgetAll(user.id, manager);
      return version;
    });
    return { token: this.tokens.issue({ ...user, tokenVersion }) };
  }

  /** Logout: a token this service signed for this account is refused from now until it expires. */
  async revoke(token: string): Promise<void> {
    const claims = this.tokens.verify(token);
    if (!claims) return;
    const user = await this.users.findByEmail(claims.sub);
    if (!user || user.id !== claims.uid) return;
    await this.revoked.revoke(user.id, claims.jti, claims.exp);
  }
}

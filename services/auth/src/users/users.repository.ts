import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@shelfscan/service';
import { DataSource, type EntityManager } from 'typeorm';

/** A row of `user_account`, as the service reads it. */
export interface UserRecord {
  id: string;
  /** Stored lower-cased; unique. */
  email: string;
  firstName: string;
  lastName: string;
  /** E.164, or null when not given. */
  phone: string | null;
  /** True once the number was confirmed by SMS code; a verified number is unique. */
  phoneVerified: boolean;
  passwordHash: string;
  activated: boolean;
  /** False once an admin turned the membership off: no login, no token. */
  membershipActive: boolean;
  roles: string[];
  langKey: string;
  /** Bumped to invalidate every token issued before (password reset or change, membership off). */
  tokenVersion: number;
  createdAt: Date;
}

export type NewUser = Omit<
  UserRecord,
  'id' | 'phoneVerified' | 'tokenVersion' | 'createdAt' | 'membershipActive'
>;
export type UserChanges = Partial<
  Pick<
    UserRecord,
    | 'firstName'
    | 'lastName'
    | 'phone'
    | 'phoneVerified'
    | 'passwordHash'
    | 'activated'
    | 'membershipActive'
    | 'roles'
  >
>;

/** The columns of a UserRecord, each named as its field: a row is the record. */
const COLUMNS = `id, email, first_name AS "firstName", last_name AS "lastName", phone,
  phone_verified AS "phoneVerified", password_hash AS "passwordHash", activated,
  membership_active AS "membershipActive", roles, lang_key AS "langKey", token_version AS "tokenVersion",
  created_at AS "createdAt"`;
const COLUMN_OF: Record<keyof UserChanges, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  phone: 'phone',
  phoneVerified: 'phone_verified',
  passwordHash: 'password_hash',
  activated: 'activated',
  membershipActive: 'membership_active',
  roles: 'roles',
};

/**
 * The only place that reads and writes `user_account` (SQL; see docs/adding-a-service.md). Its
 * times (`created_at`, `updated_at`) come from the Clock, not from PostgreSQL's `now()`.
 */
@Injectable()
export class UsersRepository {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async findByEmail(
    email: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<UserRecord | null> {
    return this.one(manager, `SELECT ${COLUMNS} FROM user_account WHERE email = $1`, [email]);
  }

  async findVerifiedPhoneOwner(phone: string): Promise<UserRecord | null> {
    return this.one(
      this.dataSource.manager,
      `SELECT ${COLUMNS} FROM user_account WHERE phone = $1 AND phone_verified`,
      [phone],
    );
  }

  /** Inserts a user; a taken email raises PostgreSQL's unique violation (23505). */
  async insert(user: NewUser, manager: EntityManager = this.dataSource.manager): Promise<UserRecord> {
    const rows: UserRecord[] = await manager.query(
      `INSERT INTO user_account (email, first_name, last_name, phone, password_hash, activated, roles, lang_key,
         created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING ${COLUMNS}`,
      [
        user.email,
        user.firstName,
        user.lastName,
        user.phone,
        user.passwordHash,
        user.activated,
        user.roles,
        user.langKey,
        this.clock.now(),
      ],
    );
    return rows[0]!;
  }

  async update(
    id: string,
    changes: UserChanges,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    const entries = Object.entries(changes).filter(([, v]) => v !== undefined) as [
      keyof UserChanges,
      unknown,
    ][];
    if (!entries.length) return;
    const sets = entries.map(([k], i) => `${COLUMN_OF[k]} = $${i + 3}`);
    await manager.query(`UPDATE user_account SET ${sets.join(', ')}, updated_at = $2 WHERE id = $1`, [
      id,
      this.clock.now(),
      ...entries.map(([, v]) => v),
    ]);
  }

  /** Turns the membership on or off; turning it off also makes every issued token invalid. */
  async setMembershipActive(id: string, active: boolean, manager: EntityManager): Promise<void> {
    await manager.query(
      `UPDATE user_account SET membership_active = $2,
         token_version = token_version + CASE WHEN $2 THEN 0 ELSE 1 END, updated_at = $3 WHERE id = $1`,
      [id, active, this.clock.now()],
    );
  }

  /** A new password that also proves the email: activates, and makes every older token invalid. */
  async resetPassword(id: string, passwordHash: string, manager: EntityManager): Promise<void> {
    await manager.query(
      `UPDATE user_account SET password_hash = $2, activated = true, token_version = token_version + 1,
         updated_at = $3 WHERE id = $1`,
      [id, passwordHash, this.clock.now()],
    );
  }

  /** The account page's new password: every older token is refused. Answers the new token version. */
  async changePassword(id: string, passwordHash: string, manager: EntityManager): Promise<number> {
    // TypeORM answers an UPDATE … RETURNING on PostgreSQL as [rows, affected].
    const [rows]: [{ token_version: number }[], number] = await manager.query(
      `UPDATE user_account SET password_hash = $2, token_version = token_version + 1, updated_at = $3
         WHERE id = $1 RETURNING token_version`,
      [id, passwordHash, this.clock.now()],
    );
    return rows[0]!.token_version;
  }

  private async one(manager: EntityManager, sql: string, params: unknown[]): Promise<UserRecord | null> {
    const rows: UserRecord[] = await manager.query(sql, params);
    return rows[0] ?? null;
  }
}

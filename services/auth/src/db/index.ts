import { BusTables1763800000000 } from '@shelfscan/bus';
import { UserEntity } from './user.entity.js';
import { CreateUserAccount1763800000001 } from './migrations/1763800000001-create-user-account.js';
import { Accounts1763800000002 } from './migrations/1763800000002-accounts.js';

export const AUTH_SCHEMA = 'auth';
export const authEntities = [UserEntity];
/** In order; new migrations are appended (timestamped file names). */
export const authMigrations = [BusTables1763800000000, CreateUserAccount1763800000001, Accounts1763800000002];
export { UserEntity };

import { CreateUserAccount1763800000001 } from './migrations/1763800000001-create-user-account.js';
import { Accounts1763800000002 } from './migrations/1763800000002-accounts.js';
import { Membership1763800000003 } from './migrations/1763800000003-membership.js';
import { Sessions1764300000001 } from './migrations/1764300000001-sessions.js';
import { SmsSent1767000000010 } from './migrations/1767000000010-sms-sent.js';
import { ApiTokens1767000000020 } from './migrations/1767000000020-api-tokens.js';
import { TrackerAlertSent1767100000001 } from './migrations/1767100000001-tracker-alert-sent.js';
import { Telegram1767100000002 } from './migrations/1767100000002-telegram.js';

/** In order; new migrations are appended (timestamped file names). The skeleton adds the bus tables. */
export const authMigrations = [
  CreateUserAccount1763800000001,
  Accounts1763800000002,
  Membership1763800000003,
  Sessions1764300000001,
  SmsSent1767000000010,
  ApiTokens1767000000020,
  TrackerAlertSent1767100000001,
  Telegram1767100000002,
];

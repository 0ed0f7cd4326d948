import { sqlMigration } from '@shelfscan/db';

/**
 * Issue 11: the system parameters and their audit, the event log with the read models projected
 * from it (users from auth, plans from billing), and the contact-form messages.
 */
export const Admin1763900000001 = sqlMigration('Admin1763900000001', {
  up: [
    `CREATE TABLE system_parameter (
      key text PRIMARY KEY,
      description text NOT NULL,
      value1 text NOT NULL,
      value2 text NOT NULL,
      value3 text NOT NULL,
      position integer NOT NULL
    )`,
    `CREATE TABLE system_parameter_change (
      id bigserial PRIMARY KEY,
      changed_by text NOT NULL,
      changed_at timestamptz NOT NULL,
      before jsonb NOT NULL,
      after jsonb NOT NULL
    )`,
    // Every consumed event, as it arrived: the read models below are projections of it and can be
    // dropped and projected again (RebuildReadModels).
    `CREATE TABLE event_log (
      seq bigserial PRIMARY KEY,
      message_id text NOT NULL UNIQUE,
      topic text NOT NULL,
      payload jsonb NOT NULL,
      received_at timestamptz NOT NULL
    )`,
    `CREATE TABLE user_view (
      email text PRIMARY KEY,
      user_id text NOT NULL DEFAULT '',
      first_name text NOT NULL DEFAULT '',
      last_name text NOT NULL DEFAULT '',
      lang_key text NOT NULL DEFAULT '',
      registered_at timestamptz,
      activated_at timestamptz,
      membership_active boolean NOT NULL DEFAULT true,
      membership_changed_at timestamptz
    )`,
    `CREATE INDEX user_view_registered_at ON user_view (registered_at DESC)`,
    `CREATE TABLE plan_view (
      subscription_id text PRIMARY KEY,
      user_email text NOT NULL,
      features text[] NOT NULL DEFAULT '{}',
      trial boolean NOT NULL DEFAULT false,
      period_start timestamptz,
      period_end timestamptz,
      status text NOT NULL CHECK (status IN ('active', 'cancelled', 'expired')),
      expired_reason text NOT NULL DEFAULT ''
    )`,
    `CREATE INDEX plan_view_user ON plan_view (user_email)`,
    `CREATE TABLE contact_message (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_email text NOT NULL,
      name text NOT NULL,
      subject text NOT NULL,
      message text NOT NULL,
      created_at timestamptz NOT NULL,
      mailed_at timestamptz
    )`,
    `CREATE INDEX contact_message_user_time ON contact_message (user_email, created_at)`,
    `CREATE INDEX contact_message_time ON contact_message (created_at DESC)`,
  ],
  down: [
    `DROP TABLE contact_message`,
    `DROP TABLE plan_view`,
    `DROP TABLE user_view`,
    `DROP TABLE event_log`,
    `DROP TABLE system_parameter_change`,
    `DROP TABLE system_parameter`,
  ],
});

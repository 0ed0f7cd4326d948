import { sqlMigration } from '@shelfscan/db';

export const CreateUserAccount1763800000001 = sqlMigration('CreateUserAccount1763800000001', {
  up: [
    `CREATE TABLE user_account (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL,
      first_name text NOT NULL,
      last_name text NOT NULL,
      phone text,
      password_hash text NOT NULL,
      activated boolean NOT NULL DEFAULT false,
      roles text[] NOT NULL DEFAULT '{ROLE_USER}',
      lang_key text NOT NULL DEFAULT 'tr',
      token_version integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT user_account_email_key UNIQUE (email),
      CONSTRAINT user_account_email_lower CHECK (email = lower(email))
    )`,
  ],
  down: ['DROP TABLE user_account'],
});

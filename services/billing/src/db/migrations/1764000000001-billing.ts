import { sqlMigration } from '@shelfscan/db';

/**
 * Issue 10: cards (provider tokens only), FX bulletins, promotions, subscriptions, payment
 * attempts, invoices (gapless numbers), trials. Money is integers of the minor unit.
 */
export const Billing1764000000001 = sqlMigration('Billing1764000000001', {
  up: [
    `CREATE TABLE fx_bulletin (
      bulletin_date date PRIMARY KEY,
      bulletin_no text NOT NULL,
      usd_forex_selling numeric(12, 4) NOT NULL CHECK (usd_forex_selling > 0),
      fetched_at timestamptz NOT NULL
    )`,
    // The provider's tokens and what a user may see: never the number or the CVC.
    `CREATE TABLE card (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_email text NOT NULL UNIQUE,
      card_user_key text NOT NULL,
      card_token text NOT NULL,
      alias text NOT NULL,
      holder_name text NOT NULL,
      last_four char(4) NOT NULL,
      brand text NOT NULL,
      expire_month text NOT NULL,
      expire_year text NOT NULL,
      billing jsonb NOT NULL,
      created_at timestamptz NOT NULL
    )`,
    `CREATE TABLE promotion (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      code text NOT NULL UNIQUE,
      description text NOT NULL DEFAULT '',
      type text NOT NULL CHECK (type IN ('AMOUNT', 'PERCENT')),
      -- USD cents for AMOUNT, hundredths of a percent for PERCENT.
      value_minor bigint NOT NULL CHECK (value_minor > 0),
      minimum_basket_cents bigint NOT NULL DEFAULT 0 CHECK (minimum_basket_cents >= 0),
      count integer NOT NULL CHECK (count >= 0),
      used integer NOT NULL DEFAULT 0 CHECK (used >= 0 AND used <= count),
      expiry_date date,
      active boolean NOT NULL DEFAULT true,
      deleted boolean NOT NULL DEFAULT false
    )`,
    `CREATE TABLE subscription (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_email text NOT NULL,
      features text[] NOT NULL,
      trial boolean NOT NULL DEFAULT false,
      status text NOT NULL CHECK (status IN ('pending', 'active', 'past_due', 'cancelled', 'inactive')),
      period_start timestamptz NOT NULL,
      period_end timestamptz NOT NULL,
      promotion_id uuid REFERENCES promotion (id),
      lang text NOT NULL DEFAULT 'tr',
      failed_attempts integer NOT NULL DEFAULT 0,
      last_attempt_date date,
      hard_declined boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL,
      cancelled_at timestamptz
    )`,
    // One paid (or being paid) plan per user at a time; a trial is apart.
    `CREATE UNIQUE INDEX subscription_one_open_plan ON subscription (user_email)
      WHERE NOT trial AND status IN ('pending', 'active', 'past_due', 'cancelled')`,
    `CREATE TABLE promotion_redemption (
      promotion_id uuid NOT NULL REFERENCES promotion (id),
      user_email text NOT NULL,
      subscription_id uuid NOT NULL REFERENCES subscription (id),
      PRIMARY KEY (promotion_id, user_email)
    )`,
    `CREATE TABLE invoice_counter (id boolean PRIMARY KEY DEFAULT true CHECK (id), last bigint NOT NULL)`,
    `INSERT INTO invoice_counter (last) VALUES (0)`,
    `CREATE TABLE invoice (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      subscription_id uuid NOT NULL REFERENCES subscription (id),
      user_email text NOT NULL,
      period text NOT NULL,
      -- Assigned when the invoice becomes final, from invoice_counter in the same transaction.
      number bigint UNIQUE,
      status text NOT NULL CHECK (status IN ('draft', 'final', 'void')),
      usd_cents bigint NOT NULL,
      discount_usd_cents bigint NOT NULL,
      rate numeric(12, 4),
      bulletin_date date,
      try_kurus bigint NOT NULL,
      vat_percent numeric(5, 2),
      description text NOT NULL,
      period_start timestamptz NOT NULL,
      period_end timestamptz NOT NULL,
      buyer jsonb NOT NULL,
      seller jsonb,
      created_at timestamptz NOT NULL,
      finalized_at timestamptz,
      UNIQUE (subscription_id, period),
      CHECK (status <> 'final' OR number IS NOT NULL)
    )`,
    // Each attempt is written before the provider is called; its id is the conversationId.
    `CREATE TABLE payment_attempt (
      conversation_id uuid PRIMARY KEY,
      invoice_id uuid NOT NULL REFERENCES invoice (id),
      user_email text NOT NULL,
      status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed', 'unknown')),
      price text NOT NULL,
      provider_payment_id text,
      error_code text,
      error_message text,
      error_group text,
      hard_decline boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`,
    `CREATE INDEX payment_attempt_invoice ON payment_attempt (invoice_id, created_at)`,
    `CREATE INDEX payment_attempt_user ON payment_attempt (user_email, created_at DESC)`,
    // Final invoices never change.
    `CREATE FUNCTION invoice_final_is_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF OLD.status = 'final' THEN
          RAISE EXCEPTION 'invoice % is final and cannot change', OLD.number;
        END IF;
        RETURN NEW;
      END $$`,
    `CREATE TRIGGER invoice_final_frozen BEFORE UPDATE OR DELETE ON invoice
      FOR EACH ROW EXECUTE FUNCTION invoice_final_is_frozen()`,
    `CREATE TABLE verified_phone (user_email text PRIMARY KEY, phone text NOT NULL)`,
    `CREATE TABLE trial (
      user_email text PRIMARY KEY,
      phone text NOT NULL UNIQUE,
      subscription_id uuid NOT NULL REFERENCES subscription (id),
      started_at timestamptz NOT NULL
    )`,
  ],
  down: [
    `DROP TABLE trial`,
    `DROP TABLE verified_phone`,
    `DROP TABLE payment_attempt`,
    `DROP TABLE invoice`,
    `DROP TABLE invoice_counter`,
    `DROP TABLE promotion_redemption`,
    `DROP TABLE subscription`,
    `DROP TABLE promotion`,
    `DROP TABLE card`,
    `DROP TABLE fx_bulletin`,
    `DROP FUNCTION invoice_final_is_frozen()`,
  ],
});

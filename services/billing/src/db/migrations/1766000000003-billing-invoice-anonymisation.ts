import { sqlMigration } from '@shelfscan/db';

/** The pseudonym of a deleted user, `deleted-user-<user id>` (admin's UserDeleted; auth's ids are UUIDs). */
const PSEUDONYM = '^deleted-user-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
/** The buyer of an invoice whose user was deleted. */
const ANONYMOUS_BUYER = `'{"name": "", "address": "", "anonymised": true}'::jsonb`;

/**
 * A final invoice refuses every change but one: the anonymisation of its buyer when the user is
 * deleted (tax law keeps the invoice). That one UPDATE sets `user_email` to the pseudonym and
 * `buyer` to the anonymous shape and changes nothing else (amounts, number, dates, seller stay
 * frozen); an invoice already under a pseudonym keeps it. The UserDeleted handler no longer lifts
 * the trigger (`ALTER TABLE … DISABLE TRIGGER` needed the table's owner and its exclusive lock,
 * and let any change through meanwhile). Drafts stay free to change, and to delete (the trigger
 * used to return NULL for a DELETE, silently skipping it).
 */
export const BillingInvoiceAnonymisation1766000000003 = sqlMigration(
  'BillingInvoiceAnonymisation1766000000003',
  {
    up: [
      `CREATE OR REPLACE FUNCTION invoice_final_is_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF OLD.status <> 'final' THEN
          IF TG_OP = 'DELETE' THEN
            RETURN OLD;
          END IF;
          RETURN NEW;
        END IF;
        IF TG_OP = 'UPDATE'
           AND NEW.user_email ~ '${PSEUDONYM}'
           AND (OLD.user_email = NEW.user_email OR OLD.user_email !~ '${PSEUDONYM}')
           AND NEW.buyer = ${ANONYMOUS_BUYER}
           AND to_jsonb(NEW) - 'user_email' - 'buyer' = to_jsonb(OLD) - 'user_email' - 'buyer' THEN
          RETURN NEW;
        END IF;
        RAISE EXCEPTION 'invoice % is final and cannot change', OLD.number;
      END $$`,
    ],
    down: [
      `CREATE OR REPLACE FUNCTION invoice_final_is_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF OLD.status = 'final' THEN
          RAISE EXCEPTION 'invoice % is final and cannot change', OLD.number;
        END IF;
        RETURN NEW;
      END $$`,
    ],
  },
);

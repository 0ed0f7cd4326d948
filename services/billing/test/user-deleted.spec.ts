import { randomUUID } from 'node:crypto';
import { eventually } from '@shelfscan/testing';
import { startHarness, type Harness } from './harness.js';

jest.setTimeout(60_000);

const ANONYMOUS_BUYER = '{"name": "", "address": "", "anonymised": true}';
/** An invoice's row as JSON without what the anonymisation changes. */
const FROZEN = `to_jsonb(i) - 'user_email' - 'buyer'`;

describe('a deleted user: final invoices kept, only their buyer anonymised', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.stop();
  });

  /** A user with a card and a paid plan: one final invoice; its id. */
  async function paidInvoice(email: string): Promise<string> {
    await h.addCard(email);
    const r = await h.subscribe(email);
    const [row] = await h.sql<{ id: string; status: string }>(
      `SELECT i.id, i.status FROM invoice i JOIN payment_attempt a ON a.invoice_id = i.id
        WHERE a.conversation_id = $1`,
      [r.conversationId],
    );
    expect(row.status).toBe('final');
    return row.id;
  }

  const refused = (sql: string, params: unknown[]) =>
    expect(h.sql(sql, params)).rejects.toThrow(/is final and cannot change/);

  it('anonymises the buyer of a final invoice without DDL (no lifted trigger); nothing else changes', async () => {
    const email = 'gone@example.com';
    const userId = randomUUID();
    const invoiceId = await paidInvoice(email);
    const [before] = await h.sql<{ frozen: unknown }>(
      `SELECT ${FROZEN} AS frozen FROM invoice i WHERE id = $1`,
      [invoiceId],
    );
    // Any DDL (ALTER TABLE … DISABLE TRIGGER included) fails while the event is handled.
    await h.sql(`CREATE FUNCTION refuse_ddl() RETURNS event_trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'DDL refused: %', tg_tag; END $$`);
    await h.sql(`CREATE EVENT TRIGGER refuse_ddl ON ddl_command_start EXECUTE FUNCTION refuse_ddl()`);
    try {
      await h.userDeleted(email, userId);
      await eventually(
        async () => (await h.sql(`SELECT 1 FROM invoice WHERE user_email = $1`, [email])).length === 0,
      );
    } finally {
      await h.sql(`DROP EVENT TRIGGER refuse_ddl`);
      await h.sql(`DROP FUNCTION refuse_ddl()`);
    }
    const [after] = await h.sql<{ user_email: string; buyer: unknown; frozen: unknown }>(
      `SELECT user_email, buyer, ${FROZEN} AS frozen FROM invoice i WHERE id = $1`,
      [invoiceId],
    );
    expect(after).toEqual({
      user_email: `deleted-user-${userId}`,
      buyer: JSON.parse(ANONYMOUS_BUYER),
      frozen: before.frozen,
    });
    expect(await h.sql(`SELECT 1 FROM card WHERE user_email = $1`, [email])).toEqual([]);
  });

  it('refuses any other change to a final invoice, also beside the anonymisation', async () => {
    const invoiceId = await paidInvoice('kept@example.com');
    const pseudonym = `deleted-user-${randomUUID()}`;
    const anonymise = `user_email = $2, buyer = '${ANONYMOUS_BUYER}'::jsonb`;
    for (const change of [
      'try_kurus = try_kurus + 1',
      'usd_cents = usd_cents + 1',
      'number = number + 1000',
      "finalized_at = finalized_at - interval '1 day'",
      "period_end = period_end + interval '1 month'",
      "seller = '{}'::jsonb",
      'vat_percent = 0',
      "status = 'void'",
    ]) {
      await refused(`UPDATE invoice SET ${change} WHERE id = $1`, [invoiceId]);
      await refused(`UPDATE invoice SET ${anonymise}, ${change} WHERE id = $1`, [invoiceId, pseudonym]);
    }
    // Not the anonymous shape, or not a pseudonym.
    await refused(`UPDATE invoice SET user_email = $2 WHERE id = $1`, [invoiceId, pseudonym]);
    await refused(
      `UPDATE invoice SET user_email = $2, buyer = jsonb_build_object('name', '', 'address', 'Ankara', 'anonymised', true) WHERE id = $1`,
      [invoiceId, pseudonym],
    );
    await refused(`UPDATE invoice SET ${anonymise} WHERE id = $1`, [invoiceId, 'someone-else@example.com']);
    await refused(`UPDATE invoice SET ${anonymise} WHERE id = $1`, [invoiceId, 'deleted-user-x@example.com']);
    await refused(`DELETE FROM invoice WHERE id = $1`, [invoiceId]);
    // The anonymisation alone passes, once: an anonymised invoice keeps its pseudonym.
    await h.sql(`UPDATE invoice SET ${anonymise} WHERE id = $1`, [invoiceId, pseudonym]);
    await h.sql(`UPDATE invoice SET ${anonymise} WHERE id = $1`, [invoiceId, pseudonym]);
    await refused(`UPDATE invoice SET ${anonymise} WHERE id = $1`, [
      invoiceId,
      `deleted-user-${randomUUID()}`,
    ]);
    await refused(`UPDATE invoice SET try_kurus = 0 WHERE id = $1`, [invoiceId]);
    const [row] = await h.sql<{ user_email: string }>(`SELECT user_email FROM invoice WHERE id = $1`, [
      invoiceId,
    ]);
    expect(row.user_email).toBe(pseudonym);
  });
});

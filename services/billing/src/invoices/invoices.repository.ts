import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { rowsOf } from '../db/rows.js';

export interface Party {
  name: string;
  address: string;
  taxOffice?: string;
  email?: string;
}

export interface InvoiceRecord {
  id: string;
  subscriptionId: string;
  userEmail: string;
  /** YYYY-MM. */
  period: string;
  number: string | null;
  status: 'draft' | 'final' | 'void';
  usdCents: bigint;
  discountUsdCents: bigint;
  rate: string | null;
  bulletinDate: string | null;
  tryKurus: bigint;
  vatPercent: string | null;
  description: string;
  periodStart: Date;
  periodEnd: Date;
  buyer: Party;
  seller: Party | null;
  createdAt: Date;
  finalizedAt: Date | null;
}

export type AttemptStatus = 'pending' | 'succeeded' | 'failed' | 'unknown';

export interface AttemptRecord {
  conversationId: string;
  invoiceId: string;
  userEmail: string;
  status: AttemptStatus;
  price: string;
  providerPaymentId: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  errorGroup: string | null;
  hardDecline: boolean;
  createdAt: Date;
}

/** A payment attempt with its invoice, as the history shows it. */
export type PaymentView = AttemptRecord & { invoice: InvoiceRecord };

const INVOICE = `i.id, i.subscription_id AS "subscriptionId", i.user_email AS "userEmail", i.period,
  i.number::text AS number, i.status, i.usd_cents::text AS "usdCents", i.discount_usd_cents::text AS "discountUsdCents",
  i.rate::text AS rate, to_char(i.bulletin_date, 'YYYY-MM-DD') AS "bulletinDate", i.try_kurus::text AS "tryKurus",
  i.vat_percent::text AS "vatPercent", i.description, i.period_start AS "periodStart", i.period_end AS "periodEnd",
  i.buyer, i.seller, i.created_at AS "createdAt", i.finalized_at AS "finalizedAt"`;
const ATTEMPT = `a.conversation_id AS "conversationId", a.invoice_id AS "invoiceId", a.user_email AS "userEmail",
  a.status, a.price, a.provider_payment_id AS "providerPaymentId", a.error_code AS "errorCode",
  a.error_message AS "errorMessage", a.error_group AS "errorGroup", a.hard_decline AS "hardDecline",
  a.created_at AS "createdAt"`;

type InvoiceRow = Omit<InvoiceRecord, 'usdCents' | 'discountUsdCents' | 'tryKurus'> & {
  usdCents: string;
  discountUsdCents: string;
  tryKurus: string;
};
const toInvoice = (r: InvoiceRow): InvoiceRecord => ({
  ...r,
  usdCents: BigInt(r.usdCents),
  discountUsdCents: BigInt(r.discountUsdCents),
  tryKurus: BigInt(r.tryKurus),
});

export interface NewInvoice {
  subscriptionId: string;
  userEmail: string;
  period: string;
  usdCents: bigint;
  discountUsdCents: bigint;
  rate: string | null;
  bulletinDate: string | null;
  tryKurus: bigint;
  description: string;
  periodStart: Date;
  periodEnd: Date;
  buyer: Party;
}

/** The only place that reads and writes `invoice`, `invoice_counter` and `payment_attempt`. */
@Injectable()
export class InvoicesRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** The invoice of a subscription period: created once (the unique key), then the same row. */
  async draft(manager: EntityManager, inv: NewInvoice, now: Date): Promise<InvoiceRecord> {
    await manager.query(
      `INSERT INTO invoice (subscription_id, user_email, period, status, usd_cents, discount_usd_cents, rate,
         bulletin_date, try_kurus, description, period_start, period_end, buyer, created_at)
       VALUES ($1, $2, $3, 'draft', $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT (subscription_id, period) DO NOTHING`,
      [
        inv.subscriptionId,
        inv.userEmail,
        inv.period,
        inv.usdCents.toString(),
        inv.discountUsdCents.toString(),
        inv.rate,
        inv.bulletinDate,
        inv.tryKurus.toString(),
        inv.description,
        inv.periodStart,
        inv.periodEnd,
        JSON.stringify(inv.buyer),
        now,
      ],
    );
    return (await this.bySubscriptionPeriod(inv.subscriptionId, inv.period, manager))!;
  }

  /** A draft's amounts follow the latest quote (a retry on another day may use a newer rate). */
  async reprice(
    manager: EntityManager,
    id: string,
    p: { rate: string | null; bulletinDate: string | null; tryKurus: bigint },
  ): Promise<void> {
    await manager.query(
      `UPDATE invoice SET rate = $2, bulletin_date = $3, try_kurus = $4 WHERE id = $1 AND status = 'draft'`,
      [id, p.rate, p.bulletinDate, p.tryKurus.toString()],
    );
  }

  async bySubscriptionPeriod(
    subscriptionId: string,
    period: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<InvoiceRecord | null> {
    const rows: InvoiceRow[] = await manager.query(
      `SELECT ${INVOICE} FROM invoice i WHERE subscription_id = $1 AND period = $2`,
      [subscriptionId, period],
    );
    return rows[0] ? toInvoice(rows[0]) : null;
  }

  async lockInvoice(manager: EntityManager, id: string): Promise<InvoiceRecord> {
    const rows: InvoiceRow[] = await manager.query(
      `SELECT ${INVOICE} FROM invoice i WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return toInvoice(rows[0]);
  }

  /** Final: the next number of the one counter (same transaction, so numbers have no gaps). */
  async finalize(
    manager: EntityManager,
    id: string,
    p: { seller: Party; vatPercent: string; now: Date },
  ): Promise<string> {
    const [{ last }] = rowsOf<{ last: string }>(
      await manager.query(`UPDATE invoice_counter SET last = last + 1 RETURNING last::text AS last`),
    );
    await manager.query(
      `UPDATE invoice SET status = 'final', number = $2, seller = $3, vat_percent = $4, finalized_at = $5
       WHERE id = $1 AND status = 'draft'`,
      [id, last, JSON.stringify(p.seller), p.vatPercent, p.now],
    );
    return last;
  }

  async insertAttempt(
    a: { conversationId: string; invoiceId: string; userEmail: string; price: string },
    now: Date,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO payment_attempt (conversation_id, invoice_id, user_email, status, price, created_at, updated_at)
       VALUES ($1, $2, $3, 'pending', $4, $5, $5)`,
      [a.conversationId, a.invoiceId, a.userEmail, a.price, now],
    );
  }

  async settleAttempt(
    manager: EntityManager,
    conversationId: string,
    p: {
      status: AttemptStatus;
      providerPaymentId?: string;
      errorCode?: string;
      errorMessage?: string;
      errorGroup?: string;
      hardDecline?: boolean;
      now: Date;
    },
  ): Promise<void> {
    await manager.query(
      `UPDATE payment_attempt SET status = $2, provider_payment_id = $3, error_code = $4, error_message = $5,
         error_group = $6, hard_decline = $7, updated_at = $8 WHERE conversation_id = $1`,
      [
        conversationId,
        p.status,
        p.providerPaymentId ?? null,
        p.errorCode ?? null,
        p.errorMessage ?? null,
        p.errorGroup ?? null,
        p.hardDecline ?? false,
        p.now,
      ],
    );
  }

  /** Attempts whose outcome we do not know (a timeout, or a crash between the call and the commit). */
  async unresolvedAttempts(invoiceId: string, manager: EntityManager): Promise<AttemptRecord[]> {
    return manager.query(
      `SELECT ${ATTEMPT} FROM payment_attempt a WHERE invoice_id = $1 AND status IN ('pending', 'unknown')
       ORDER BY created_at`,
      [invoiceId],
    );
  }

  async succeededAttempt(invoiceId: string, manager: EntityManager): Promise<AttemptRecord | null> {
    const rows: AttemptRecord[] = await manager.query(
      `SELECT ${ATTEMPT} FROM payment_attempt a WHERE invoice_id = $1 AND status = 'succeeded'`,
      [invoiceId],
    );
    return rows[0] ?? null;
  }

  async payments(email: string | null): Promise<PaymentView[]> {
    return this.views(
      `WHERE ($1::text IS NULL OR a.user_email = $1) ORDER BY a.created_at DESC, a.conversation_id`,
      [email],
    );
  }

  async payment(email: string | null, conversationId: string): Promise<PaymentView | null> {
    if (!/^[0-9a-f-]{36}$/i.test(conversationId)) return null;
    const rows = await this.views(
      `WHERE a.conversation_id = $2 AND ($1::text IS NULL OR a.user_email = $1)`,
      [email, conversationId],
    );
    return rows[0] ?? null;
  }

  private async views(where: string, params: unknown[]): Promise<PaymentView[]> {
    const rows: (AttemptRecord & { inv: InvoiceRow })[] = await this.dataSource.query(
      `SELECT ${ATTEMPT}, (SELECT row_to_json(x) FROM (SELECT ${INVOICE} FROM invoice i WHERE i.id = a.invoice_id) x) AS inv
       FROM payment_attempt a ${where}`,
      params,
    );
    return rows.map(({ inv, ...a }) => ({
      ...a,
      invoice: toInvoice({
        ...inv,
        periodStart: new Date(inv.periodStart),
        periodEnd: new Date(inv.periodEnd),
        createdAt: new Date(inv.createdAt),
        finalizedAt: inv.finalizedAt ? new Date(inv.finalizedAt) : null,
      }),
    }));
  }
}

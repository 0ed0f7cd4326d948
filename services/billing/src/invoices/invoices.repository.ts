import { rowsOf } from '@shelfscan/db';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

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

export type AttemptStatus = 'pending' | 'succeeded' | 'failed' | 'unknown' | 'awaiting_3ds';

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
  updatedAt: Date;
  /** The user's language when the attempt was made ("tr" or "en"). */
  lang: string;
  /** 3-D Secure: the provider's payment id given at the start. */
  threeDsPaymentId: string | null;
}

export type RefundStatus = 'pending' | 'succeeded' | 'failed' | 'unknown';

/** Money back on a payment of a final invoice. */
export interface RefundRecord {
  id: string;
  invoiceId: string;
  conversationId: string;
  kind: 'cancel' | 'refund';
  tryKurus: bigint;
  reason: string;
  refundedBy: string;
  status: RefundStatus;
  errorMessage: string | null;
  createdAt: Date;
}

/** A payment attempt with its invoice, its refunds and the features of the plan it paid for. */
export type PaymentView = AttemptRecord & {
  invoice: InvoiceRecord;
  refunds: RefundRecord[];
  features: string[];
};

/** Which payments a list holds: status and Istanbul days (YYYY-MM-DD, inclusive), a page of `size`. */
export interface PaymentFilter {
  status?: string;
  from?: string;
  to?: string;
  page?: number;
  /** 0 or none: every payment. */
  size?: number;
}

/** What InvoiceFinalized tells about a final invoice. */
export interface FinalizedInvoice {
  invoice: InvoiceRecord;
  features: string[];
  promotionCode: string | null;
}

const INVOICE = `i.id, i.subscription_id AS "subscriptionId", i.user_email AS "userEmail", i.period,
  i.number::text AS number, i.status, i.usd_cents::text AS "usdCents", i.discount_usd_cents::text AS "discountUsdCents",
  i.rate::text AS rate, to_char(i.bulletin_date, 'YYYY-MM-DD') AS "bulletinDate", i.try_kurus::text AS "tryKurus",
  i.vat_percent::text AS "vatPercent", i.description, i.period_start AS "periodStart", i.period_end AS "periodEnd",
  i.buyer, i.seller, i.created_at AS "createdAt", i.finalized_at AS "finalizedAt"`;
const ATTEMPT = `a.conversation_id AS "conversationId", a.invoice_id AS "invoiceId", a.user_email AS "userEmail",
  a.status, a.price, a.provider_payment_id AS "providerPaymentId", a.error_code AS "errorCode",
  a.error_message AS "errorMessage", a.error_group AS "errorGroup", a.hard_decline AS "hardDecline",
  a.created_at AS "createdAt", a.updated_at AS "updatedAt", a.lang, a.three_ds_payment_id AS "threeDsPaymentId"`;
const REFUND = `r.id, r.invoice_id AS "invoiceId", r.conversation_id AS "conversationId", r.kind,
  r.try_kurus::text AS "tryKurus", r.reason, r.refunded_by AS "refundedBy", r.status,
  r.error_message AS "errorMessage", r.created_at AS "createdAt"`;
type RefundRow = Omit<RefundRecord, 'tryKurus' | 'createdAt'> & {
  tryKurus: string;
  createdAt: string | Date;
};
const toRefund = (r: RefundRow): RefundRecord => ({
  ...r,
  tryKurus: BigInt(r.tryKurus),
  createdAt: new Date(r.createdAt),
});

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
    a: {
      conversationId: string;
      invoiceId: string;
      userEmail: string;
      price: string;
      lang?: string;
      status?: AttemptStatus;
    },
    now: Date,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO payment_attempt (conversation_id, invoice_id, user_email, status, price, lang, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`,
      [a.conversationId, a.invoiceId, a.userEmail, a.status ?? 'pending', a.price, a.lang ?? 'tr', now],
    );
  }

  async attempt(
    conversationId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<AttemptRecord | null> {
    if (!/^[0-9a-f-]{36}$/i.test(conversationId)) return null;
    const rows: AttemptRecord[] = await manager.query(
      `SELECT ${ATTEMPT} FROM payment_attempt a WHERE conversation_id = $1`,
      [conversationId],
    );
    return rows[0] ?? null;
  }

  async invoiceById(id: string, manager: EntityManager = this.dataSource.manager): Promise<InvoiceRecord> {
    const rows: InvoiceRow[] = await manager.query(`SELECT ${INVOICE} FROM invoice i WHERE id = $1`, [id]);
    return toInvoice(rows[0]);
  }

  /** A 3-D Secure start: the provider's payment id, the bank's page and its one-time token. */
  async setThreeDs(
    manager: EntityManager,
    conversationId: string,
    p: { paymentId: string; html: string; tokenHash: string; expiresAt: Date },
  ): Promise<void> {
    await manager.query(
      `UPDATE payment_attempt SET three_ds_payment_id = $2, three_ds_html = $3, three_ds_token_hash = $4,
         three_ds_expires_at = $5 WHERE conversation_id = $1`,
      [conversationId, p.paymentId, p.html, p.tokenHash, p.expiresAt],
    );
  }

  /**
   * The bank's page of a 3-D Secure attempt, once: the token must match and not have expired;
   * the page and the token are deleted as they are read. Null when not (any more) there.
   */
  async takeThreeDsPage(
    conversationId: string,
    tokenHash: string,
    now: Date,
  ): Promise<{ html: string; lang: string } | null> {
    if (!/^[0-9a-f-]{36}$/i.test(conversationId)) return null;
    const rows = rowsOf<{ html: string; lang: string }>(
      await this.dataSource.query(
        `UPDATE payment_attempt a SET three_ds_html = NULL, three_ds_token_hash = NULL
         FROM (SELECT conversation_id, three_ds_html FROM payment_attempt
               WHERE conversation_id = $1 AND status = 'awaiting_3ds' AND three_ds_token_hash = $2
                 AND three_ds_expires_at > $3 AND three_ds_html IS NOT NULL FOR UPDATE) old
         WHERE a.conversation_id = old.conversation_id
         RETURNING old.three_ds_html AS html, a.lang`,
        [conversationId, tokenHash, now],
      ),
    );
    return rows[0] ?? null;
  }

  /** Earlier 3-D Secure starts of an invoice are abandoned: their bank answer no longer charges. */
  async supersedeThreeDs(manager: EntityManager, invoiceId: string, now: Date): Promise<void> {
    await manager.query(
      `UPDATE payment_attempt SET status = 'failed', error_code = 'superseded',
         error_message = '3-D Secure not completed', three_ds_html = NULL, three_ds_token_hash = NULL,
         updated_at = $2
       WHERE invoice_id = $1 AND status = 'awaiting_3ds'`,
      [invoiceId, now],
    );
  }

  /** Whether an attempt of this invoice has an outcome we do not know yet. */
  async hasUnresolved(invoiceId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM payment_attempt WHERE invoice_id = $1 AND status IN ('pending', 'unknown') LIMIT 1`,
      [invoiceId],
    );
    return rows.length > 0;
  }

  /** The invoice with the plan's features and promotion code (for InvoiceFinalized). */
  async finalized(manager: EntityManager, invoiceId: string): Promise<FinalizedInvoice> {
    const rows: (InvoiceRow & { features: string[]; promotionCode: string | null })[] = await manager.query(
      `SELECT ${INVOICE}, s.features, p.code AS "promotionCode" FROM invoice i
       JOIN subscription s ON s.id = i.subscription_id
       LEFT JOIN promotion_redemption pr ON pr.subscription_id = s.id AND i.discount_usd_cents > 0
       LEFT JOIN promotion p ON p.id = pr.promotion_id
       WHERE i.id = $1`,
      [invoiceId],
    );
    const { features, promotionCode, ...row } = rows[0];
    return { invoice: toInvoice(row), features, promotionCode };
  }

  async insertRefund(
    manager: EntityManager,
    r: Pick<RefundRecord, 'invoiceId' | 'conversationId' | 'kind' | 'tryKurus' | 'reason' | 'refundedBy'>,
    now: Date,
  ): Promise<RefundRecord> {
    const rows: RefundRow[] = await manager.query(
      `INSERT INTO refund AS r (invoice_id, conversation_id, kind, try_kurus, reason, refunded_by, status,
         created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $7) RETURNING ${REFUND}`,
      [r.invoiceId, r.conversationId, r.kind, r.tryKurus.toString(), r.reason, r.refundedBy, now],
    );
    return toRefund(rows[0]);
  }

  async settleRefund(
    manager: EntityManager,
    id: string,
    p: { status: RefundStatus; errorMessage?: string; now: Date },
  ): Promise<void> {
    await manager.query(`UPDATE refund SET status = $2, error_message = $3, updated_at = $4 WHERE id = $1`, [
      id,
      p.status,
      p.errorMessage ?? null,
      p.now,
    ]);
  }

  /** Kuruş refunded or possibly refunded (outcome unknown) on a payment. */
  async refundedKurus(manager: EntityManager, conversationId: string): Promise<bigint> {
    const [{ sum }]: { sum: string }[] = await manager.query(
      `SELECT COALESCE(sum(try_kurus), 0)::text AS sum FROM refund
       WHERE conversation_id = $1 AND status IN ('pending', 'succeeded', 'unknown')`,
      [conversationId],
    );
    return BigInt(sum);
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

  /**
   * Payments newest first: one user's (`email`) or everyone's (null), filtered by status and Istanbul
   * days; a page of `size` (0: all of them), with how many match.
   */
  async payments(
    email: string | null,
    filter: PaymentFilter = {},
  ): Promise<{ items: PaymentView[]; total: number }> {
    const where = `WHERE ($1::text IS NULL OR a.user_email = $1) AND ($2::text IS NULL OR a.status = $2)
      AND ($3::date IS NULL OR a.created_at >= $3::timestamp AT TIME ZONE 'Europe/Istanbul')
      AND ($4::date IS NULL OR a.created_at < ($4::date + 1)::timestamp AT TIME ZONE 'Europe/Istanbul')`;
    const params = [email, filter.status || null, filter.from || null, filter.to || null];
    const size = filter.size ?? 0;
    const [{ total }]: { total: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS total FROM payment_attempt a ${where}`,
      params,
    );
    const items = await this.views(
      `${where} ORDER BY a.created_at DESC, a.conversation_id${size > 0 ? ' LIMIT $5 OFFSET $6' : ''}`,
      size > 0 ? [...params, size, (filter.page ?? 0) * size] : params,
    );
    return { items, total };
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
    const rows: (AttemptRecord & { inv: InvoiceRow; refunds: RefundRow[]; features: string[] })[] =
      await this.dataSource.query(
        `SELECT ${ATTEMPT}, (SELECT row_to_json(x) FROM (SELECT ${INVOICE} FROM invoice i WHERE i.id = a.invoice_id) x) AS inv,
         (SELECT s.features FROM invoice i JOIN subscription s ON s.id = i.subscription_id
            WHERE i.id = a.invoice_id) AS features,
         (SELECT COALESCE(json_agg(y ORDER BY y."createdAt"), '[]') FROM (SELECT ${REFUND} FROM refund r
            WHERE r.conversation_id = a.conversation_id) y) AS refunds
       FROM payment_attempt a ${where}`,
        params,
      );
    return rows.map(({ inv, refunds, features, ...a }) => ({
      ...a,
      features: features ?? [],
      refunds: refunds.map(toRefund),
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

import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { BusError, addToOutbox } from '@shelfscan/bus';
import { billingEventsV1 } from '@shelfscan/contracts';
import { createLogger } from '@shelfscan/observability';
import { Clock, MINUTE, SystemParameters } from '@shelfscan/service';
import { DataSource, type EntityManager, type QueryRunner } from 'typeorm';
import { cityWithRegion, type CardRecord } from '../cards/cards.repository.js';
import {
  InvoicesRepository,
  type AttemptRecord,
  type InvoiceRecord,
  type Party,
} from '../invoices/invoices.repository.js';
import { currentVatPercent, invoiceVat } from '../invoices/invoice-vat.js';
import { decimalToMinor, istanbulDate, minorToDecimal } from '../money/money.js';
import {
  PaymentProvider,
  ProviderTimeoutError,
  type ChargeOutcome,
  type ChargeRequest,
  type Decline,
  type ThreeDsCallback,
} from '../provider/index.js';

const log = createLogger('billing.charges');

type Tx = <T>(work: (m: EntityManager) => Promise<T>) => Promise<T>;

/** How long the bank's page of a 3-D Secure start can be opened. */
const THREE_DS_PAGE_TTL_MS = 15 * MINUTE;

export type SettleResult =
  | { paid: true; conversationId: string; invoiceNumber: string }
  | {
      paid: false;
      conversationId: string;
      decline: Decline;
      /** The bank asked for 3-D Secure and the user is present: the browser flow started. */
      threeDs?: { conversationId: string; token: string };
    };

export interface SettleOptions {
  card: CardRecord | null;
  itemName: string;
  features: string[];
  /** Runs in the transaction that makes the invoice final (activate the plan, write its event). */
  onPaid: (manager: EntityManager, invoice: InvoiceRecord) => Promise<void>;
  /** Set when the user is present: a 5010 answer starts 3-D Secure in the browser. */
  threeDs?: { callbackUrl: string; lang: string };
}

/** The end of a 3-D Secure flow, as the page the user lands on needs it. */
export type ThreeDsResult =
  | { paid: true; conversationId: string }
  | { paid: false; conversationId: string; reason: string; message: string };

const unknownStatus = () =>
  new BusError(
    'UNAVAILABLE',
    'The payment provider did not answer; the payment is being checked. Try again in a minute.',
    { reason: 'paymentStatusUnknown' },
  );

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Pays an invoice exactly once. iyzico has no idempotency keys, so each attempt is written (its
 * id is the conversationId) before the provider is called, and any attempt whose outcome we do
 * not know (a timeout, a crash between the call and the commit) is looked up at the provider
 * before a new one is made. One invoice per subscription period (its unique key); while an
 * invoice is being settled, refunded or completed by the bank's 3-D Secure answer, a session
 * advisory lock keeps every other such step on it out.
 */
@Injectable()
export class ChargesService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(InvoicesRepository) private readonly invoices: InvoicesRepository,
    @Inject(PaymentProvider) private readonly provider: PaymentProvider,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(SystemParameters) private readonly parameters: SystemParameters,
  ) {}

  async settle(invoice: InvoiceRecord, opts: SettleOptions): Promise<SettleResult> {
    return this.locked(invoice.id, false, (tx) => this.settleLocked(invoice.id, opts, tx));
  }

  /**
   * Runs `work` holding the invoice's advisory lock, on the connection that holds it. `wait`:
   * queue behind another holder (the bank's answer posted twice) rather than refuse.
   */
  async locked<T>(invoiceId: string, wait: boolean, work: (tx: Tx) => Promise<T>): Promise<T> {
    const runner: QueryRunner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      const key = `billing.invoice:${invoiceId}`;
      if (wait) await runner.query(`SELECT pg_advisory_lock(hashtext($1))`, [key]);
      else {
        const [{ locked }]: { locked: boolean }[] = await runner.query(
          `SELECT pg_try_advisory_lock(hashtext($1)) AS locked`,
          [key],
        );
        if (!locked)
          throw new BusError('FAILED_PRECONDITION', 'A payment for this plan is already in progress.', {
            reason: 'paymentInProgress',
          });
      }
      const tx = async <R>(w: (m: EntityManager) => Promise<R>): Promise<R> => {
        await runner.startTransaction();
        try {
          const result = await w(runner.manager);
          await runner.commitTransaction();
          return result;
        } catch (err) {
          await runner.rollbackTransaction();
          throw err;
        }
      };
      try {
        return await work(tx);
      } finally {
        await runner.query(`SELECT pg_advisory_unlock(hashtext($1))`, [key]);
      }
    } finally {
      await runner.release();
    }
  }

  private async settleLocked(invoiceId: string, opts: SettleOptions, tx: Tx): Promise<SettleResult> {
    const invoice = await tx((m) => this.invoices.lockInvoice(m, invoiceId));
    if (invoice.status === 'final') return this.alreadyPaid(invoice, tx);

    // First what we do not know: did an earlier attempt go through?
    const found = await this.resolveUnknown(invoice, opts, tx);
    if (found) return found;

    const conversationId = randomUUID();
    const price = minorToDecimal(invoice.tryKurus);
    const insertAttempt = () =>
      tx((m) =>
        this.invoices.insertAttempt(
          {
            conversationId,
            invoiceId: invoice.id,
            userEmail: invoice.userEmail,
            price,
            lang: opts.threeDs?.lang,
          },
          this.clock.now(),
          m,
        ),
      );
    if (invoice.tryKurus === 0n) {
      await insertAttempt();
      return this.paid(invoice, conversationId, '', opts, tx);
    }
    if (!opts.card)
      throw new BusError('FAILED_PRECONDITION', 'No card found. Add a card first.', {
        reason: 'noCardFound',
      });

    await insertAttempt();
    let outcome: ChargeOutcome;
    try {
      outcome = await this.provider.charge(this.chargeRequest(invoice, conversationId, opts));
    } catch (err) {
      await tx((m) =>
        this.invoices.settleAttempt(m, conversationId, { status: 'unknown', now: this.clock.now() }),
      );
      log.warn({ conversationId, err: (err as Error).message }, 'payment outcome unknown');
      if (err instanceof ProviderTimeoutError) throw unknownStatus();
      throw err;
    }
    if (outcome.ok) return this.paid(invoice, conversationId, outcome.paymentId, opts, tx);
    await this.recordDecline(conversationId, outcome, tx);
    log.info({ conversationId, errorGroup: outcome.errorGroup }, 'payment declined');
    if (outcome.threeDsRequired && opts.threeDs) return this.startThreeDs(invoice, opts, outcome, tx);
    return { paid: false, conversationId, decline: outcome };
  }

  /** Attempts whose outcome is unknown are looked up; a payment found pays the invoice. */
  private async resolveUnknown(
    invoice: InvoiceRecord,
    opts: SettleOptions,
    tx: Tx,
  ): Promise<SettleResult | null> {
    for (const attempt of await tx((m) => this.invoices.unresolvedAttempts(invoice.id, m))) {
      let found: ChargeOutcome | null;
      try {
        found = await this.provider.retrieve(attempt.conversationId);
      } catch (err) {
        if (err instanceof ProviderTimeoutError) throw unknownStatus();
        throw err;
      }
      if (found?.ok) return this.paid(invoice, attempt.conversationId, found.paymentId, opts, tx);
      await tx((m) =>
        this.invoices.settleAttempt(m, attempt.conversationId, {
          status: 'failed',
          ...(found ?? {
            errorCode: 'notFound',
            errorMessage: 'no payment at the provider for this attempt',
            errorGroup: 'NOT_FOUND',
          }),
          now: this.clock.now(),
        }),
      );
    }
    return null;
  }

  private async alreadyPaid(invoice: InvoiceRecord, tx: Tx): Promise<SettleResult> {
    const paid = await tx((m) => this.invoices.succeededAttempt(invoice.id, m));
    return { paid: true, conversationId: paid?.conversationId ?? '', invoiceNumber: invoice.number ?? '' };
  }

  private chargeRequest(invoice: InvoiceRecord, conversationId: string, opts: SettleOptions): ChargeRequest {
    const card = opts.card!;
    return {
      conversationId,
      price: minorToDecimal(invoice.tryKurus),
      card: { cardUserKey: card.cardUserKey, cardToken: card.cardToken },
      buyer: {
        email: invoice.userEmail,
        name: invoice.buyer.name,
        address: card.billing.address,
        city: cityWithRegion(card.billing),
        country: card.billing.country,
        zipCode: card.billing.zipCode,
      },
      item: { id: invoice.subscriptionId, name: opts.itemName, features: opts.features },
      locale: opts.threeDs?.lang,
    };
  }

  private recordDecline(conversationId: string, outcome: Decline, tx: Tx): Promise<void> {
    return tx((m) =>
      this.invoices.settleAttempt(m, conversationId, {
        status: 'failed',
        errorCode: outcome.errorCode,
        errorMessage: outcome.errorMessage,
        errorGroup: outcome.errorGroup,
        hardDecline: outcome.hardDecline,
        now: this.clock.now(),
      }),
    );
  }

  /**
   * The bank asks for 3-D Secure and the user is present: a new attempt starts it at the
   * provider (nothing is charged yet) and keeps the bank's page for one visit with a one-time
   * token. Earlier starts of this invoice are abandoned, so only the newest can charge.
   */
  private async startThreeDs(
    invoice: InvoiceRecord,
    opts: SettleOptions,
    first: Decline,
    tx: Tx,
  ): Promise<SettleResult> {
    const conversationId = randomUUID();
    const now = this.clock.now();
    await tx(async (m) => {
      await this.invoices.supersedeThreeDs(m, invoice.id, now);
      await this.invoices.insertAttempt(
        {
          conversationId,
          invoiceId: invoice.id,
          userEmail: invoice.userEmail,
          price: minorToDecimal(invoice.tryKurus),
          lang: opts.threeDs!.lang,
          status: 'awaiting_3ds',
        },
        now,
        m,
      );
    });
    let start;
    try {
      start = await this.provider.initThreeDs({
        ...this.chargeRequest(invoice, conversationId, opts),
        callbackUrl: opts.threeDs!.callbackUrl,
      });
    } catch (err) {
      // A start moves no money: a failed one is just failed.
      await this.recordDecline(
        conversationId,
        { ...first, errorCode: 'threeDsStartFailed', errorMessage: (err as Error).message },
        tx,
      );
      if (err instanceof ProviderTimeoutError) throw unknownStatus();
      throw err;
    }
    if (!start.ok) {
      await this.recordDecline(conversationId, start, tx);
      return { paid: false, conversationId, decline: start };
    }
    const token = randomBytes(32).toString('base64url');
    await tx((m) =>
      this.invoices.setThreeDs(m, conversationId, {
        paymentId: start.paymentId,
        html: start.html,
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + THREE_DS_PAGE_TTL_MS),
      }),
    );
    log.info({ conversationId }, '3-D Secure started');
    return { paid: false, conversationId, decline: first, threeDs: { conversationId, token } };
  }

  /** The bank's page of a 3-D Secure start, once per token. */
  async threeDsPage(conversationId: string, token: string): Promise<{ html: string; lang: string } | null> {
    return this.invoices.takeThreeDsPage(conversationId, hashToken(token), this.clock.now());
  }

  /**
   * The bank's answer: a verified cardholder (mdStatus 1) completes the payment at the provider
   * (/payment/3dsecure/auth, where the money moves) and the invoice becomes final, once — the
   * same answer posted twice waits for the first and then finds the attempt paid.
   */
  async completeThreeDs(
    attempt: AttemptRecord,
    callback: ThreeDsCallback & { status: string; mdStatus: string },
    opts: SettleOptions,
  ): Promise<ThreeDsResult> {
    return this.locked(attempt.invoiceId, true, async (tx) => {
      const invoice = await tx((m) => this.invoices.lockInvoice(m, attempt.invoiceId));
      const current = (await tx((m) => this.invoices.attempt(attempt.conversationId, m)))!;
      const failed = (reason: string, message = ''): ThreeDsResult => ({
        paid: false,
        conversationId: current.conversationId,
        reason,
        message,
      });
      if (invoice.status === 'final') {
        const paid = await this.alreadyPaid(invoice, tx);
        return { paid: true, conversationId: paid.conversationId };
      }
      if (current.status === 'pending' || current.status === 'unknown') {
        // An earlier answer crashed or timed out at the provider: look the payment up.
        const found = await this.resolveUnknown(invoice, opts, tx);
        return found?.paid ? { paid: true, conversationId: found.conversationId } : failed('paymentFailed');
      }
      if (current.status !== 'awaiting_3ds') return failed('threeDsExpired');
      const verified = callback.status === 'success' && callback.mdStatus === '1';
      if (!verified || callback.paymentId !== current.threeDsPaymentId) {
        await this.recordDecline(
          current.conversationId,
          {
            ok: false,
            errorCode: `mdStatus:${callback.mdStatus || '-'}`,
            errorMessage: '3-D Secure verification failed',
            errorGroup: 'THREEDS_FAILED',
            hardDecline: false,
            threeDsRequired: true,
          },
          tx,
        );
        return failed('threeDsDeclined');
      }
      await tx((m) =>
        this.invoices.settleAttempt(m, current.conversationId, {
          status: 'pending',
          providerPaymentId: current.threeDsPaymentId ?? undefined,
          now: this.clock.now(),
        }),
      );
      let outcome: ChargeOutcome;
      try {
        outcome = await this.provider.completeThreeDs(callback, current.lang);
      } catch (err) {
        await tx((m) =>
          this.invoices.settleAttempt(m, current.conversationId, {
            status: 'unknown',
            now: this.clock.now(),
          }),
        );
        log.warn(
          { conversationId: current.conversationId, err: (err as Error).message },
          '3-D Secure outcome unknown',
        );
        if (err instanceof ProviderTimeoutError) return failed('paymentStatusUnknown');
        throw err;
      }
      if (outcome.ok) {
        await this.paid(invoice, current.conversationId, outcome.paymentId, opts, tx);
        return { paid: true, conversationId: current.conversationId };
      }
      await this.recordDecline(current.conversationId, outcome, tx);
      return failed('paymentFailed', outcome.errorMessage);
    });
  }

  /**
   * Money back on a paid, final invoice (the invoice itself does not change): the same Istanbul
   * day as the payment, the whole amount → the provider's cancel; otherwise a refund, partial
   * allowed. Never more than was paid: refunds whose outcome is unknown count as made.
   */
  async refund(
    conversationId: string,
    p: { amountKurus: bigint; reason: string; refundedBy: string },
  ): Promise<{ kind: 'cancel' | 'refund'; tryKurus: bigint }> {
    const attempt = await this.invoices.attempt(conversationId);
    if (!attempt) throw new BusError('NOT_FOUND', 'Payment not found.', { reason: 'paymentNotFound' });
    return this.locked(attempt.invoiceId, true, async (tx) => {
      const invoice = await tx((m) => this.invoices.lockInvoice(m, attempt.invoiceId));
      const paidKurus = decimalToMinor(attempt.price);
      if (
        attempt.status !== 'succeeded' ||
        invoice.status !== 'final' ||
        paidKurus === 0n ||
        !attempt.providerPaymentId
      )
        throw new BusError('FAILED_PRECONDITION', 'Only a paid payment can be refunded.', {
          reason: 'refundNotPossible',
        });
      const already = await tx((m) => this.invoices.refundedKurus(m, conversationId));
      const left = paidKurus - already;
      const amount = p.amountKurus > 0n ? p.amountKurus : left;
      if (amount <= 0n || amount > left)
        throw new BusError('FAILED_PRECONDITION', `${minorToDecimal(left)} TRY`, {
          reason: 'refundTooMuch',
        });
      const now = this.clock.now();
      const sameDay = istanbulDate(new Date(attempt.updatedAt)) === istanbulDate(now);
      const kind = sameDay && already === 0n && amount === paidKurus ? 'cancel' : 'refund';
      const row = await tx((m) =>
        this.invoices.insertRefund(
          m,
          {
            invoiceId: invoice.id,
            conversationId,
            kind,
            tryKurus: amount,
            reason: p.reason,
            refundedBy: p.refundedBy,
          },
          now,
        ),
      );
      let outcome;
      try {
        outcome =
          kind === 'cancel'
            ? await this.provider.cancel({
                conversationId: row.id,
                paymentId: attempt.providerPaymentId,
                reason: p.reason,
              })
            : await this.provider.refund({
                conversationId: row.id,
                paymentId: attempt.providerPaymentId,
                price: minorToDecimal(amount),
              });
      } catch (err) {
        await tx((m) => this.invoices.settleRefund(m, row.id, { status: 'unknown', now: this.clock.now() }));
        if (err instanceof ProviderTimeoutError) throw unknownStatus();
        throw err;
      }
      if (!outcome.ok) {
        await tx((m) =>
          this.invoices.settleRefund(m, row.id, {
            status: 'failed',
            errorMessage: outcome.errorMessage,
            now: this.clock.now(),
          }),
        );
        throw new BusError('FAILED_PRECONDITION', outcome.errorMessage, { reason: 'refundRefused' });
      }
      await tx(async (m) => {
        await this.invoices.settleRefund(m, row.id, { status: 'succeeded', now: this.clock.now() });
        await addToOutbox(m, billingEventsV1.InvoiceRefundedSchema, {
          invoiceId: invoice.id,
          conversationId,
          userEmail: invoice.userEmail,
          refundedTryKurus: amount,
          kind,
          reason: p.reason,
          refundedBy: p.refundedBy,
          refundedAt: this.clock.now().toISOString(),
        });
      });
      log.info({ conversationId, kind, kurus: String(amount) }, 'payment refunded');
      return { kind, tryKurus: amount };
    });
  }

  private async paid(
    invoice: InvoiceRecord,
    conversationId: string,
    providerPaymentId: string,
    opts: SettleOptions,
    tx: Tx,
  ): Promise<SettleResult> {
    const number = await tx(async (m) => {
      await this.invoices.settleAttempt(m, conversationId, {
        status: 'succeeded',
        providerPaymentId,
        now: this.clock.now(),
      });
      const n = await this.invoices.finalize(m, invoice.id, {
        seller: this.seller(),
        vatPercent: currentVatPercent(this.parameters),
        now: this.clock.now(),
      });
      await opts.onPaid(m, invoice);
      const f = await this.invoices.finalized(m, invoice.id);
      await addToOutbox(m, billingEventsV1.InvoiceFinalizedSchema, {
        invoiceId: invoice.id,
        invoiceNumber: BigInt(n),
        conversationId: f.invoice.tryKurus > 0n ? conversationId : '',
        userEmail: invoice.userEmail,
        subscriptionId: invoice.subscriptionId,
        features: f.features,
        period: f.invoice.period,
        usdCents: f.invoice.usdCents,
        discountUsdCents: f.invoice.discountUsdCents,
        rate: f.invoice.rate ?? '',
        bulletinDate: f.invoice.bulletinDate ?? '',
        tryKurus: f.invoice.tryKurus,
        vatKurus: invoiceVat(f.invoice, this.parameters).minor,
        promotionCode: f.promotionCode ?? '',
        description: f.invoice.description,
        finalizedAt: (f.invoice.finalizedAt ?? this.clock.now()).toISOString(),
      });
      return n;
    });
    log.info({ conversationId, invoiceNumber: number }, 'invoice paid');
    return { paid: true, conversationId, invoiceNumber: number };
  }

  private seller(): Party {
    const s = this.parameters.get('billing.seller');
    return { name: s?.value1 ?? '', address: s?.value2 ?? '', taxOffice: s?.value3 ?? '' };
  }
}

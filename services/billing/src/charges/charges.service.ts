import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { BusError } from '@shelfscan/bus';
import { createLogger } from '@shelfscan/observability';
import { Clock, SystemParameters } from '@shelfscan/service';
import { DataSource, type EntityManager } from 'typeorm';
import type { CardRecord } from '../cards/cards.repository.js';
import { InvoicesRepository, type InvoiceRecord, type Party } from '../invoices/invoices.repository.js';
import { minorToDecimal } from '../money/money.js';
import { PaymentProvider, ProviderTimeoutError, type ChargeOutcome } from '../provider/index.js';

const log = createLogger('billing.charges');

type Tx = <T>(work: (m: EntityManager) => Promise<T>) => Promise<T>;

export type Decline = Extract<ChargeOutcome, { ok: false }>;

export type SettleResult =
  | { paid: true; conversationId: string; invoiceNumber: string }
  | { paid: false; conversationId: string; decline: Decline };

export interface SettleOptions {
  card: CardRecord | null;
  itemName: string;
  /** Runs in the transaction that makes the invoice final (activate the plan, write its event). */
  onPaid: (manager: EntityManager, invoice: InvoiceRecord) => Promise<void>;
}

const unknownStatus = () =>
  new BusError(
    'UNAVAILABLE',
    'The payment provider did not answer; the payment is being checked. Try again in a minute.',
    { reason: 'paymentStatusUnknown' },
  );

/**
 * Pays an invoice exactly once. iyzico has no idempotency keys, so each attempt is written (its
 * id is the conversationId) before the provider is called, and any attempt whose outcome we do
 * not know (a timeout, a crash between the call and the commit) is looked up at the provider
 * before a new one is made. One invoice per subscription period (its unique key); while an
 * invoice is being settled, a session advisory lock keeps any other settle of it out.
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
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      const key = `billing.invoice:${invoice.id}`;
      const [{ locked }]: { locked: boolean }[] = await runner.query(
        `SELECT pg_try_advisory_lock(hashtext($1)) AS locked`,
        [key],
      );
      if (!locked)
        throw new BusError('FAILED_PRECONDITION', 'A payment for this plan is already in progress.', {
          reason: 'paymentInProgress',
        });
      // Everything of this settle runs on the connection that holds the lock (no second one from the pool).
      const tx = async <T>(work: (m: EntityManager) => Promise<T>): Promise<T> => {
        await runner.startTransaction();
        try {
          const result = await work(runner.manager);
          await runner.commitTransaction();
          return result;
        } catch (err) {
          await runner.rollbackTransaction();
          throw err;
        }
      };
      try {
        return await this.settleLocked(invoice.id, opts, tx);
      } finally {
        await runner.query(`SELECT pg_advisory_unlock(hashtext($1))`, [key]);
      }
    } finally {
      await runner.release();
    }
  }

  private async settleLocked(invoiceId: string, opts: SettleOptions, tx: Tx): Promise<SettleResult> {
    const invoice = await tx((m) => this.invoices.lockInvoice(m, invoiceId));
    if (invoice.status === 'final') {
      const paid = await tx((m) => this.invoices.succeededAttempt(invoice.id, m));
      return { paid: true, conversationId: paid?.conversationId ?? '', invoiceNumber: invoice.number ?? '' };
    }

    // First what we do not know: did an earlier attempt go through?
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

    const conversationId = randomUUID();
    const price = minorToDecimal(invoice.tryKurus);
    const insertAttempt = () =>
      tx((m) =>
        this.invoices.insertAttempt(
          { conversationId, invoiceId: invoice.id, userEmail: invoice.userEmail, price },
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
      outcome = await this.provider.charge({
        conversationId,
        price,
        card: { cardUserKey: opts.card.cardUserKey, cardToken: opts.card.cardToken },
        buyer: {
          email: invoice.userEmail,
          name: invoice.buyer.name,
          address: opts.card.billing.address,
          city: opts.card.billing.city,
          country: opts.card.billing.country,
          zipCode: opts.card.billing.zipCode,
        },
        item: { id: invoice.subscriptionId, name: opts.itemName },
      });
    } catch (err) {
      await tx((m) =>
        this.invoices.settleAttempt(m, conversationId, { status: 'unknown', now: this.clock.now() }),
      );
      log.warn({ conversationId, err: (err as Error).message }, 'payment outcome unknown');
      if (err instanceof ProviderTimeoutError) throw unknownStatus();
      throw err;
    }
    if (outcome.ok) return this.paid(invoice, conversationId, outcome.paymentId, opts, tx);
    await tx((m) =>
      this.invoices.settleAttempt(m, conversationId, {
        status: 'failed',
        errorCode: outcome.errorCode,
        errorMessage: outcome.errorMessage,
        errorGroup: outcome.errorGroup,
        hardDecline: outcome.hardDecline,
        now: this.clock.now(),
      }),
    );
    log.info({ conversationId, errorGroup: outcome.errorGroup }, 'payment declined');
    return { paid: false, conversationId, decline: outcome };
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
        vatPercent: this.parameters.text('billing.vatPercent') || '20',
        now: this.clock.now(),
      });
      await opts.onPaid(m, invoice);
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

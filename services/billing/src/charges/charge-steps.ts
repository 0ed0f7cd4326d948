import { Inject, Injectable } from '@nestjs/common';
import { BusError, addToOutbox } from '@shelfscan/bus';
import { billingEventsV1 } from '@shelfscan/contracts';
import { withAdvisoryLock } from '@shelfscan/db';
import { createLogger } from '@shelfscan/observability';
import { Clock, SystemParameters } from '@shelfscan/service';
import { DataSource, type EntityManager } from 'typeorm';
import { cityWithRegion, type CardRecord } from '../cards/cards.repository.js';
import { InvoicesRepository, type InvoiceRecord, type Party } from '../invoices/invoices.repository.js';
import { currentVatPercent, invoiceVat } from '../invoices/invoice-vat.js';
import { minorToDecimal } from '../money/money.js';
import {
  PaymentProvider,
  ProviderTimeoutError,
  type ChargeOutcome,
  type ChargeRequest,
  type Decline,
} from '../provider/index.js';

const log = createLogger('billing.charges');

/** A transaction on the connection that holds the invoice's advisory lock. */
export type Tx = <T>(work: (m: EntityManager) => Promise<T>) => Promise<T>;

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

export const unknownStatus = () =>
  new BusError('UNAVAILABLE', 'paymentStatusUnknown', { reason: 'paymentStatusUnknown' });

/**
 * The steps every way of paying an invoice shares (a charge, the bank's 3-D Secure answer) and
 * the lock that refunds take too: the invoice's advisory lock, looking up attempts whose outcome
 * is unknown, the provider's charge request, recording a decline, and making the invoice final.
 */
@Injectable()
export class ChargeSteps {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(InvoicesRepository) private readonly invoices: InvoicesRepository,
    @Inject(PaymentProvider) private readonly provider: PaymentProvider,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(SystemParameters) private readonly parameters: SystemParameters,
  ) {}

  /**
   * Runs `work` holding the invoice's advisory lock, on the connection that holds it. `wait`:
   * queue behind another holder (the bank's answer posted twice) rather than refuse.
   */
  async locked<T>(invoiceId: string, wait: boolean, work: (tx: Tx) => Promise<T>): Promise<T> {
    const held = await withAdvisoryLock(this.dataSource, `billing.invoice:${invoiceId}`, { wait }, (runner) =>
      work(async (w) => {
        await runner.startTransaction();
        try {
          const result = await w(runner.manager);
          await runner.commitTransaction();
          return result;
        } catch (err) {
          await runner.rollbackTransaction();
          throw err;
        }
      }),
    );
    if (!held.locked)
      throw new BusError('FAILED_PRECONDITION', 'paymentInProgress', { reason: 'paymentInProgress' });
    return held.value;
  }

  /** Attempts whose outcome is unknown are looked up; a payment found pays the invoice. */
  async resolveUnknown(invoice: InvoiceRecord, opts: SettleOptions, tx: Tx): Promise<SettleResult | null> {
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

  async alreadyPaid(invoice: InvoiceRecord, tx: Tx): Promise<SettleResult> {
    const paid = await tx((m) => this.invoices.succeededAttempt(invoice.id, m));
    return { paid: true, conversationId: paid?.conversationId ?? '', invoiceNumber: invoice.number ?? '' };
  }

  chargeRequest(invoice: InvoiceRecord, conversationId: string, opts: SettleOptions): ChargeRequest {
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

  recordDecline(conversationId: string, outcome: Decline, tx: Tx): Promise<void> {
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

  /** The provider did not answer (a timeout, a broken connection): the attempt's outcome is unknown. */
  async recordUnknown(conversationId: string, err: unknown, tx: Tx, what = 'payment'): Promise<void> {
    await tx((m) =>
      this.invoices.settleAttempt(m, conversationId, { status: 'unknown', now: this.clock.now() }),
    );
    log.warn({ conversationId, err: (err as Error).message }, `${what} outcome unknown`);
  }

  async paid(
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

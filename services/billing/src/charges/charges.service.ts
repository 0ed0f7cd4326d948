import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { BusError } from '@shelfscan/bus';
import { createLogger } from '@shelfscan/observability';
import { Clock } from '@shelfscan/service';
import { InvoicesRepository, type InvoiceRecord } from '../invoices/invoices.repository.js';
import { minorToDecimal } from '../money/money.js';
import { PaymentProvider, ProviderTimeoutError, type ChargeOutcome } from '../provider/index.js';
import {
  ChargeSteps,
  unknownStatus,
  type SettleOptions,
  type SettleResult,
  type Tx,
} from './charge-steps.js';
import { ThreeDsService } from './three-ds.service.js';

const log = createLogger('billing.charges');

/**
 * Pays an invoice exactly once. iyzico has no idempotency keys, so each attempt is written (its
 * id is the conversationId) before the provider is called, and any attempt whose outcome we do
 * not know (a timeout, a crash between the call and the commit) is looked up at the provider
 * before a new one is made. One invoice per subscription period (its unique key); while an
 * invoice is being settled, refunded or completed by the bank's 3-D Secure answer, a session
 * advisory lock keeps every other such step on it out. The steps these share are ChargeSteps;
 * 3-D Secure is ThreeDsService, refunds RefundsService.
 */
@Injectable()
export class ChargesService {
  constructor(
    @Inject(InvoicesRepository) private readonly invoices: InvoicesRepository,
    @Inject(PaymentProvider) private readonly provider: PaymentProvider,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(ChargeSteps) private readonly steps: ChargeSteps,
    @Inject(ThreeDsService) private readonly threeDs: ThreeDsService,
  ) {}

  async settle(invoice: InvoiceRecord, opts: SettleOptions): Promise<SettleResult> {
    return this.steps.locked(invoice.id, false, (tx) => this.settleLocked(invoice.id, opts, tx));
  }

  private async settleLocked(invoiceId: string, opts: SettleOptions, tx: Tx): Promise<SettleResult> {
    const invoice = await tx((m) => this.invoices.lockInvoice(m, invoiceId));
    if (invoice.status === 'final') return this.steps.alreadyPaid(invoice, tx);

    // First what we do not know: did an earlier attempt go through?
    const found = await this.steps.resolveUnknown(invoice, opts, tx);
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
      return this.steps.paid(invoice, conversationId, '', opts, tx);
    }
    if (!opts.card)
      throw new BusError('FAILED_PRECONDITION', 'noCardFound', {
        reason: 'noCardFound',
      });

    await insertAttempt();
    let outcome: ChargeOutcome;
    try {
      outcome = await this.provider.charge(this.steps.chargeRequest(invoice, conversationId, opts));
    } catch (err) {
      await this.steps.recordUnknown(conversationId, err, tx);
      if (err instanceof ProviderTimeoutError) throw unknownStatus();
      throw err;
    }
    if (outcome.ok) return this.steps.paid(invoice, conversationId, outcome.paymentId, opts, tx);
    await this.steps.recordDecline(conversationId, outcome, tx);
    log.info({ conversationId, errorGroup: outcome.errorGroup }, 'payment declined');
    if (outcome.threeDsRequired && opts.threeDs) return this.threeDs.start(invoice, opts, outcome, tx);
    return { paid: false, conversationId, decline: outcome };
  }
}

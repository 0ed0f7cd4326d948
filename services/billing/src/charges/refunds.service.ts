import { Inject, Injectable } from '@nestjs/common';
import { BusError, addToOutbox } from '@shelfscan/bus';
import { billingEventsV1 } from '@shelfscan/contracts';
import { createLogger } from '@shelfscan/observability';
import { Clock, istanbulDate } from '@shelfscan/service';
import { InvoicesRepository } from '../invoices/invoices.repository.js';
import { decimalToMinor, minorToDecimal } from '../money/money.js';
import { PaymentProvider, ProviderTimeoutError } from '../provider/index.js';
import { ChargeSteps, unknownStatus } from './charge-steps.js';

const log = createLogger('billing.charges');

/** Money back on a paid invoice: the provider's cancel or refund, once, under the invoice's lock. */
@Injectable()
export class RefundsService {
  constructor(
    @Inject(InvoicesRepository) private readonly invoices: InvoicesRepository,
    @Inject(PaymentProvider) private readonly provider: PaymentProvider,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(ChargeSteps) private readonly steps: ChargeSteps,
  ) {}

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
    if (!attempt) throw new BusError('NOT_FOUND', 'paymentNotFound', { reason: 'paymentNotFound' });
    return this.steps.locked(attempt.invoiceId, true, async (tx) => {
      const invoice = await tx((m) => this.invoices.lockInvoice(m, attempt.invoiceId));
      const paidKurus = decimalToMinor(attempt.price);
      if (
        attempt.status !== 'succeeded' ||
        invoice.status !== 'final' ||
        paidKurus === 0n ||
        !attempt.providerPaymentId
      )
        throw new BusError('FAILED_PRECONDITION', 'refundNotPossible', {
          reason: 'refundNotPossible',
        });
      const already = await tx((m) => this.invoices.refundedKurus(m, conversationId));
      const left = paidKurus - already;
      const amount = p.amountKurus > 0n ? p.amountKurus : left;
      if (amount <= 0n || amount > left)
        throw new BusError('FAILED_PRECONDITION', 'refundTooMuch', {
          reason: 'refundTooMuch',
          detail: `${minorToDecimal(left)} TRY`,
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
        throw new BusError('FAILED_PRECONDITION', 'refundRefused', {
          reason: 'refundRefused',
          detail: outcome.errorMessage,
        });
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
}

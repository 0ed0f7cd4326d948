import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { createLogger } from '@shelfscan/observability';
import { Clock, MINUTE } from '@shelfscan/service';
import {
  InvoicesRepository,
  type AttemptRecord,
  type InvoiceRecord,
} from '../invoices/invoices.repository.js';
import { minorToDecimal } from '../money/money.js';
import {
  PaymentProvider,
  ProviderTimeoutError,
  type ChargeOutcome,
  type Decline,
  type ThreeDsCallback,
} from '../provider/index.js';
import {
  ChargeSteps,
  unknownStatus,
  type SettleOptions,
  type SettleResult,
  type Tx,
} from './charge-steps.js';

const log = createLogger('billing.charges');

/** How long the bank's page of a 3-D Secure start can be opened. */
const THREE_DS_PAGE_TTL_MS = 15 * MINUTE;

/** The end of a 3-D Secure flow, as the page the user lands on needs it. */
export type ThreeDsResult =
  | { paid: true; conversationId: string }
  | { paid: false; conversationId: string; reason: string; message: string };

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * 3-D Secure in the browser: started when the bank asks for it on a charge with the user present
 * (ChargesService.settle), the bank's page shown once per token, and the bank's answer completing
 * the payment under the invoice's lock.
 */
@Injectable()
export class ThreeDsService {
  constructor(
    @Inject(InvoicesRepository) private readonly invoices: InvoicesRepository,
    @Inject(PaymentProvider) private readonly provider: PaymentProvider,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(ChargeSteps) private readonly steps: ChargeSteps,
  ) {}

  /**
   * The bank asks for 3-D Secure and the user is present: a new attempt starts it at the
   * provider (nothing is charged yet) and keeps the bank's page for one visit with a one-time
   * token. Earlier starts of this invoice are abandoned, so only the newest can charge.
   */
  async start(invoice: InvoiceRecord, opts: SettleOptions, first: Decline, tx: Tx): Promise<SettleResult> {
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
        ...this.steps.chargeRequest(invoice, conversationId, opts),
        callbackUrl: opts.threeDs!.callbackUrl,
      });
    } catch (err) {
      // A start moves no money: a failed one is just failed.
      await this.steps.recordDecline(
        conversationId,
        { ...first, errorCode: 'threeDsStartFailed', errorMessage: (err as Error).message },
        tx,
      );
      if (err instanceof ProviderTimeoutError) throw unknownStatus();
      throw err;
    }
    if (!start.ok) {
      await this.steps.recordDecline(conversationId, start, tx);
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
  async page(conversationId: string, token: string): Promise<{ html: string; lang: string } | null> {
    return this.invoices.takeThreeDsPage(conversationId, hashToken(token), this.clock.now());
  }

  /**
   * The bank's answer: a verified cardholder (mdStatus 1) completes the payment at the provider
   * (/payment/3dsecure/auth, where the money moves) and the invoice becomes final, once — the
   * same answer posted twice waits for the first and then finds the attempt paid.
   */
  async complete(
    attempt: AttemptRecord,
    callback: ThreeDsCallback & { status: string; mdStatus: string },
    opts: SettleOptions,
  ): Promise<ThreeDsResult> {
    return this.steps.locked(attempt.invoiceId, true, async (tx) => {
      const invoice = await tx((m) => this.invoices.lockInvoice(m, attempt.invoiceId));
      const current = (await tx((m) => this.invoices.attempt(attempt.conversationId, m)))!;
      const failed = (reason: string, message = ''): ThreeDsResult => ({
        paid: false,
        conversationId: current.conversationId,
        reason,
        message,
      });
      if (invoice.status === 'final') {
        const paid = await this.steps.alreadyPaid(invoice, tx);
        return { paid: true, conversationId: paid.conversationId };
      }
      if (current.status === 'pending' || current.status === 'unknown') {
        // An earlier answer crashed or timed out at the provider: look the payment up.
        const found = await this.steps.resolveUnknown(invoice, opts, tx);
        return found?.paid ? { paid: true, conversationId: found.conversationId } : failed('paymentFailed');
      }
      if (current.status !== 'awaiting_3ds') return failed('threeDsExpired');
      const verified = callback.status === 'success' && callback.mdStatus === '1';
      if (!verified || callback.paymentId !== current.threeDsPaymentId) {
        await this.steps.recordDecline(
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
        await this.steps.recordUnknown(current.conversationId, err, tx, '3-D Secure');
        if (err instanceof ProviderTimeoutError) return failed('paymentStatusUnknown');
        throw err;
      }
      if (outcome.ok) {
        await this.steps.paid(invoice, current.conversationId, outcome.paymentId, opts, tx);
        return { paid: true, conversationId: current.conversationId };
      }
      await this.steps.recordDecline(current.conversationId, outcome, tx);
      return failed('paymentFailed', outcome.errorMessage);
    });
  }
}

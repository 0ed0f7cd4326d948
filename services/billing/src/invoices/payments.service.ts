import { Inject, Injectable } from '@nestjs/common';
import { BusError, OutboxRelay } from '@shelfscan/bus';
import type { billingV1 } from '@shelfscan/contracts';
import { SystemParameters } from '@shelfscan/service';
import { assertAdmin } from '@shelfscan/service';
import { paymentOwner } from '../admin/caller.js';
import { RefundsService } from '../charges/refunds.service.js';
import { renderInvoicePdf } from './invoice-pdf.js';
import { invoiceVat } from './invoice-vat.js';
import { InvoicesRepository, type PaymentView } from './invoices.repository.js';
import type { Vat } from '../money/money.js';

/** Payment history, one payment, its invoice as a PDF, and (admins) refunds. */
@Injectable()
export class PaymentsService {
  constructor(
    @Inject(InvoicesRepository) private readonly invoices: InvoicesRepository,
    @Inject(RefundsService) private readonly refunds: RefundsService,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
    @Inject(SystemParameters) private readonly parameters: SystemParameters,
  ) {}

  async list(req: billingV1.ListPaymentsRequest): Promise<{ payments: billingV1.Payment[]; total: number }> {
    const { items, total } = await this.invoices.payments(paymentOwner(req.email, req.caller), {
      status: req.status,
      from: req.from,
      to: req.to,
      page: Math.max(req.page, 0),
      size: Math.min(Math.max(req.size, 0), 100),
    });
    return { payments: items.map((p) => this.message(p)), total };
  }

  async get(req: billingV1.GetPaymentRequest): Promise<billingV1.Payment> {
    return this.message(await this.find(paymentOwner(req.email, req.caller), req.conversationId));
  }

  async pdf(req: billingV1.GetInvoicePdfRequest): Promise<billingV1.GetInvoicePdfResponse> {
    const p = await this.find(paymentOwner(req.email, req.caller), req.conversationId);
    const vat = invoiceVat(p.invoice, this.parameters);
    const content = await renderInvoicePdf(p.invoice, p, vat, req.lang === 'en' ? 'en' : 'tr');
    return {
      $typeName: 'shelfscan.billing.v1.GetInvoicePdfResponse',
      content,
      fileName: `shelfscan-${p.invoice.number ? `invoice-${p.invoice.number}` : p.conversationId}.pdf`,
    };
  }

  /** Admin: a same-day cancel or a later (partial) refund, recorded against the invoice. */
  async refund(req: billingV1.RefundPaymentRequest): Promise<billingV1.RefundPaymentResponse> {
    const admin = assertAdmin(req.caller);
    const violations = [];
    if (!req.reason.trim()) violations.push({ field: 'reason', msg: 'required' });
    if (req.amountKurus < 0n) violations.push({ field: 'amountKurus', msg: 'amountInvalid' });
    if (violations.length) throw new BusError('INVALID_ARGUMENT', 'invalidFields', { violations });
    await this.find(null, req.conversationId);
    const done = await this.refunds.refund(req.conversationId, {
      amountKurus: req.amountKurus,
      reason: req.reason.trim(),
      refundedBy: admin,
    });
    this.relay.nudge();
    return {
      $typeName: 'shelfscan.billing.v1.RefundPaymentResponse',
      payment: this.message(await this.find(null, req.conversationId)),
      kind: done.kind,
      refundedTryKurus: done.tryKurus,
    };
  }

  private async find(email: string | null, conversationId: string): Promise<PaymentView> {
    const p = await this.invoices.payment(email, conversationId);
    if (!p) throw new BusError('NOT_FOUND', 'paymentNotFound', { reason: 'paymentNotFound' });
    return p;
  }

  private message(p: PaymentView): billingV1.Payment {
    return toPaymentMessage(p, invoiceVat(p.invoice, this.parameters));
  }
}

function toPaymentMessage(p: PaymentView, vat: Vat): billingV1.Payment {
  const i = p.invoice;
  const refunds = p.refunds.filter((r) => r.status === 'succeeded');
  return {
    $typeName: 'shelfscan.billing.v1.Payment',
    conversationId: p.conversationId,
    createdAt: new Date(p.createdAt).toISOString(),
    usdCents: i.usdCents,
    discountUsdCents: i.discountUsdCents,
    rate: i.rate ?? '',
    bulletinDate: i.bulletinDate ?? '',
    tryKurus: i.tryKurus,
    status: p.status,
    description: i.description,
    period: i.period,
    invoiceStatus: i.status,
    invoiceNumber: i.number ? BigInt(i.number) : 0n,
    errorMessage: p.errorMessage ?? '',
    userEmail: p.userEmail,
    refundedTryKurus: refunds.reduce((s, r) => s + r.tryKurus, 0n),
    vatPercent: vat.percent,
    vatKurus: vat.minor,
    features: p.features,
    refunds: refunds.map((r) => ({
      $typeName: 'shelfscan.billing.v1.Refund' as const,
      kind: r.kind,
      tryKurus: r.tryKurus,
      reason: r.reason,
      refundedBy: r.refundedBy,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

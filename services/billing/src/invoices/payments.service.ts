import { Inject, Injectable } from '@nestjs/common';
import { BusError } from '@shelfscan/bus';
import type { billingV1 } from '@shelfscan/contracts';
import { renderInvoicePdf } from './invoice-pdf.js';
import { InvoicesRepository, type PaymentView } from './invoices.repository.js';

/** Payment history, one payment, and its invoice as a PDF. */
@Injectable()
export class PaymentsService {
  constructor(@Inject(InvoicesRepository) private readonly invoices: InvoicesRepository) {}

  async list(email: string): Promise<billingV1.Payment[]> {
    return (await this.invoices.payments(email || null)).map(toPaymentMessage);
  }

  async get(email: string, conversationId: string): Promise<billingV1.Payment> {
    return toPaymentMessage(await this.find(email, conversationId));
  }

  async pdf(email: string, conversationId: string, lang: string): Promise<billingV1.GetInvoicePdfResponse> {
    const p = await this.find(email, conversationId);
    const content = await renderInvoicePdf(p.invoice, p, lang === 'en' ? 'en' : 'tr');
    return {
      $typeName: 'shelfscan.billing.v1.GetInvoicePdfResponse',
      content,
      fileName: `shelfscan-${p.invoice.number ? `invoice-${p.invoice.number}` : p.conversationId}.pdf`,
    };
  }

  private async find(email: string, conversationId: string): Promise<PaymentView> {
    const p = await this.invoices.payment(email || null, conversationId);
    if (!p) throw new BusError('NOT_FOUND', 'Payment not found.', { reason: 'paymentNotFound' });
    return p;
  }
}

function toPaymentMessage(p: PaymentView): billingV1.Payment {
  const i = p.invoice;
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
  };
}

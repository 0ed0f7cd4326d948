import type { SystemParameters } from '@shelfscan/service';
import { vatIncluded, type Vat } from '../money/money.js';
import type { InvoiceRecord } from './invoices.repository.js';

/** Today's VAT (KDV) rate in percent: the system parameter `billing.vatPercent` (20 when unset). */
export function currentVatPercent(parameters: SystemParameters): string {
  return parameters.text('billing.vatPercent') || '20';
}

/**
 * The VAT included in an invoice's TRY total: at the rate frozen on the invoice when it became
 * final, at today's rate before. The history, the PDF and InvoiceFinalized all take it from here.
 */
export function invoiceVat(
  invoice: Pick<InvoiceRecord, 'tryKurus' | 'vatPercent'>,
  parameters: SystemParameters,
): Vat {
  return vatIncluded(invoice.tryKurus, invoice.vatPercent ?? currentVatPercent(parameters));
}

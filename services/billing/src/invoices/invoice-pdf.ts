import fs from 'node:fs';
import PDFDocument from 'pdfkit';
import { istanbulDate, minorToDecimal, type Vat } from '../money/money.js';
import type { AttemptRecord, InvoiceRecord } from './invoices.repository.js';
import { woffToSfnt } from './woff.js';

/**
 * DejaVu Sans 2.37 (regular) has ş ğ ı İ; PDF's built-in fonts do not. The one face the invoice
 * uses, as @fontsource/dejavu-sans ships it (a WOFF: the TrueType face compressed; its "latin" file
 * holds the whole face, every glyph of DejaVuSans.ttf): the billing image carries 2 MB of fonts, not
 * dejavu-fonts-ttf's 12 MB of 22 faces. Unwrapped once (woff.ts); `invoice-font.spec.ts` checks that
 * it draws exactly as DejaVuSans.ttf does.
 */
let font: Buffer | undefined;
export function invoiceFont(): Buffer {
  font ??= woffToSfnt(
    fs.readFileSync(require.resolve('@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff')),
  );
  return font;
}

const LABELS = {
  tr: {
    title: 'Fatura',
    number: 'Fatura no',
    date: 'Tarih',
    seller: 'Satıcı',
    buyer: 'Alıcı',
    taxOffice: 'Vergi dairesi / no',
    description: 'Açıklama',
    period: 'Dönem',
    usd: 'Tutar (USD)',
    discount: 'İndirim (USD)',
    net: 'Net (USD)',
    rate: 'TCMB USD döviz satış kuru',
    bulletin: 'bülten tarihi',
    vat: 'KDV dahil',
    total: 'Toplam (TRY)',
    status: 'Durum',
    invoiceStatus: { draft: 'Taslak', final: 'Kesinleşti', void: 'İptal' },
    paymentStatus: {
      pending: 'Bekliyor',
      succeeded: 'Ödendi',
      failed: 'Başarısız',
      unknown: 'Kontrol ediliyor',
      awaiting_3ds: '3-D Secure bekleniyor',
    },
    billingNo: 'Ödeme no',
    note: 'Bu belge ödemenizin dökümüdür; e-Arşiv faturası ayrıca düzenlenir.',
  },
  en: {
    title: 'Invoice',
    number: 'Invoice no',
    date: 'Date',
    seller: 'Seller',
    buyer: 'Buyer',
    taxOffice: 'Tax office / no',
    description: 'Description',
    period: 'Period',
    usd: 'Amount (USD)',
    discount: 'Discount (USD)',
    net: 'Net (USD)',
    rate: 'CBRT USD forex selling rate',
    bulletin: 'bulletin date',
    vat: 'VAT included',
    total: 'Total (TRY)',
    status: 'Status',
    invoiceStatus: { draft: 'Draft', final: 'Final', void: 'Void' },
    paymentStatus: {
      pending: 'Pending',
      succeeded: 'Paid',
      failed: 'Failed',
      unknown: 'Being checked',
      awaiting_3ds: 'Awaiting 3-D Secure',
    },
    billingNo: 'Billing no',
    note: 'This document is a statement of your payment; the e-Archive invoice is issued separately.',
  },
};

/** The invoice as a PDF in the user's language, with its VAT (invoice-vat.ts). */
export async function renderInvoicePdf(
  invoice: InvoiceRecord,
  attempt: AttemptRecord,
  vat: Vat,
  lang: 'tr' | 'en',
): Promise<Buffer> {
  const l = LABELS[lang];
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `${l.title} ${invoice.number ?? ''}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('body', invoiceFont());
  doc.font('body');
  const money = (minor: bigint, cur: string) => `${minorToDecimal(minor)} ${cur}`;
  // Istanbul days, as the plan's dates on the payment pages and every other period (one day rule).
  const date = istanbulDate;
  const seller = invoice.seller ?? { name: '', address: '', taxOffice: '' };

  doc.fontSize(20).text(l.title);
  doc.moveDown(0.5).fontSize(10);
  const line = (label: string, value: string) => doc.text(`${label}: ${value}`);
  line(l.number, invoice.number ?? '-');
  line(l.date, date(invoice.finalizedAt ?? invoice.createdAt));
  line(l.billingNo, attempt.conversationId);
  doc.moveDown();
  doc.fontSize(12).text(l.seller).fontSize(10);
  doc.text(seller.name);
  if (seller.address) doc.text(seller.address);
  if (seller.taxOffice) line(l.taxOffice, seller.taxOffice);
  doc.moveDown();
  doc.fontSize(12).text(l.buyer).fontSize(10);
  doc.text(invoice.buyer.name);
  if (invoice.buyer.address) doc.text(invoice.buyer.address);
  doc.text(invoice.userEmail);
  doc.moveDown();
  line(l.description, invoice.description);
  line(l.period, `${date(invoice.periodStart)} – ${date(invoice.periodEnd)}`);
  line(l.usd, money(invoice.usdCents, 'USD'));
  line(l.discount, money(invoice.discountUsdCents, 'USD'));
  line(l.net, money(invoice.usdCents - invoice.discountUsdCents, 'USD'));
  if (invoice.rate) line(l.rate, `${invoice.rate} (${l.bulletin} ${invoice.bulletinDate ?? ''})`);
  line(`${l.vat} %${vat.percent}`, money(vat.minor, 'TRY'));
  doc.fontSize(12);
  line(l.total, money(invoice.tryKurus, 'TRY'));
  doc.fontSize(10);
  line(l.status, `${l.invoiceStatus[invoice.status]} / ${l.paymentStatus[attempt.status]}`);
  doc.moveDown().fontSize(8).text(l.note);
  doc.end();
  return done;
}

import fs from 'node:fs';
import PDFDocument from 'pdfkit';
import { COUNTRIES } from '@shelfscan/validation';
import { istanbulDate } from '@shelfscan/service';
import { minorToDecimal, type Vat } from '../money/money.js';
import type { InvoiceRecord, PaymentView } from './invoices.repository.js';
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
    vat: (percent: string) => `KDV dahil %${percent}`,
    features: { standard: 'Standart', deep: 'Derin', functional: 'Fonksiyonel' } as Record<string, string>,
    line: (features: string, month: string) => `ShelfScan ${features} aboneliği, ${month}`,
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
    vat: (percent: string) => `VAT included (${percent}%)`,
    features: { standard: 'Standard', deep: 'Deep', functional: 'Functional' } as Record<string, string>,
    line: (features: string, month: string) => `ShelfScan ${features} subscription, ${month}`,
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

type Lang = keyof typeof LABELS;

/** The invoice's line in the reader's language: "ShelfScan Standart, Derin aboneliği, Kasım 2026". */
export function invoiceLine(features: readonly string[], period: string, lang: Lang): string {
  const l = LABELS[lang];
  const m = /^(\d{4})-(\d{2})$/.exec(period);
  // The month's name as the language writes it ("Kasım 2026", "November 2026"): Node's ICU.
  const month = m
    ? new Intl.DateTimeFormat(lang, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        Date.UTC(Number(m[1]), Number(m[2]) - 1),
      )
    : period;
  return l.line(features.map((f) => l.features[f] ?? f).join(', '), month);
}

/**
 * The buyer's address with its country (the last part, as the card form saved it: the English name of
 * the built-in list) named in the reader's language: "…, Türkiye" on a Turkish invoice.
 */
export function addressIn(address: string, lang: Lang): string {
  const parts = address.split(', ');
  const country = COUNTRIES.find((c) => c.name === parts[parts.length - 1]);
  if (!country) return address;
  const name = new Intl.DisplayNames([lang], { type: 'region' }).of(country.iso2) ?? country.name;
  return [...parts.slice(0, -1), name].join(', ');
}

/** The invoice as a PDF in the user's language, with its VAT (invoice-vat.ts). */
export async function renderInvoicePdf(
  invoice: InvoiceRecord,
  attempt: PaymentView,
  vat: Vat,
  lang: Lang,
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
  if (invoice.buyer.address) doc.text(addressIn(invoice.buyer.address, lang));
  doc.text(invoice.userEmail);
  doc.moveDown();
  // The line in the reader's language (the stored description is billing's own record of it).
  line(
    l.description,
    attempt.features.length ? invoiceLine(attempt.features, invoice.period, lang) : invoice.description,
  );
  line(l.period, `${date(invoice.periodStart)} – ${date(invoice.periodEnd)}`);
  line(l.usd, money(invoice.usdCents, 'USD'));
  line(l.discount, money(invoice.discountUsdCents, 'USD'));
  line(l.net, money(invoice.usdCents - invoice.discountUsdCents, 'USD'));
  if (invoice.rate) line(l.rate, `${invoice.rate} (${l.bulletin} ${invoice.bulletinDate ?? ''})`);
  line(l.vat(vat.percent), money(vat.minor, 'TRY'));
  doc.fontSize(12);
  line(l.total, money(invoice.tryKurus, 'TRY'));
  doc.fontSize(10);
  line(l.status, `${l.invoiceStatus[invoice.status]} / ${l.paymentStatus[attempt.status]}`);
  doc.moveDown().fontSize(8).text(l.note);
  doc.end();
  return done;
}

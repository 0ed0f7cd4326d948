/**
 * The tables of the downloads: a store scan's items (what it saw of each ASIN) and an ASIN
 * check's rows. Headers in both languages; the CSV and XLSX writers take them as they are.
 */
import type { scraperV1, searchV1 } from '@shelfscan/contracts';
import type { Lang } from '../../common/i18n.js';
import type { CellValue, Column } from './table.js';

const col = (en: string, tr: string, type: Column['type'] = 'text', extra: Partial<Column> = {}): Column => ({
  header: { en, tr },
  type,
  ...extra,
});

/** A store scan's columns, in the order of scanItemCells. */
export const SCAN_ITEM_COLUMNS: Column[] = [
  col('Market', 'Pazar', 'text', { width: 8 }),
  col('ASIN', 'ASIN', 'text', { width: 12 }),
  col('Title', 'Başlık', 'text', { width: 60 }),
  col('Price', 'Fiyat', 'decimal', { digits: 2, width: 10 }),
  col('Currency', 'Para birimi', 'text', { width: 10 }),
  col('List price', 'Liste fiyatı', 'decimal', { digits: 2, width: 10 }),
  col('Stars', 'Yıldız', 'decimal', { digits: 1, width: 8 }),
  col('Ratings', 'Değerlendirme', 'integer', { width: 12 }),
  col("Amazon's Choice", 'Amazon’un Seçimi', 'boolean'),
  col('Best Seller', 'Çok Satan', 'boolean'),
  col('Prime', 'Prime', 'boolean', { width: 8 }),
  col('Also sponsored', 'Sponsorlu da', 'boolean'),
  col('Book', 'Kitap', 'boolean', { width: 8 }),
  col('Category', 'Kategori', 'text', { width: 24 }),
  col('First page', 'İlk sayfa', 'integer', { width: 10 }),
  col('Query', 'Sorgu', 'text', { width: 60 }),
  col('First seen', 'İlk görülme', 'date', { width: 18 }),
];

/** One item as the cells of SCAN_ITEM_COLUMNS. */
export function scanItemCells(market: string, i: scraperV1.ScanItem): CellValue[] {
  const n = <T>(v: T | undefined): T | null => (v === undefined ? null : v);
  return [
    market,
    i.asin,
    n(i.title),
    n(i.price),
    n(i.currency),
    n(i.listPrice),
    n(i.stars),
    n(i.reviewCount),
    i.amazonsChoice,
    i.bestSeller,
    i.prime,
    i.sponsored,
    i.book,
    n(i.category),
    i.firstPage > 0 ? i.firstPage : null,
    i.firstQuery || null,
    i.firstSeenAt ? new Date(i.firstSeenAt) : null,
  ];
}

/** A batch's combined table: the store, a scan's columns, and how many of the batch's stores carry the ASIN. */
export const BATCH_COLUMNS: Column[] = [
  col('Store', 'Mağaza', 'text', { width: 40 }),
  ...SCAN_ITEM_COLUMNS,
  col('Stores carrying it', 'Satan mağaza sayısı', 'integer', { width: 12 }),
];

/** An ASIN check's columns, in the order of asinCheckCells. */
export const ASIN_CHECK_COLUMNS: Column[] = [
  col('ASIN', 'ASIN', 'text', { width: 12 }),
  col('Sold there', 'Satışta'),
  col('Title', 'Başlık', 'text', { width: 60 }),
  col('Price', 'Fiyat', 'decimal', { digits: 2, width: 10 }),
  col('Price as shown', 'Gösterilen fiyat'),
  col('Currency', 'Para birimi', 'text', { width: 10 }),
  col('Stars', 'Yıldız', 'decimal', { digits: 1, width: 8 }),
  col('Ratings', 'Değerlendirme', 'integer', { width: 12 }),
  col("Amazon's Choice", 'Amazon’un Seçimi', 'boolean'),
  col('Best Seller', 'Çok Satan', 'boolean'),
];

const STATE: Record<Lang, Record<string, string>> = {
  en: { sold: 'Yes', unavailable: 'Currently unavailable', 'not-found': 'No' },
  tr: { sold: 'Evet', unavailable: 'Şu anda mevcut değil', 'not-found': 'Hayır' },
};

/** One row of an ASIN check as the cells of ASIN_CHECK_COLUMNS. */
export function asinCheckCells(r: searchV1.AsinCheckRow, lang: Lang): CellValue[] {
  const n = <T>(v: T | undefined): T | null => (v === undefined ? null : v);
  return [
    r.asin,
    STATE[lang][r.state] ?? r.state,
    r.title || null,
    n(r.price),
    r.priceText || null,
    r.currency || null,
    n(r.stars),
    n(r.reviewCount),
    r.amazonsChoice,
    r.bestSeller,
  ];
}

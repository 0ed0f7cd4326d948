/**
 * The ASIN check's table as a CSV file that opens right in Excel: UTF-8 with a byte order mark
 * (without it Excel reads UTF-8 as the local code page and Turkish letters come out garbled),
 * CRLF line ends and quoting as RFC 4180 says. In Turkish the separator is the semicolon and
 * decimals take a comma (Excel's list and decimal separators in a Turkish locale); in English a
 * comma and a point. A cell that begins with = + - @ or a tab/CR would be read as a formula
 * (CSV injection): it is written with a leading apostrophe, which Excel shows as text.
 */
import type { searchV1 } from '@shelfscan/contracts';
import type { Lang } from '../common/i18n.js';

/** The byte order mark a CSV file of the API starts with. */
export const CSV_BOM = '\uFEFF';
const EOL = '\r\n';

const TEXTS: Record<
  Lang,
  {
    header: string[];
    state: Record<string, string>;
    yes: string;
    no: string;
    separator: string;
    decimal: string;
  }
> = {
  en: {
    header: [
      'ASIN',
      'Sold there',
      'Title',
      'Price',
      'Price as shown',
      'Currency',
      'Stars',
      'Ratings',
      "Amazon's Choice",
      'Best Seller',
    ],
    state: { sold: 'Yes', unavailable: 'Currently unavailable', 'not-found': 'No' },
    yes: 'Yes',
    no: 'No',
    separator: ',',
    decimal: '.',
  },
  tr: {
    header: [
      'ASIN',
      'Satışta',
      'Başlık',
      'Fiyat',
      'Gösterilen fiyat',
      'Para birimi',
      'Yıldız',
      'Değerlendirme',
      'Amazon’un Seçimi',
      'Çok Satan',
    ],
    state: { sold: 'Evet', unavailable: 'Şu anda mevcut değil', 'not-found': 'Hayır' },
    yes: 'Evet',
    no: 'Hayır',
    separator: ';',
    decimal: ',',
  },
};

/** A cell that a spreadsheet would take for a formula starts with one of these. */
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: string, separator: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /["\r\n]/.test(safe) || safe.includes(separator) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One line of a CSV file of the API in the language's separators, each cell quoted and made safe. */
export function csvRow(values: string[], lang: Lang): string {
  const { separator } = TEXTS[lang];
  return values.map((v) => cell(v, separator)).join(separator) + EOL;
}

const decimal = (n: number | undefined, lang: Lang, digits: number) =>
  n === undefined ? '' : n.toFixed(digits).replace('.', TEXTS[lang].decimal);

/** One line of the table. */
function line(r: searchV1.AsinCheckRow, lang: Lang): string {
  const t = TEXTS[lang];
  return csvRow(
    [
      r.asin,
      t.state[r.state] ?? r.state,
      r.title,
      decimal(r.price, lang, 2),
      r.priceText,
      r.currency,
      decimal(r.stars, lang, 1),
      r.reviewCount === undefined ? '' : String(r.reviewCount),
      r.amazonsChoice ? t.yes : t.no,
      r.bestSeller ? t.yes : t.no,
    ],
    lang,
  );
}

/** The file, page by page: the byte order mark and the header first, then the rows as they come. */
export async function* asinCheckCsv(
  pages: AsyncIterable<searchV1.AsinCheckRow[]>,
  lang: Lang,
): AsyncGenerator<string> {
  yield CSV_BOM + csvRow(TEXTS[lang].header, lang);
  for await (const rows of pages) if (rows.length) yield rows.map((r) => line(r, lang)).join('');
}

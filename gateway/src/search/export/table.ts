/**
 * A download as a table: typed columns (their headers in both languages) and rows that arrive page
 * by page. The CSV and XLSX writers (csv.ts, xlsx.ts) stream any table, so one table definition
 * gives both files.
 */
import type { Lang } from '../../common/i18n.js';

/** How a cell is written: text, a number (decimals fixed), an integer, yes/no, or a date. */
export type ColumnType = 'text' | 'decimal' | 'integer' | 'boolean' | 'date';

export interface Column {
  header: Record<Lang, string>;
  type: ColumnType;
  /** decimal: digits after the point (CSV text; the XLSX number format). */
  digits?: number;
  /** XLSX column width in characters. */
  width?: number;
}

export type CellValue = string | number | boolean | Date | null;

export interface Table {
  columns: Column[];
  /** Rows, a page at a time (as they arrive, or a list when all are at hand); each row has one value per column (null: empty). */
  pages: AsyncIterable<CellValue[][]> | Iterable<CellValue[][]>;
}

export const YES_NO: Record<Lang, [yes: string, no: string]> = { en: ['Yes', 'No'], tr: ['Evet', 'Hayır'] };

/**
 * A text that a spreadsheet would take for a formula (= + - @, or a tab or CR first: CSV
 * injection) gets a leading apostrophe, which Excel and LibreOffice show as text. Both writers
 * apply it to every text cell.
 */
export function neutralised(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * The pages of a paged source, each row mapped (to table cells, as a rule): `first` is the answer
 * already fetched (errors before streaming). The next page is asked for once this one is taken.
 */
export async function* pagesOf<P, R, C = CellValue[]>(
  first: P,
  next: (sent: number) => Promise<P>,
  rowsOf: (page: P) => R[],
  done: (page: P) => boolean,
  toCells: (row: R) => C,
): AsyncGenerator<C[]> {
  let current = first;
  let sent = 0;
  for (;;) {
    const rows = rowsOf(current);
    if (rows.length) yield rows.map(toCells);
    sent += rows.length;
    if (done(current)) return;
    current = await next(sent);
  }
}

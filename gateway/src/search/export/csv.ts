/**
 * A table as a CSV file that opens right in Excel: UTF-8 with a byte order mark (without it Excel
 * reads UTF-8 as the local code page and Turkish letters come out garbled), CRLF line ends and
 * quoting as RFC 4180 says. In Turkish the separator is the semicolon and decimals take a comma
 * (Excel's list and decimal separators in a Turkish locale); in English a comma and a point. Text
 * that would be read as a formula is neutralised (table.ts).
 */
import type { Lang } from '../../common/i18n.js';
import { neutralised, YES_NO, type CellValue, type Column, type Table } from './table.js';

const BOM = '\uFEFF';
const EOL = '\r\n';

const FORMAT: Record<Lang, { separator: string; decimal: string }> = {
  en: { separator: ',', decimal: '.' },
  tr: { separator: ';', decimal: ',' },
};

function quoted(text: string, separator: string): string {
  return /["\r\n]/.test(text) || text.includes(separator) ? `"${text.replace(/"/g, '""')}"` : text;
}

function text(value: CellValue, column: Column, lang: Lang): string {
  if (value === null || value === '') return '';
  switch (column.type) {
    case 'decimal':
      return (value as number).toFixed(column.digits ?? 2).replace('.', FORMAT[lang].decimal);
    case 'integer':
      return String(value);
    case 'boolean':
      return YES_NO[lang][value ? 0 : 1];
    case 'date':
      return (value as Date).toISOString();
    default:
      return neutralised(String(value));
  }
}

function line(values: string[], lang: Lang): string {
  const { separator } = FORMAT[lang];
  return values.map((v) => quoted(v, separator)).join(separator) + EOL;
}

/** The file, page by page: the byte order mark and the header first, then the rows as they come. */
export async function* csvFile(table: Table, lang: Lang): AsyncGenerator<string> {
  const { columns } = table;
  yield (
    BOM +
    line(
      columns.map((c) => neutralised(c.header[lang])),
      lang,
    )
  );
  for await (const rows of table.pages)
    if (rows.length)
      yield rows
        .map((row) =>
          line(
            row.map((v, i) => text(v, columns[i], lang)),
            lang,
          ),
        )
        .join('');
}

/**
 * A table as an XLSX workbook, written by exceljs's streaming writer: each row is committed as it
 * comes and flushed to the response, so memory does not grow with the file. One sheet, one header
 * row (bold, frozen, with an autofilter over the data), numbers as number cells with a number
 * format, dates as date cells, yes/no as text; text neutralised against formulas (table.ts).
 */
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Lang } from '../../common/i18n.js';
import { neutralised, YES_NO, type CellValue, type Column, type Table } from './table.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function cellOf(value: CellValue, column: Column, lang: Lang): ExcelJS.CellValue {
  if (value === null) return null;
  switch (column.type) {
    case 'decimal':
    case 'integer':
      return value as number;
    case 'boolean':
      return YES_NO[lang][value ? 0 : 1];
    case 'date':
      return value as Date;
    default:
      return neutralised(String(value));
  }
}

const numFmt = (c: Column): string | undefined =>
  c.type === 'decimal'
    ? `0.${'0'.repeat(c.digits ?? 2)}`
    : c.type === 'integer'
      ? '0'
      : c.type === 'date'
        ? 'yyyy-mm-dd hh:mm'
        : undefined;

/** Writes the workbook into a stream the caller sends; an error mid-way ends the stream with it. */
export function xlsxFile(table: Table, lang: Lang, sheetName: string): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  void (async () => {
    const { columns } = table;
    const sheet = workbook.addWorksheet(sheetName.slice(0, 31) || 'Sheet1', {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    sheet.columns = columns.map((c) => ({
      width: c.width ?? 14,
      style: numFmt(c) ? { numFmt: numFmt(c) } : {},
    }));
    const header = sheet.addRow(columns.map((c) => neutralised(c.header[lang])));
    header.font = { bold: true };
    header.commit();
    let rows = 1;
    for await (const page of table.pages) {
      for (const values of page) {
        sheet.addRow(values.map((v, i) => cellOf(v, columns[i], lang))).commit();
        rows++;
      }
      // A slow reader holds the next page back: what waits unread is about a page, not the file.
      await new Promise((resolve) => setImmediate(resolve));
      while (!out.destroyed && (out.writableNeedDrain || out.readableLength >= out.readableHighWaterMark))
        await new Promise((resolve) => setTimeout(resolve, 10));
    }
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: rows, column: columns.length } };
    sheet.commit();
    await workbook.commit();
  })().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}

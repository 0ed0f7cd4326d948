import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { Lang } from '../../common/i18n.js';
import { attachmentDisposition } from '../search.service.js';
import { csvFile } from './csv.js';
import type { Table } from './table.js';
import { XLSX_TYPE, xlsxFile } from './xlsx.js';

/** Sends a table as a .csv or .xlsx attachment named `<fileName>.<format>` (RFC 6266), streamed. */
export function sendTable(
  reply: FastifyReply,
  fileName: string,
  table: Table,
  format: 'csv' | 'xlsx',
  lang: Lang,
) {
  const body = format === 'csv' ? Readable.from(csvFile(table, lang)) : xlsxFile(table, lang, fileName);
  return reply
    .type(format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE)
    .header('Content-Disposition', attachmentDisposition(`${fileName}.${format}`))
    .header('Cache-Control', 'no-store')
    .send(body);
}

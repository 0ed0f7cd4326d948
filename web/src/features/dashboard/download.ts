/**
 * Downloads a scan's result. The gateway streams it (text/plain, or the table as CSV or XLSX)
 * and needs the Bearer token, which a plain link cannot send: `fetchFile` (lib/download) fetches it
 * with the token and names it by `Content-Disposition` (RFC 6266 `filename*`, Turkish letters kept);
 * `saveBlob` saves it.
 */
import { fetchFile } from '../../lib/download';

export type DownloadFormat = 'txt' | 'csv' | 'xlsx';

export interface DownloadRequest {
  id: string;
  fileName: string;
  format: DownloadFormat;
  token: string | undefined;
  locale: string;
}

export function fetchDownload({
  id,
  fileName,
  format,
  token,
  locale,
}: DownloadRequest): Promise<{ blob: Blob; name: string }> {
  const query = format === 'txt' ? '' : `?format=${format}`;
  return fetchFile(`/api/search-info/${encodeURIComponent(id)}/download${query}`, {
    token,
    locale,
    fallbackName: `${fileName}.${format}`,
  });
}

/** A batch's combined file: the union as .txt, or one row per store and ASIN as .csv or .xlsx. */
export function fetchBatchDownload({
  id,
  fileName,
  format,
  token,
  locale,
}: DownloadRequest): Promise<{ blob: Blob; name: string }> {
  const query = format === 'txt' ? '' : `?format=${format}`;
  return fetchFile(`/api/search-info/batch/${encodeURIComponent(id)}/download${query}`, {
    token,
    locale,
    fallbackName: `${fileName}.${format}`,
  });
}

/**
 * Downloads a scan's result. The gateway streams it (text/plain, or the ASIN check's table as CSV)
 * and needs the Bearer token, which a plain link cannot send: the file is fetched with the token,
 * kept as a Blob and saved through a temporary object URL, named by `Content-Disposition`
 * (RFC 6266 `filename*`, Turkish letters kept). A failed answer is thrown as RTK Query's error shape
 * so the error texts of the app read it.
 */
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { fileNameFromDisposition } from './model';

export type DownloadFormat = 'txt' | 'csv';

export interface DownloadRequest {
  id: string;
  fileName: string;
  format: DownloadFormat;
  token: string | undefined;
  locale: string;
}

export async function fetchDownload({
  id,
  fileName,
  format,
  token,
  locale,
}: DownloadRequest): Promise<{ blob: Blob; name: string }> {
  const base = import.meta.env.VITE_API_BASE ?? '';
  const query = format === 'csv' ? '?format=csv' : '';
  const headers: Record<string, string> = { 'Accept-Language': locale };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${base}/api/search-info/${encodeURIComponent(id)}/download${query}`, {
      headers,
    });
  } catch (error) {
    throw { status: 'FETCH_ERROR', error: String(error) } satisfies FetchBaseQueryError;
  }
  if (!response.ok) {
    const data: unknown = await response.json().catch(() => undefined);
    throw { status: response.status, data } satisfies FetchBaseQueryError;
  }
  const blob = await response.blob();
  const name = fileNameFromDisposition(response.headers.get('Content-Disposition'), `${fileName}.${format}`);
  return { blob, name };
}

/** Saves a Blob under `name` (a temporary object URL on a hidden link). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * A run's added or removed ASINs as a file (`GET /api/trackers/{id}/runs/{runId}/download`): fetched
 * with the Bearer token like a scan's result (lib/download `fetchFile`) and named by the server's
 * `Content-Disposition`.
 */
import { fetchFile } from '../../lib/download';

export type RunList = 'added' | 'removed';
export type RunFormat = 'txt' | 'csv';

export function fetchRunList({
  trackerId,
  runId,
  list,
  format,
  token,
  locale,
}: {
  trackerId: string;
  runId: string;
  list: RunList;
  format: RunFormat;
  token: string | undefined;
  locale: string;
}): Promise<{ blob: Blob; name: string }> {
  const query = new URLSearchParams({ format, list });
  return fetchFile(
    `/api/trackers/${encodeURIComponent(trackerId)}/runs/${encodeURIComponent(runId)}/download?${query}`,
    { token, locale, fallbackName: `${list}-${runId}.${format}` },
  );
}

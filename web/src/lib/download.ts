/** Saves a Blob as a file download in the browser (an object URL clicked through a temporary link). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoked after the click has been handled, so the download has started.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** Saves text as a UTF-8 `.txt` download. */
export function saveTextFile(text: string, fileName: string): void {
  saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), fileName);
}

/**
 * Fetches a file of the API that needs the Bearer token (a plain link cannot send it). A failed
 * answer is thrown in RTK Query's error shape, so the app's error texts read it.
 */
export async function fetchFile(
  path: string,
  { token, locale }: { token: string | undefined; locale: string },
): Promise<Blob> {
  const headers: Record<string, string> = { 'Accept-Language': locale };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${import.meta.env.VITE_API_BASE ?? ''}${path}`, { headers });
  } catch (error) {
    throw { status: 'FETCH_ERROR', error: String(error) };
  }
  if (!response.ok) {
    const data: unknown = await response.json().catch(() => undefined);
    throw { status: response.status, data };
  }
  return response.blob();
}

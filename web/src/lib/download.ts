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

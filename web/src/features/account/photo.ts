/** Client checks of a profile photo (product spec parts 2, 5): JPG, GIF or PNG by content, at most 800 kB. */

export const PHOTO_MAX_BYTES = 800 * 1024;
export const PHOTO_ACCEPT = 'image/png,image/jpeg,image/gif';

export type PhotoProblem = 'photoInvalidType' | 'photoTooLarge';
export type PhotoKind = 'png' | 'jpeg' | 'gif';

/** The image format named by the first bytes of a file, or null. */
export function sniffImage(bytes: Uint8Array): PhotoKind | null {
  const starts = (sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61)
    return 'gif';
  return null;
}

async function headBytes(file: Blob, n: number): Promise<Uint8Array> {
  const part = file.slice(0, n);
  if (typeof part.arrayBuffer === 'function') return new Uint8Array(await part.arrayBuffer());
  // Older environments: FileReader.
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(part);
  });
}

/** Null when the file may be uploaded, else the reason (an i18n key under `account:photo.problems`). */
export async function checkPhotoFile(file: Blob): Promise<PhotoProblem | null> {
  if (file.size === 0) return 'photoInvalidType';
  const kind = sniffImage(await headBytes(file, 12));
  if (!kind) return 'photoInvalidType';
  if (file.size > PHOTO_MAX_BYTES) return 'photoTooLarge';
  return null;
}

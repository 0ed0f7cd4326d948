/** The largest profile photo accepted (800 kB). */
export const MAX_PHOTO_BYTES = 800 * 1024;

/** The image type by its first bytes (never by the file name): JPEG, PNG or GIF, else null. */
export function sniffImageType(b: Uint8Array): 'image/jpeg' | 'image/png' | 'image/gif' | null {
  const starts = (sig: number[]) => sig.every((x, i) => b[i] === x);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  const head = Buffer.from(b.subarray(0, 6)).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'image/gif';
  return null;
}

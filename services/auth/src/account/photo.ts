import sharp from 'sharp';

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

/** Larger images are refused before they are decoded (a small file can declare a huge canvas). */
const MAX_PHOTO_PIXELS = 25_000_000;

/**
 * The photo as stored and served: decoded and encoded again in its own type, turned upright by its
 * EXIF orientation, with no metadata (EXIF with GPS, XMP, IPTC, comments, ICC) and nothing after the
 * image. Null when the bytes do not decode as that type (a polyglot, a cut file).
 */
export async function withoutMetadata(
  content: Uint8Array,
  type: 'image/jpeg' | 'image/png' | 'image/gif',
): Promise<Buffer | null> {
  try {
    const image = sharp(content, {
      animated: type === 'image/gif',
      limitInputPixels: MAX_PHOTO_PIXELS,
      failOn: 'error',
    }).rotate();
    const encoded =
      type === 'image/jpeg' ? image.jpeg({ quality: 90 }) : type === 'image/png' ? image.png() : image.gif();
    return await encoded.toBuffer();
  } catch {
    return null;
  }
}

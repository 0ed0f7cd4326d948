import { promisify } from 'node:util';
import * as zlib from 'node:zlib';

type Inflate = (buf: Buffer, opts: { maxOutputLength: number }) => Promise<Buffer>;

const DECODERS: Record<string, Inflate> = {
  gzip: promisify(zlib.gunzip) as Inflate,
  'x-gzip': promisify(zlib.gunzip) as Inflate,
  deflate: promisify(zlib.inflate) as Inflate,
  br: promisify(zlib.brotliDecompress) as Inflate,
};
const zstd = (zlib as { zstdDecompress?: unknown }).zstdDecompress;
if (typeof zstd === 'function') DECODERS.zstd = promisify(zstd) as Inflate;

/** The Accept-Encoding this runtime can decode (zstd only where Node ships it). */
export const ACCEPT_ENCODING = ['gzip', 'deflate', 'br', ...(DECODERS.zstd ? ['zstd'] : [])].join(', ');

/** Thrown when a body is encoded in a way we did not ask for, or is larger than allowed once decoded. */
export class BodyDecodeError extends Error {
  override readonly name = 'BodyDecodeError';
}

/**
 * Undoes Content-Encoding (possibly several, applied in order), refusing to inflate beyond
 * `maxBytes` (a decompression bomb must not take the worker down).
 */
export async function decodeBody(
  raw: Buffer,
  contentEncoding: string | undefined,
  maxBytes: number,
): Promise<Buffer> {
  const codings = (contentEncoding ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c && c !== 'identity');
  let body = raw;
  for (const coding of codings.reverse()) {
    const decode = DECODERS[coding];
    if (!decode) throw new BodyDecodeError(`unsupported content-encoding "${coding}"`);
    try {
      body = await decode(body, { maxOutputLength: maxBytes });
    } catch (err) {
      throw new BodyDecodeError(`could not decode ${coding} body: ${(err as Error).message}`);
    }
  }
  if (body.length > maxBytes) throw new BodyDecodeError(`body larger than ${maxBytes} bytes`);
  return body;
}

/** Decodes text in the charset the Content-Type names (UTF-8 when absent or unknown). */
export function bodyText(body: Buffer, contentType: string | undefined): string {
  const charset = /charset=["']?([\w-]+)/i.exec(contentType ?? '')?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

/** What one attempt got: the status of an answer, or the error that stopped it. */
export type PostOutcome = { status: number } | { error: string };

/** How much of an answer is read (and dropped): the status is what counts. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * POSTs `body` to `url` and answers the status, never following a redirect (a 3xx is a failed
 * delivery, so a public URL cannot bounce the request inside). With `pinned`, the connection goes
 * to that address whatever the host name resolves to at connect time (DNS rebinding), while TLS
 * still checks the certificate against the URL's host name. The whole attempt is bounded by
 * `timeoutMs`.
 */
export function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  opts: { pinned?: { address: string; family: number }; timeoutMs: number },
): Promise<PostOutcome> {
  const target = new URL(url);
  const lookup: LookupFunction | undefined = opts.pinned
    ? (_host, options, callback) => {
        const { address, family } = opts.pinned!;
        if (options.all)
          (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
            { address, family },
          ]);
        else callback(null, address, family);
      }
    : undefined;
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const done = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const req = client.request(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'ShelfScan-Webhooks/1',
          ...headers,
        },
        lookup,
        agent: false,
      },
      (res) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) res.destroy();
        });
        res.on('end', () => done({ status: res.statusCode ?? 0 }));
        res.on('close', () => done({ status: res.statusCode ?? 0 }));
        res.on('error', () => done({ status: res.statusCode ?? 0 }));
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Error(`no answer within ${opts.timeoutMs / 1000} s`));
    }, opts.timeoutMs);
    req.on('error', (err) => done({ error: err.message.slice(0, 300) }));
    req.end(body);
  });
}

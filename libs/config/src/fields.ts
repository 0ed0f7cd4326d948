import fs from 'node:fs';
import net from 'node:net';
import { z } from 'zod';

/** `scheme://user:pass@host` → `scheme://***@host`: credentials never appear in a message. */
export function maskCredentials(value: string): string {
  return value.replace(/\/\/[^@/\s,]*@/g, '//***@');
}

/** A URL whose scheme is one of `protocols`, with a host and nothing after host:port; else undefined. */
function parseBaseUrl(value: string, protocols: readonly string[]): URL | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  const bare = (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash;
  return protocols.includes(url.protocol.replace(/:$/, '')) && url.hostname && bare ? url : undefined;
}

const schemes = (protocols: readonly string[]) => protocols.map((p) => `${p}://`).join(' or ');

/** A CIDR block or one address (IPv4 or IPv6), as proxy-addr takes it. */
function isAddressOrCidr(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (!version || rest.length) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

const TRUSTED_PROXIES_EXPECTED =
  'a hop count (0 to 10) or a comma-separated list of addresses and CIDRs, such as 2 or 10.0.0.0/8,fd00::/8';

/** One of `values` (zod enum), with the message every setting uses. */
function choice<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: `one of ${values.join(', ')}` });
}

/** Field builders whose failure messages say what an operator must write. */
export const env = {
  port: (fallback: number) =>
    z.coerce
      .number({ error: 'a TCP port number from 1 to 65535' })
      .int({ error: 'a TCP port number from 1 to 65535' })
      .min(1, { error: 'a TCP port number from 1 to 65535' })
      .max(65535, { error: 'a TCP port number from 1 to 65535' })
      .default(fallback),
  int: (fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
    z.coerce
      .number({ error: `a whole number from ${min} to ${max}` })
      .int({ error: `a whole number from ${min} to ${max}` })
      .min(min, { error: `a whole number from ${min} to ${max}` })
      .max(max, { error: `a whole number from ${min} to ${max}` })
      .default(fallback),
  url: (protocols: string[]) =>
    z.string().refine(
      (v) => {
        try {
          return protocols.includes(new URL(v).protocol.replace(/:$/, ''));
        } catch {
          return false;
        }
      },
      { error: `a URL starting with ${protocols.map((p) => `${p}://`).join(' or ')}` },
    ),
  /** scheme://host[:port] (nothing after it), given as its origin: `http://127.0.0.1:8090/` → `http://127.0.0.1:8090`. */
  origin: (protocols: string[]) =>
    z.string().transform((v, ctx) => {
      const url = parseBaseUrl(v, protocols);
      if (url) return url.origin;
      ctx.issues.push({
        code: 'custom',
        input: v,
        message: `an origin starting with ${schemes(protocols)}, such as ${protocols[0]}://127.0.0.1:8090 (no path)`,
      });
      return z.NEVER;
    }),
  /**
   * A comma-separated list of scheme://[user:pass@]host:port (proxies), each entry checked, as URL
   * objects; blank = an empty list. A message names the first bad entry, credentials masked.
   */
  urlList: (protocols: string[]) =>
    z.string().transform((v, ctx) => {
      const urls: URL[] = [];
      for (const entry of v
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean)) {
        const url = parseBaseUrl(entry, protocols);
        if (!url) {
          ctx.issues.push({
            code: 'custom',
            input: v,
            message:
              `a comma-separated list of ${schemes(protocols)}[user:pass@]host:port; ` +
              `"${maskCredentials(entry)}" is not one`,
          });
          return z.NEVER;
        }
        urls.push(url);
      }
      return urls;
    }),
  /** A number above 0 (fractions allowed). */
  positive: () => z.coerce.number({ error: 'a number above 0' }).positive({ error: 'a number above 0' }),
  email: () => z.email({ error: 'an email address' }),
  oneOf: <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
    choice(values).default(fallback as never),
  /** One of `values`, no default (add `.optional()` for a setting that may stay unset). */
  choice,
  /**
   * The path of a file this process can read now (checked at start, so a missing mount or a wrong
   * path stops the start instead of the first connection); `what` says what the file holds.
   */
  readableFile: (what: string) =>
    z.string().superRefine((v, ctx) => {
      let problem: string | undefined;
      try {
        if (!fs.statSync(v).isFile()) problem = 'it is not a file';
        else fs.accessSync(v, fs.constants.R_OK);
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        problem =
          code === 'ENOENT'
            ? 'no such file'
            : code === 'EACCES'
              ? 'not readable by this process'
              : String(code);
      }
      if (problem) ctx.addIssue({ code: 'custom', message: `the path of a readable ${what} (${problem})` });
    }),
  bool: (fallback: boolean) =>
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'true or false' })
      .transform((v) => v === 'true' || v === '1' || v === 'yes')
      .default(fallback),
  /** host:port[,host:port…] */
  hostPorts: () =>
    z
      .string()
      .regex(/^[^\s,:]+:\d{1,5}(,[^\s,:]+:\d{1,5})*$/, { error: 'a comma-separated list of host:port' })
      .transform((v) => v.split(',')),
  text: () => z.string().min(1),
  /**
   * Which proxies in front may set X-Forwarded-For: a hop count (the last n addresses are
   * proxies) or a comma-separated list of addresses and CIDR blocks; blank or 0 = none (the
   * socket's address is the client's). Given as Fastify's `trustProxy`: false, a number or a list.
   */
  trustedProxies: () =>
    z
      .string()
      .default('')
      .transform((v, ctx): false | number | string[] => {
        const value = v.trim();
        if (/^\d+$/.test(value)) {
          const hops = Number(value);
          if (hops <= 10) return hops === 0 ? false : hops;
        } else {
          const entries = value
            .split(',')
            .map((e) => e.trim())
            .filter(Boolean);
          const bad = entries.find((e) => !isAddressOrCidr(e));
          if (!bad) return entries.length ? entries : false;
          ctx.issues.push({
            code: 'custom',
            input: v,
            message: `${TRUSTED_PROXIES_EXPECTED}; "${bad}" is not one`,
          });
          return z.NEVER;
        }
        ctx.issues.push({ code: 'custom', input: v, message: TRUSTED_PROXIES_EXPECTED });
        return z.NEVER;
      }),
  /** A PEM key (`PUBLIC KEY` or `PRIVATE KEY`). */
  pem: (kind: 'PUBLIC KEY' | 'PRIVATE KEY') =>
    z.string().includes(kind, { error: `a PEM ${kind.toLowerCase()}` }),
};

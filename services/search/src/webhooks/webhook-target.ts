import dns from 'node:dns/promises';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/** Why a webhook URL is refused: the message keys of the catalogue (@shelfscan/messages). */
export type WebhookUrlProblem = 'webhookUrlInvalid' | 'webhookUrlNotHttps' | 'webhookUrlPrivate';

/**
 * Whether an IP address is a public unicast one a webhook may reach: ipaddr.js classifies it, and
 * only its `unicast` range passes. Loopback, private (RFC 1918), carrier-grade NAT, unique local
 * (fc00::/7, with the AWS metadata address fd00:ec2::254), link-local (with the metadata address
 * 169.254.169.254), unspecified, multicast, broadcast, reserved and the translation ranges are not;
 * an IPv4-mapped IPv6 address is judged as its IPv4 address.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress())
    ip = (ip as ipaddr.IPv6).toIPv4Address();
  return ip.range() === 'unicast';
}

/** The host of a URL without IPv6 brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * The checks a URL passes before anything is resolved: an absolute http(s) URL without
 * credentials, https unless private targets are allowed, and (unless allowed) not an address or a
 * name that is private by itself (an IP literal outside the public range, `localhost`).
 */
export function webhookUrlProblem(raw: string, allowPrivate: boolean): WebhookUrlProblem | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'webhookUrlInvalid';
  }
  if (!['https:', 'http:'].includes(url.protocol) || url.username || url.password || !url.hostname)
    return 'webhookUrlInvalid';
  if (allowPrivate) return undefined;
  if (url.protocol !== 'https:') return 'webhookUrlNotHttps';
  const host = hostOf(url).toLowerCase();
  if (net.isIP(host)) return isPublicAddress(host) ? undefined : 'webhookUrlPrivate';
  if (host === 'localhost' || host.endsWith('.localhost')) return 'webhookUrlPrivate';
  return undefined;
}

/** Resolves a host name to its addresses (the system resolver); replaceable in tests. */
export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: Resolver = (host) => dns.lookup(host, { all: true, verbatim: true });

/**
 * The address a delivery connects to: with private targets allowed, none (the usual resolution);
 * else the host's addresses, every one of which must be public (a name with one private address
 * is refused, whichever the resolver would have picked), and the first is pinned for the request
 * so that a second resolution (DNS rebinding) cannot switch it.
 */
export async function deliveryAddress(
  raw: string,
  allowPrivate: boolean,
  resolve: Resolver,
): Promise<{ address: string; family: number } | undefined> {
  const problem = webhookUrlProblem(raw, allowPrivate);
  if (problem) throw new TargetRefused(problem);
  if (allowPrivate) return undefined;
  const host = hostOf(new URL(raw));
  const family = net.isIP(host);
  const addresses = family ? [{ address: host, family }] : await resolve(host);
  if (!addresses.length) throw new TargetRefused('webhookUrlInvalid');
  if (!addresses.every((a) => isPublicAddress(a.address))) throw new TargetRefused('webhookUrlPrivate');
  return addresses[0];
}

export class TargetRefused extends Error {
  constructor(readonly problem: WebhookUrlProblem) {
    super(problem === 'webhookUrlPrivate' ? 'the address is not public' : 'the URL is not valid');
  }
}

// Whose address a request comes from. Behind a reverse proxy (HAProxy in `npm run cluster`)
// every connection comes from the proxy, and the client's own address is only what the proxy
// appended to X-Forwarded-For. That header is believed only as far as AGON_TRUST_PROXY says:
// anyone can send one, so a server reachable without the proxy must not trust it, or a client
// could name a fresh address on each request and escape every per-address limit.

import { BlockList, isIP } from 'node:net';

/**
 * Which X-Forwarded-For entries are believed: those added by the last `hops` proxies, or by
 * proxies whose address is in `proxies`.
 */
export type TrustProxy = { readonly hops: number } | { readonly proxies: BlockList };

/** An address as Node gives it, IPv4 ones without the IPv4-mapped IPv6 prefix. */
function plain(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/**
 * Reads AGON_TRUST_PROXY: a whole number of proxy hops in front of the server ("1": the
 * address the nearest proxy appended), or the proxies' addresses and subnets separated by
 * commas ("127.0.0.1, 10.0.0.0/8"). Throws on anything else.
 */
export function parseTrustProxy(text: string): TrustProxy {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) {
    const hops = Number(trimmed);
    if (hops < 1 || hops > 16) throw new Error('AGON_TRUST_PROXY: a number of hops is 1 to 16');
    return { hops };
  }
  const proxies = new BlockList();
  for (const part of trimmed.split(',')) {
    const entry = part.trim();
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(address);
    const bits = prefix === undefined ? undefined : Number(prefix);
    const max = family === 4 ? 32 : 128;
    if (
      family === 0 ||
      extra !== undefined ||
      (bits !== undefined && (!/^\d+$/.test(prefix!) || bits > max))
    ) {
      throw new Error(
        `AGON_TRUST_PROXY: "${entry}" is neither a number of hops nor an address or subnet`,
      );
    }
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) proxies.addAddress(address, type);
    else proxies.addSubnet(address, bits, type);
  }
  return { proxies };
}

/**
 * The client's address: the socket's `peer`, or, when `trust` says the peer is a proxy, the
 * address it was given in `forwardedFor` (X-Forwarded-For, read from the right, where each
 * proxy appends). Entries that are not addresses end the walk: the last one believed stands.
 */
export function clientAddress(
  peer: string,
  forwardedFor: string | string[] | undefined,
  trust: TrustProxy | undefined,
): string {
  const nearest = plain(peer);
  if (!trust || forwardedFor === undefined) return nearest;
  const told = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
    .split(',')
    .map((entry) => plain(entry.trim()))
    .reverse();
  // From the peer outwards: each address in turn, as long as the one before it is trusted.
  const chain = [nearest, ...told];
  let i = 0;
  while (i + 1 < chain.length && isIP(chain[i + 1]!) !== 0) {
    const family = isIP(chain[i]!);
    const trusted =
      'hops' in trust
        ? i < trust.hops
        : family !== 0 && trust.proxies.check(chain[i]!, family === 4 ? 'ipv4' : 'ipv6');
    if (!trusted) break;
    i++;
  }
  return chain[i]!;
}

/**
 * The eight 16-bit groups of an IPv6 address (`::` expanded, a trailing dotted IPv4 part read
 * as two groups, a zone such as `%eth0` left out), or undefined if `address` is not one.
 */
export function ipv6Groups(address: string): number[] | undefined {
  const bare = address.replace(/%.*$/, '');
  if (isIP(bare) !== 6) return undefined;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(bare);
  const text = dotted
    ? `${bare.slice(0, dotted.index)}${((+dotted[1]! << 8) | +dotted[2]!).toString(16)}:${((+dotted[3]! << 8) | +dotted[4]!).toString(16)}`
    : bare;
  const [head = '', tail = ''] = text.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = text.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return groups.map((g) => Number.parseInt(g, 16));
}

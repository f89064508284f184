// Requests the server makes to an address a client gave it (a browser's push endpoint): never
// to this machine, the networks it sits in or the cloud's metadata service, whatever the
// spelling (OWASP's SSRF prevention). A name is resolved, every address it resolves to is
// checked, and the connection goes to an address so checked (the check sits in the socket's
// own lookup, so a name that resolves again to somewhere else between check and connect is
// caught). No redirect is followed, and only the status is read: the answer's body is never
// taken in, however large the far side makes it.

import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { ipv6Groups } from './address.ts';

/** Ranges no request on a client's word may reach, each with the name a refusal gives it. */
const FORBIDDEN: readonly (readonly [string, number, 'ipv4' | 'ipv6', string])[] = [
  ['0.0.0.0', 8, 'ipv4', 'this network'],
  ['10.0.0.0', 8, 'ipv4', 'private'],
  ['100.64.0.0', 10, 'ipv4', 'shared (carrier-grade NAT)'],
  ['127.0.0.0', 8, 'ipv4', 'loopback'],
  ['169.254.0.0', 16, 'ipv4', 'link-local'],
  ['172.16.0.0', 12, 'ipv4', 'private'],
  ['192.0.0.0', 24, 'ipv4', 'reserved'],
  ['192.0.2.0', 24, 'ipv4', 'documentation'],
  ['192.88.99.0', 24, 'ipv4', 'reserved'],
  ['192.168.0.0', 16, 'ipv4', 'private'],
  ['198.18.0.0', 15, 'ipv4', 'benchmarking'],
  ['198.51.100.0', 24, 'ipv4', 'documentation'],
  ['203.0.113.0', 24, 'ipv4', 'documentation'],
  ['224.0.0.0', 4, 'ipv4', 'multicast'],
  ['240.0.0.0', 4, 'ipv4', 'reserved'],
  ['::', 128, 'ipv6', 'unspecified'],
  ['::1', 128, 'ipv6', 'loopback'],
  ['100::', 64, 'ipv6', 'discard'],
  ['2001:db8::', 32, 'ipv6', 'documentation'],
  ['fc00::', 7, 'ipv6', 'unique-local'],
  ['fe80::', 10, 'ipv6', 'link-local'],
  ['fec0::', 10, 'ipv6', 'site-local'],
  ['ff00::', 8, 'ipv6', 'multicast'],
];

const RANGES = FORBIDDEN.map(([address, prefix, type, name]) => {
  const list = new BlockList();
  list.addSubnet(address, prefix, type);
  return { list, type, name };
});

/** The IPv4 address an IPv6 address carries in a prefix made for that, if it is one. */
function embeddedIpv4(groups: readonly number[]): string | undefined {
  const v4 = (high: number, low: number): string =>
    [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  const zero = (from: number, to: number): boolean => groups.slice(from, to).every((g) => g === 0);
  // ::ffff:a.b.c.d (mapped), and ::a.b.c.d (compatible, deprecated) but for :: and ::1.
  if (zero(0, 5) && groups[5] === 0xffff) return v4(groups[6]!, groups[7]!);
  if (zero(0, 6) && groups[6] !== 0) return v4(groups[6]!, groups[7]!);
  // 64:ff9b::/96 (NAT64, RFC 6052) and 64:ff9b:1::/48 (local NAT64, RFC 8215).
  if (groups[0] === 0x64 && groups[1] === 0xff9b) return v4(groups[6]!, groups[7]!);
  // 2002::/16 (6to4): the IPv4 address follows the prefix.
  if (groups[0] === 0x2002) return v4(groups[1]!, groups[2]!);
  return undefined;
}

/**
 * Why a request may not go to `address` (an IP address as text), or undefined when it may: a
 * public unicast address. `loopback` lets this machine's loopback through (the tests' own push
 * service); nothing else on this machine or its networks.
 */
export function forbiddenAddress(address: string, loopback = false): string | undefined {
  const family = isIP(address);
  if (family === 0) return 'not an IP address';
  if (family === 6) {
    const groups = ipv6Groups(address);
    if (!groups) return 'not an IP address';
    const inner = embeddedIpv4(groups);
    if (inner !== undefined) return forbiddenAddress(inner, loopback);
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  const range = RANGES.find((r) => r.type === type && r.list.check(address, type));
  if (!range || (loopback && range.name === 'loopback')) return undefined;
  return range.name;
}

/** A URL's hostname without the brackets of an IPv6 address. */
const bare = (hostname: string): string => hostname.replace(/^\[(.*)\]$/, '$1');

/** Why the IP address `host` may not be reached, in words, or undefined if it may. */
function refusedLiteral(host: string, loopback: boolean): string | undefined {
  const why = forbiddenAddress(host, loopback);
  return why && `${host} is a ${why} address`;
}

/** Why `hostname` (a URL's, brackets and all) may not be reached, looking its name up. */
export async function forbiddenHost(
  hostname: string,
  loopback = false,
): Promise<string | undefined> {
  const host = bare(hostname);
  if (isIP(host) !== 0) return refusedLiteral(host, loopback);
  return new Promise((resolve) => {
    dnsLookup(host, { all: true }, (error, addresses) => {
      if (error || addresses.length === 0) resolve(`${host} could not be looked up`);
      else resolve(refusedAmong(host, addresses, loopback));
    });
  });
}

/** Why one of a name's `addresses` may not be reached, naming it; undefined if none. */
function refusedAmong(
  host: string,
  addresses: readonly LookupAddress[],
  loopback: boolean,
): string | undefined {
  for (const { address } of addresses) {
    const why = forbiddenAddress(address, loopback);
    if (why) return `${host} leads to ${address}, a ${why} address`;
  }
  return undefined;
}

/** A socket lookup that fails for a name leading anywhere `forbiddenAddress` refuses. */
function guardedLookup(loopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      const why = error ? undefined : refusedAmong(hostname, addresses, loopback);
      const failure = error ?? (why ? Object.assign(new Error(why), { code: 'EFORBIDDEN' }) : null);
      if (failure) callback(failure, '', 0);
      else if (options.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** How a request to a client's address is made. */
interface OutboundRequest {
  readonly method: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Uint8Array;
  /** Lets this machine's loopback through (a test's own service); nothing else. */
  readonly loopback: boolean;
  /** How long the connection may take and then stay silent, in ms. */
  readonly idleMs: number;
  /** Aborts it (the whole request's deadline, or the server closing). */
  readonly signal: AbortSignal;
}

/**
 * Sends a request to `url` and answers the status of the answer, its body left unread and the
 * connection closed; rejects for an address refused, a connection that fails or stays silent
 * for `idleMs`, and on `signal`.
 */
export async function send(url: URL, init: OutboundRequest): Promise<number> {
  const host = bare(url.hostname);
  // A literal address is connected to without a lookup: it is checked here instead.
  const why = isIP(host) !== 0 ? refusedLiteral(host, init.loopback) : undefined;
  if (why) throw Object.assign(new Error(why), { code: 'EFORBIDDEN' });
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: init.method,
        headers: init.headers,
        lookup: guardedLookup(init.loopback),
        signal: init.signal,
        timeout: init.idleMs,
        // A connection of its own: one kept alive for a later request would skip the lookup.
        agent: false,
      },
      (response: IncomingMessage) => {
        resolve(response.statusCode ?? 0);
        response.destroy();
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer in ${init.idleMs} ms`)));
    outgoing.on('error', reject);
    outgoing.end(init.body);
  });
}

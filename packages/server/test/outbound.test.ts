// Where the server may connect on a client's word (a push endpoint): only to public unicast
// addresses. Every range that leads to this machine, its networks or a cloud's metadata
// service is refused in each spelling a URL allows, literal addresses only (no name is looked
// up off this machine), and the tests' loopback switch lets loopback through and nothing else.

import { describe, expect, it } from 'vitest';
import { forbiddenAddress, forbiddenHost } from '../src/common/outbound.ts';
import { LOOPBACK_SPELLINGS } from './loopback.ts';

/** The address a URL's parser makes of `host`, as the server connects to it. */
const parsed = (host: string): string => new URL(`https://${host}/`).hostname;

describe('addresses a request on a client’s word may not reach', () => {
  it('refuses every spelling of loopback a URL allows', async () => {
    for (const host of LOOPBACK_SPELLINGS) {
      expect(await forbiddenHost(parsed(host)), host).toMatch(/loopback/);
    }
    // `0` is 0.0.0.0, which reaches this machine too.
    expect(await forbiddenHost(parsed('0'))).toMatch(/this network/);
  });

  it('refuses private, shared, link-local, unique-local, multicast and reserved ranges', () => {
    const refused: [string, RegExp][] = [
      ['0.0.0.0', /this network/],
      ['0.1.2.3', /this network/],
      ['10.0.0.1', /private/],
      ['10.255.255.255', /private/],
      ['100.64.0.1', /shared/],
      ['100.127.255.254', /shared/],
      ['169.254.169.254', /link-local/],
      ['172.16.0.1', /private/],
      ['172.31.255.255', /private/],
      ['192.168.1.1', /private/],
      ['198.18.0.1', /benchmarking/],
      ['192.0.2.1', /documentation/],
      ['224.0.0.251', /multicast/],
      ['239.255.255.250', /multicast/],
      ['240.0.0.1', /reserved/],
      ['255.255.255.255', /reserved/],
      ['::', /unspecified/],
      ['fe80::1', /link-local/],
      ['febf::1', /link-local/],
      ['fc00::1', /unique-local/],
      ['fd12:3456:789a::1', /unique-local/],
      ['ff02::1', /multicast/],
      ['2001:db8::1', /documentation/],
      ['::ffff:10.1.2.3', /private/],
      ['::ffff:169.254.169.254', /link-local/],
      ['::ffff:192.168.0.1', /private/],
      ['64:ff9b::10.0.0.1', /private/],
      ['64:ff9b:1::a9fe:a9fe', /link-local/],
      ['2002:c0a8:101::1', /private/],
    ];
    for (const [address, why] of refused) expect(forbiddenAddress(address), address).toMatch(why);
  });

  it('lets public unicast addresses through, however close to a refused range', () => {
    const allowed = [
      '1.1.1.1',
      '9.255.255.255',
      '11.0.0.0',
      '100.63.255.255',
      '100.128.0.0',
      '169.253.255.255',
      '172.15.255.255',
      '172.32.0.0',
      '192.167.255.255',
      '192.169.0.0',
      '223.255.255.255',
      '2a00:1450:4001:82b::200a',
      '2606:4700::1111',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
      '2002:808:808::1',
    ];
    for (const address of allowed) expect(forbiddenAddress(address), address).toBeUndefined();
  });

  it('lets loopback through only where the tests’ push service is allowed, and nothing else', async () => {
    expect(forbiddenAddress('127.0.0.1', true)).toBeUndefined();
    expect(forbiddenAddress('::1', true)).toBeUndefined();
    expect(forbiddenAddress('::ffff:127.0.0.1', true)).toBeUndefined();
    expect(await forbiddenHost('localhost', true)).toBeUndefined();
    expect(forbiddenAddress('10.0.0.1', true)).toMatch(/private/);
    expect(forbiddenAddress('169.254.169.254', true)).toMatch(/link-local/);
    expect(forbiddenAddress('0.0.0.0', true)).toMatch(/this network/);
  });

  it('says what a name leads to', async () => {
    expect(await forbiddenHost('localhost')).toMatch(
      /^localhost leads to (127\.0\.0\.1|::1), a loopback address$/,
    );
  });
});

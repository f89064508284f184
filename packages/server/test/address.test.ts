// Whose address a request comes from, behind a proxy or not: X-Forwarded-For is believed only
// as far as the trust given, read from the right, where each proxy appends.

import { describe, expect, it } from 'vitest';
import { clientAddress, parseTrustProxy } from '../src/common/address.ts';

describe('the client address', () => {
  it('is the peer when no proxy is trusted, whatever the header says', () => {
    expect(clientAddress('198.51.100.7', '203.0.113.9', undefined)).toBe('198.51.100.7');
    expect(clientAddress('::ffff:198.51.100.7', undefined, undefined)).toBe('198.51.100.7');
  });

  it('is the entry the last proxies appended, given a number of hops', () => {
    const one = parseTrustProxy('1');
    // A client's own header comes first; the proxy appends the address it saw.
    expect(clientAddress('127.0.0.1', '203.0.113.9, 198.51.100.7', one)).toBe('198.51.100.7');
    expect(clientAddress('127.0.0.1', ['203.0.113.9', '198.51.100.7'], one)).toBe('198.51.100.7');
    expect(clientAddress('127.0.0.1', undefined, one)).toBe('127.0.0.1');
    const two = parseTrustProxy('2');
    expect(clientAddress('10.0.0.2', '203.0.113.9, 198.51.100.7, 10.0.0.1', two)).toBe(
      '198.51.100.7',
    );
    // Fewer entries than hops: the farthest one named.
    expect(clientAddress('10.0.0.2', '198.51.100.7', two)).toBe('198.51.100.7');
  });

  it('walks back through the trusted proxies by address, and no further', () => {
    const trust = parseTrustProxy('10.0.0.0/8, ::1');
    expect(clientAddress('10.0.0.2', '203.0.113.9, 198.51.100.7, 10.0.0.1', trust)).toBe(
      '198.51.100.7',
    );
    expect(clientAddress('::1', '198.51.100.7', trust)).toBe('198.51.100.7');
    // Not from a trusted proxy: the header is the client's own word.
    expect(clientAddress('198.51.100.7', '10.0.0.1', trust)).toBe('198.51.100.7');
    // Something that is not an address ends the walk at the last one believed.
    expect(clientAddress('10.0.0.2', 'evil, nonsense', trust)).toBe('10.0.0.2');
  });

  it('refuses a setting that is neither hops nor addresses', () => {
    for (const bad of ['0', 'yes', '10.0.0.0/33', '10.0.0.1/8/1', '1.2.3', '']) {
      expect(() => parseTrustProxy(bad), bad).toThrow(/AGON_TRUST_PROXY/);
    }
  });
});

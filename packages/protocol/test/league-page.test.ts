// Which page of a league's season an address asks for (docs/leagues.md, "The league's page"):
// the query the page writes is the one the server and the page read back, other parameters are
// let be, and a malformed number is refused naming its parameter.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeLeaguePageAsked, parseLeaguePageAsked } from '../src/index.ts';

/** A query string as a server's parser or URLSearchParams gives it: each name's last value. */
const fields = (query: string): Record<string, string> =>
  Object.fromEntries(new URLSearchParams(query));

describe('a league page asked for', () => {
  it('reads back what it writes', () => {
    const part = fc.option(fc.integer({ min: 1, max: 999_999 }), { nil: undefined });
    fc.assert(
      fc.property(part, part, (tier, page) => {
        const asked = {
          ...(tier === undefined ? {} : { tier }),
          ...(page === undefined ? {} : { page }),
        };
        expect(parseLeaguePageAsked(fields(makeLeaguePageAsked(asked)))).toEqual({
          ok: true,
          value: asked,
        });
      }),
    );
    expect(makeLeaguePageAsked({})).toBe('');
  });

  it('lets other parameters be', () => {
    expect(parseLeaguePageAsked(fields('?utm=x&page=2'))).toEqual({ ok: true, value: { page: 2 } });
  });

  it('refuses a number that is not a whole one from 1, naming its parameter', () => {
    for (const [query, named] of [
      ['?tier=0', 'tier'],
      ['?tier=01', 'tier'],
      ['?tier=+1', 'tier'],
      ['?page=2.0', 'page'],
      ['?page=1000000', 'page'],
    ]) {
      const read = parseLeaguePageAsked(fields(query!));
      expect(read.ok, query).toBe(false);
      if (!read.ok) {
        expect(read.error.code).toBe('bad-message');
        expect(read.error.message.startsWith(named!)).toBe(true);
      }
    }
    expect(parseLeaguePageAsked({ tier: ['1', '2'] }).ok).toBe(false);
    expect(parseLeaguePageAsked(null).ok).toBe(false);
  });
});

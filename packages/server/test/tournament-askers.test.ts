// Who asks for a tournament's pages: the pages are public and read every 2 s, so whose token a
// request carries is kept a while; junk tokens (a 15 KB random header each) must keep nothing,
// or twelve thousand reads take hundreds of megabytes.

import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { askers } from '../src/tournament/routes.ts';

/** A request carrying `authorization`. */
const request = (authorization?: string) =>
  ({ headers: authorization === undefined ? {} : { authorization } }) as FastifyRequest;

describe('the players asking for tournament pages', () => {
  it('keeps only tokens that name a player, and asks the store once a while for each', async () => {
    let lookups = 0;
    const me = async (r: FastifyRequest, _reply: FastifyReply) => {
      lookups++;
      const token = r.headers.authorization;
      return token?.startsWith('Bearer good-') ? ({ id: token.slice(12) } as never) : undefined;
    };
    let at = 1_000_000;
    const asking = askers(me, () => at);
    for (let n = 0; n < 2000; n++) {
      expect(await asking.ask(request(`Bearer ${randomBytes(1500).toString('base64url')}`))).toBe(
        undefined,
      );
    }
    expect(asking.size).toBe(0);
    expect(await asking.ask(request())).toBe(undefined);
    expect(await asking.ask(request('Bearer good-p1'))).toBe('p1');
    const before = lookups;
    expect(await asking.ask(request('Bearer good-p1'))).toBe('p1');
    expect(lookups).toBe(before);
    expect(asking.size).toBe(1);
    // A minute on, the store is asked again.
    at += 60_000;
    expect(await asking.ask(request('Bearer good-p1'))).toBe('p1');
    expect(lookups).toBe(before + 1);
  });
});

// The player routes tried as an attacker would, against the real server process: a flood of
// transfer codes and of renames with one token is cut off per player with a retry-after, a
// player has one live code at a time, and with the database stopped no answer carries its
// detail (an address, a port, an error code of the driver): each says, in the client's language,
// that the server could not do it now, with a request id that the log shows beside the cause.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataFolder, type Running, remove, serverFor, startServer } from './harness.ts';
import { skipWithout, startPostgres, type TestDatabase } from './postgres.ts';

/** Calls the API of `server`: the status, the headers and the JSON answer. */
async function call(
  server: { readonly url: string },
  method: string,
  path: string,
  { token, body, language }: { token?: string; body?: unknown; language?: string } = {},
) {
  const response = await fetch(`${server.url}api/${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      ...(language === undefined ? {} : { 'accept-language': language }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: JSON.parse(text) };
}

describe('a flood from one player', () => {
  const server = serverFor({ AGON_PLAYERS_PER_MINUTE: '1000' });

  it('gets a few transfer codes an hour, then 429 with retry-after; one code lives at a time', async () => {
    const me = (await call(server, 'POST', 'players', { body: { language: 'en' } })).json;
    const first = await call(server, 'POST', 'me/transfer', { token: me.token });
    const second = await call(server, 'POST', 'me/transfer', { token: me.token });
    expect([first.status, second.status]).toEqual([201, 201]);
    const answers = [];
    for (let batch = 0; batch < 30; batch++) {
      answers.push(
        ...(await Promise.all(
          Array.from({ length: 100 }, () =>
            call(server, 'POST', 'me/transfer', { token: me.token }),
          ),
        )),
      );
    }
    // The default is ten codes an hour: two made before the flood, eight in it.
    expect(answers.filter((a) => a.status === 201)).toHaveLength(8);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(3000 - 8);
    for (const r of refused.slice(0, 20)) {
      expect(r.json.error.code).toBe('rate-limited');
      const wait = Number(r.headers.get('retry-after'));
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(3600);
    }
    // A new code replaced the one before: the first no longer moves the identity.
    for (const code of [first.json.code, second.json.code]) {
      const taken = await call(server, 'POST', 'players/transfer', { body: { code } });
      expect(taken.status).toBe(400);
      expect(taken.json.error.code).toBe('bad-code');
    }
  }, 60_000);

  it('gets a few renames an hour, then 429 with retry-after', async () => {
    const me = (await call(server, 'POST', 'players', { body: { language: 'en' } })).json;
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        call(server, 'PATCH', 'me', { token: me.token, body: { name: `Flood Heron ${i}` } }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(6);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(294);
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another player is not held back by the first one's flood.
    const other = (await call(server, 'POST', 'players', { body: { language: 'en' } })).json;
    const renamed = await call(server, 'PATCH', 'me', {
      token: other.token,
      body: { name: 'Calm Heron 5' },
    });
    expect(renamed.status).toBe(200);
  }, 60_000);
});

const skip = skipWithout('abuse tests with the database stopped', ['stoppable postgres']);
describe.skipIf(skip)('with the database stopped', () => {
  let db: TestDatabase;
  let folder: string;
  let server: Running;
  beforeAll(async () => {
    db = await startPostgres({ stoppable: true });
    folder = dataFolder();
    server = await startServer(folder, { AGON_DATABASE_URL: db.url });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    db?.stop();
    remove(folder);
  });

  it('tells no client the cause, only a request id the log shows with it', async () => {
    const me = (await call(server, 'POST', 'players', { body: { language: 'en' } })).json;
    const port = new URL(db.url).port;
    db.halt!();
    try {
      const answers = await Promise.all([
        call(server, 'POST', 'players', { body: { language: 'en' } }),
        call(server, 'GET', 'me', { token: me.token }),
        call(server, 'PATCH', 'me', { token: me.token, body: { name: 'Quiet Heron 3' } }),
        call(server, 'POST', 'me/transfer', { token: me.token }),
        call(server, 'GET', `players/${me.id}`),
        call(server, 'POST', 'games', { body: { side: 'white' } }),
        call(server, 'GET', 'me', { token: me.token, language: 'fi-FI,fi;q=0.9,en;q=0.5' }),
      ]);
      for (const answer of answers) {
        expect(answer.status).toBe(500);
        expect(answer.text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|connect|postgres/i);
        expect(answer.text).not.toContain(port);
        const { code, request, message } = answer.json.error;
        expect(code).toBe('server-error');
        expect(request).toMatch(/^[\w-]{8}$/);
        expect(answer.headers.get('x-request-id')).toBe(request);
        expect(message).toContain(request);
        // The log has the cause under the same id.
        expect(server.output()).toMatch(new RegExp(`request ${request} failed: .*ECONNREFUSED`));
      }
      expect(answers[0]!.json.error.message).toMatch(/^The server could not do that just now/);
      expect(answers.at(-1)!.json.error.message).toMatch(/^Palvelin ei pystynyt/);
    } finally {
      db.resume!();
    }
    // And the server is up and whole once the database is back.
    const again = await call(server, 'GET', 'me', { token: me.token });
    expect(again.status).toBe(200);
  }, 60_000);
});

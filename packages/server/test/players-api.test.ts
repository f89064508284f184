// The player routes against the real server process: a device becomes a player, renames it
// within the rules, moves it to another device by a transfer code, and finds it again after a
// SIGKILL; bad requests get a code and a sentence and change nothing.

import type { Identity, PlayerPage, PlayerView } from '@agon/protocol';
import { describe, expect, it } from 'vitest';
import { serverFor } from './harness.ts';

const server = serverFor({ AGON_PLAYERS_PER_MINUTE: '6' });

/** Calls the API: the status and the JSON answer. */
async function call(
  method: string,
  path: string,
  { token, body }: { token?: string; body?: unknown } = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${server.url}api/${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe('players without accounts', () => {
  it('makes a player with a generated name in the language asked, kept after a SIGKILL', async () => {
    const made = await call('POST', 'players', { body: { language: 'ru' } });
    expect(made.status).toBe(201);
    const me = made.json as unknown as Identity;
    expect(me.name).toMatch(/^[А-Яа-яЁё]+ [А-Яа-яЁё]+ \d+$/u);
    const renamed = await call('PATCH', 'me', { token: me.token, body: { name: ' Kept  Heron ' } });
    expect(renamed.status).toBe(200);
    expect((renamed.json as unknown as PlayerView).name).toBe('Kept Heron');

    await server.restart();
    const again = await call('GET', 'me', { token: me.token });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ id: me.id, name: 'Kept Heron' });
    const page = await call('GET', `players/${me.id}`);
    expect((page.json as unknown as PlayerPage).ratings.blitz).toEqual({
      rating: 1500,
      provisional: true,
      games: 0,
    });
  });

  it('refuses names by the rules, a taken name, and an unknown token, saying why', async () => {
    const a = (await call('POST', 'players', { body: {} })).json as unknown as Identity;
    const b = (await call('POST', 'players', { body: { language: 'hi' } }))
      .json as unknown as Identity;
    expect(
      await call('PATCH', 'me', { token: a.token, body: { name: 'Computer 7' } }),
    ).toMatchObject({
      status: 400,
      json: { error: { code: 'bad-name', message: expect.stringContaining('computer') } },
    });
    expect(await call('PATCH', 'me', { token: b.token, body: { name: 'ab' } })).toMatchObject({
      status: 400,
      json: { error: { code: 'bad-name' } },
    });
    // Look-alikes of "Computer" the browser's check lets by, refused by their skeleton.
    for (const name of ['C0mputer', '\u0392\u039F\u03A4', 'Leve1 10']) {
      expect(await call('PATCH', 'me', { token: a.token, body: { name } })).toMatchObject({
        status: 400,
        json: {
          error: {
            code: 'bad-name',
            message: 'a name may not pass for the computer or one of its levels',
          },
        },
      });
    }
    await call('PATCH', 'me', { token: a.token, body: { name: 'Only One' } });
    for (const name of ['only  ONE', 'Only_0ne', 'Onl\u0443 One']) {
      expect(await call('PATCH', 'me', { token: b.token, body: { name } }), name).toMatchObject(
        name.includes('\u0443')
          ? { status: 400, json: { error: { code: 'bad-name' } } }
          : { status: 409, json: { error: { code: 'name-taken' } } },
      );
    }
    expect((await call('GET', 'me', { token: b.token })).json).toMatchObject({ name: b.name });
    expect(await call('GET', 'me', { token: 'x'.repeat(43) })).toMatchObject({
      status: 401,
      json: { error: { code: 'unknown-player' } },
    });
    expect(await call('GET', 'me')).toMatchObject({ status: 401 });
    expect(await call('POST', 'players', { body: { language: 'de' } })).toMatchObject({
      status: 400,
      json: { error: { code: 'bad-message', message: expect.stringContaining('language') } },
    });
    expect(await call('GET', 'players/nosuchone')).toMatchObject({
      status: 404,
      json: { error: { code: 'no-such-player' } },
    });
  });

  it('moves an identity to another device with a code that works once', async () => {
    const old = (await call('POST', 'players', { body: { language: 'fi' } }))
      .json as unknown as Identity;
    const offered = await call('POST', 'me/transfer', { token: old.token });
    expect(offered.status).toBe(201);
    const code = String(offered.json.code);
    expect(Number(offered.json.expiresAt)).toBeGreaterThan(Date.now() + 9 * 60_000);
    const grouped = code.replace(/(.{4})(?=.)/g, '$1-').toUpperCase();
    const taken = await call('POST', 'players/transfer', { body: { code: grouped } });
    expect(taken.status).toBe(200);
    const moved = taken.json as unknown as Identity;
    expect(moved).toMatchObject({ id: old.id, name: old.name });
    expect(moved.token).not.toBe(old.token);
    // Both devices are the player now; the code is spent.
    expect((await call('GET', 'me', { token: moved.token })).json).toMatchObject({ id: old.id });
    expect((await call('GET', 'me', { token: old.token })).json).toMatchObject({ id: old.id });
    expect(await call('POST', 'players/transfer', { body: { code } })).toMatchObject({
      status: 400,
      json: { error: { code: 'bad-code' } },
    });
  });

  it('keeps a player’s lobby settings, changed one at a time, and refuses bad ones', async () => {
    const me = (await call('POST', 'players', { body: {} })).json as unknown as Identity;
    expect(await call('GET', 'me/settings', { token: me.token })).toEqual({
      status: 200,
      json: {
        challengesFrom: 'everyone',
        waitingList: { pools: [], hours: [] },
        peopleOnly: false,
      },
    });
    const waitingList = { pools: ['3+2', '5+3'], hours: [19, 20, 21] };
    expect(await call('PATCH', 'me/settings', { token: me.token, body: { waitingList } })).toEqual({
      status: 200,
      json: { challengesFrom: 'everyone', waitingList, peopleOnly: false },
    });
    const closed = { challengesFrom: 'played' };
    expect(await call('PATCH', 'me/settings', { token: me.token, body: closed })).toEqual({
      status: 200,
      json: { challengesFrom: 'played', waitingList, peopleOnly: false },
    });
    expect(
      await call('PATCH', 'me/settings', { token: me.token, body: { peopleOnly: true } }),
    ).toEqual({ status: 200, json: { challengesFrom: 'played', waitingList, peopleOnly: true } });
    expect(
      await call('PATCH', 'me/settings', { token: me.token, body: { peopleOnly: 'yes' } }),
    ).toMatchObject({ status: 400, json: { error: { code: 'bad-message' } } });
    expect(
      await call('PATCH', 'me/settings', { token: me.token, body: { challengesFrom: 'friends' } }),
    ).toMatchObject({ status: 400, json: { error: { code: 'bad-message' } } });
    expect(await call('PATCH', 'me/settings', { body: closed })).toMatchObject({
      status: 401,
      json: { error: { code: 'unknown-player' } },
    });
    expect((await call('GET', 'me/settings', { token: me.token })).json).toEqual({
      challengesFrom: 'played',
      waitingList,
      peopleOnly: true,
    });
  });

  it('limits new players and code attempts per address', async () => {
    let refused = 0;
    for (let i = 0; i < 6; i++) {
      const answer = await call('POST', 'players/transfer', { body: { code: 'abcd-efgh-jkmn' } });
      if (answer.status === 429) refused++;
      else expect(answer.json).toMatchObject({ error: { code: 'bad-code' } });
    }
    expect(refused).toBeGreaterThan(0);
    expect(await call('POST', 'players', { body: {} })).toMatchObject({
      status: 429,
      json: { error: { code: 'rate-limited' } },
    });
  });
});

// A player's own pages of a game of days, between two real players on a real server: the
// conditional moves White sets are played at once when Black's move matches and dropped when it
// does not; neither they nor White's notes ever reach Black, a spectator or another player
// (over HTTP or the game's socket); malformed input, wrong tokens and floods are refused.

import { Game, makeMoveText, parseApn, STANDARD_APN } from '@agon/engine';
import type { ConditionalLines, Identity, Notebook } from '@agon/protocol';
import { describe, expect, it } from 'vitest';
import { newPlayer } from '../scripts/lobby-client.ts';
import { challengeAccepted, Peer, quietMove, RATED_CORRESPONDENCE, serverFor } from './harness.ts';

/** An answer's body: what was asked for, or the refusal. */
type Answer = Record<string, unknown> & { readonly error: { code: string; message: string } };

/** Every legal move after `moves` from the standard start, in notation. */
function legalAfter(moves: readonly string[]): string[] {
  const start = parseApn(STANDARD_APN);
  if (!start.ok) throw new Error(start.error.message);
  const game = new Game(start.value);
  for (const text of moves) game.play(game.legalMoves().find((m) => makeMoveText(m) === text)!);
  return game.legalMoves().map(makeMoveText);
}

describe("a player's conditional moves and notes", () => {
  const server = serverFor({ AGON_TRUST_PROXY: '1' });

  /** A request to the API as the holder of `token` (none: anonymous). */
  const call = async (
    method: string,
    path: string,
    token?: string,
    body?: unknown,
  ): Promise<{ status: number; body: Answer; retry: string | null }> => {
    const response = await fetch(`${server.url}api/${path}`, {
      method,
      headers: {
        ...(token && { authorization: `Bearer ${token}` }),
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return {
      status: response.status,
      body: (await response.json()) as Answer,
      retry: response.headers.get('retry-after'),
    };
  };

  /** A rated game of days between two new players on networks `network`.1 and .2. */
  const daysGame = async (
    network: string,
  ): Promise<{ white: Identity; black: Identity; game: string }> => {
    const { players, clients, game } = await challengeAccepted(
      [server.url, server.url],
      [`${network}1`, `${network}2`],
      RATED_CORRESPONDENCE,
    );
    for (const c of clients) c.close();
    return { white: players[0], black: players[1], game };
  };

  it('plays a line at once on the matching move, drops the lines on another, and shows them to nobody else', async () => {
    const { white, black, game } = await daysGame('198.51.100.2');
    const whiteSeat = await Peer.join(server.url, game, white.token);
    const blackSeat = await Peer.join(server.url, game, black.token);
    const watcher = await Peer.join(server.url, game);
    // Everything Black's and the watcher's sockets carry from now on.
    const heard = new Map([blackSeat, watcher].map((s) => [s, [] as string[]]));
    for (const [s, texts] of heard) s.peer.ws.on('message', (data) => texts.push(String(data)));

    const w1 = quietMove([]);
    whiteSeat.peer.send({ t: 'move', seat: 'white', move: w1, version: 0 });
    await blackSeat.peer.next('event', (e) => e.version === 1);

    // Two branches for Black's reply: the quiet move (answered two turns deep) and another.
    const b1 = quietMove([w1]);
    const w2 = quietMove([w1, b1]);
    const b2 = quietMove([w1, b1, w2]);
    const w3 = quietMove([w1, b1, w2, b2]);
    const other = legalAfter([w1]).find((m) => m !== b1)!;
    const otherReply = legalAfter([w1, other])[0]!;
    const lines: ConditionalLines = {
      from: 1,
      lines: [
        [b1, w2, b2, w3],
        [other, otherReply],
      ],
    };
    const set = await call('PUT', `games/${game}/conditional`, white.token, lines);
    expect(set.status).toBe(200);
    expect(set.body).toEqual(lines);
    expect((await call('GET', `games/${game}/conditional`, white.token)).body).toEqual(lines);

    // Black (and anyone else) reads only their own: nothing of White's.
    expect((await call('GET', `games/${game}/conditional`, black.token)).body).toEqual({
      from: 1,
      lines: [],
    });
    const stranger = await newPlayer(server.url, 'en', '198.51.100.23');
    const peek = await call('GET', `games/${game}/conditional`, stranger.token);
    expect(peek.status).toBe(403);
    expect(peek.body.error.code).toBe('not-your-game');
    expect((await call('GET', `games/${game}/conditional`)).status).toBe(401);
    expect((await call('GET', `games/${game}/conditional`, 'not-a-token')).status).toBe(401);

    // Black plays the line's move: White's answer is committed at once, as White's move.
    blackSeat.peer.send({ t: 'move', seat: 'black', move: b1, version: 1 });
    const answered = await blackSeat.peer.next('event', (e) => e.version === 3);
    expect(answered.event).toMatchObject({ kind: 'move', seat: 'white', move: w2 });
    // The other branch is dropped; the line played goes on from where it was set.
    expect((await call('GET', `games/${game}/conditional`, white.token)).body).toEqual({
      from: 1,
      lines: [[b1, w2, b2, w3]],
    });

    // Black leaves the line: it is dropped, and nothing is played for White.
    const leave = legalAfter([w1, b1, w2]).find((m) => m !== b2)!;
    blackSeat.peer.send({ t: 'move', seat: 'black', move: leave, version: 3 });
    await whiteSeat.peer.next('event', (e) => e.version === 4);
    expect((await call('GET', `games/${game}/conditional`, white.token)).body).toEqual({
      from: 4,
      lines: [],
    });
    const now = await Peer.join(server.url, game);
    expect(now.state.game.version).toBe(4);
    expect(now.state.game.moves).toEqual([w1, b1, w2, leave]);
    expect(now.state.game.clock?.running).toBe('white');
    now.peer.close();

    // What Black's and the watcher's sockets carried: the moves played, as they were played,
    // and nothing of White's lines.
    for (const texts of heard.values()) {
      const moves = texts
        .map((t) => JSON.parse(t) as { t: string; event?: { move?: string } })
        .flatMap((m) => (m.t === 'event' && m.event?.move ? [m.event.move] : []));
      expect(moves).toEqual([w1, b1, w2, leave]);
      expect(texts.join('\n')).not.toMatch(/conditional|"lines"/);
    }
    for (const s of [whiteSeat, blackSeat, watcher]) s.peer.close();
  }, 60_000);

  it('refuses malformed, illegal, stale and out-of-turn lines with a clear error', async () => {
    const { white, black, game } = await daysGame('198.51.100.3');
    const whiteSeat = await Peer.join(server.url, game, white.token);
    const w1 = quietMove([]);
    whiteSeat.peer.send({ t: 'move', seat: 'white', move: w1, version: 0 });
    await whiteSeat.peer.next('event', (e) => e.version === 1);
    const b1 = quietMove([w1]);
    const w2 = quietMove([w1, b1]);
    const refused = async (token: string, body: unknown, status: number, message: RegExp) => {
      const answer = await call('PUT', `games/${game}/conditional`, token, body);
      expect(answer.status).toBe(status);
      expect(answer.body.error.message).toMatch(message);
    };
    await refused(white.token, { from: 1, lines: 'e4' }, 400, /lines must be a list/);
    await refused(white.token, { from: 1, lines: [[b1]] }, 400, /2 to \d+ turns/);
    await refused(white.token, { from: 1, lines: [[b1, 'z99']] }, 400, /line 1, turn 2/);
    await refused(white.token, { from: 1, lines: [[b1, w2, w2]] }, 400, /line 1, turn 3/);
    await refused(
      white.token,
      { from: 1, lines: [[b1, w2, quietMove([w1, b1, w2])]] },
      400,
      /ends with your opponent's turn/,
    );
    const otherW2 = legalAfter([w1, b1]).find((m) => m !== w2)!;
    await refused(
      white.token,
      {
        from: 1,
        lines: [
          [b1, w2],
          [b1, otherW2],
        ],
      },
      400,
      /answers the same turns/,
    );
    await refused(white.token, { from: 0, lines: [[b1, w2]] }, 409, /1 turns played, not 0/);
    await refused(black.token, { from: 1, lines: [[b1, w2]] }, 400, /it is your turn/);
    await refused(white.token, { from: 1, lines: [[b1, w2]], extra: 1 }, 400, /not a field/);
    // Lines set, then the game ends: none are shown, and none can be set.
    const lines = { from: 1, lines: [[b1, w2]] };
    expect((await call('PUT', `games/${game}/conditional`, white.token, lines)).status).toBe(200);
    whiteSeat.peer.send({ t: 'resign', seat: 'white' });
    await whiteSeat.peer.event(2);
    expect((await call('GET', `games/${game}/conditional`, white.token)).body).toEqual({
      from: 1,
      lines: [],
    });
    await refused(white.token, lines, 400, /the game is over/);
    whiteSeat.peer.close();
  }, 60_000);

  it('keeps private notes across a restart, for their writer only, and limits a flood', async () => {
    const { white, black, game } = await daysGame('198.51.100.4');
    const notes: Notebook = {
      note: 'Keep the queen home',
      moves: [{ ply: 1, text: 'the usual start' }],
      analysis: null,
    };
    expect((await call('PATCH', `games/${game}/notes`, white.token, notes)).status).toBe(200);
    // A change of one part leaves the others as they were.
    const analysis = `[Variant "standard"]\n1. ${quietMove([])} *`;
    expect((await call('PATCH', `games/${game}/notes`, white.token, { analysis })).body).toEqual({
      ...notes,
      analysis,
    });
    await server.restart();
    expect((await call('GET', `games/${game}/notes`, white.token)).body).toEqual({
      ...notes,
      analysis,
    });
    // The opponent reads their own empty notebook; a stranger and no token read nothing.
    expect((await call('GET', `games/${game}/notes`, black.token)).body).toEqual({
      note: '',
      moves: [],
      analysis: null,
    });
    const stranger = await newPlayer(server.url, 'en', '198.51.100.43');
    expect((await call('GET', `games/${game}/notes`, stranger.token)).status).toBe(403);
    expect((await call('PATCH', `games/${game}/notes`, stranger.token, notes)).status).toBe(403);
    expect((await call('GET', `games/${game}/notes`)).status).toBe(401);
    expect((await call('GET', 'games/nosuchgame/notes', white.token)).status).toBe(404);
    // Malformed notes.
    const bad = async (body: unknown, message: RegExp) => {
      const answer = await call('PATCH', `games/${game}/notes`, white.token, body);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 'bad-notes' });
      expect(answer.body.error.message).toMatch(message);
    };
    await bad({ note: 'x'.repeat(2001) }, /at most 2000/);
    await bad(
      {
        moves: [
          { ply: 2, text: 'a' },
          { ply: 1, text: 'b' },
        ],
      },
      /in order/,
    );
    await bad({ moves: [{ ply: 1, text: '' }] }, /1 to \d+ characters/);
    await bad({ analysis: 7 }, /analysis must be AGN/);
    // A flood of saves is turned away with the seconds to wait.
    let last = await call('PATCH', `games/${game}/notes`, white.token, notes);
    for (let i = 0; i < 40 && last.status === 200; i++) {
      last = await call('PATCH', `games/${game}/notes`, white.token, notes);
    }
    expect(last.status).toBe(429);
    expect(Number(last.retry)).toBeGreaterThan(0);
  }, 60_000);
});

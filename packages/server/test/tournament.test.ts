// Tournaments on the wire, with a real server process behind a proxy it believes (each player
// on a network of its own, so their games are rated): an arena that three players join, whose
// first pairing two of them play out, and whose third is paired next with one of them; an
// arena followed on its socket, which sends the pairing and the counted result by itself; a Swiss
// over days of three players, one bye a round, each meeting each once, to its podium; and
// everything a stranger may send refused with its reason.

import type { Colour } from '@agon/engine';
import type { Identity, TournamentRequest, TournamentView } from '@agon/protocol';
import { describe, expect, it } from 'vitest';
import { newPlayer } from '../scripts/lobby-client.ts';
import {
  act,
  answered,
  arenaTerms,
  followEvent,
  listEvents,
  makeEvent,
  readEvent,
} from '../scripts/tournament-client.ts';
import { Peer, page, quietMove, serverFor, until } from './harness.ts';

/** A player of the test and the network it plays from. */
interface Someone extends Identity {
  readonly address: string;
}

/** Its events are people's alone: no house bot fills them (tournament-bots.test.ts). */
const ARENA: TournamentRequest = arenaTerms({
  name: 'Test Arena',
  startsAt: 0,
  minutes: 5,
  berserk: true,
  bots: false,
});

describe('tournaments, on the wire', () => {
  const server = serverFor({ AGON_TRUST_PROXY: '1', AGON_PLAYERS_PER_MINUTE: '600' });
  let next = 0;

  const someone = async (): Promise<Someone> => {
    const address = `10.${++next}.0.1`;
    return { ...(await newPlayer(server.url, 'en', address)), address };
  };

  const view = async (id: string, p: Someone): Promise<TournamentView> =>
    answered(await readEvent(server.url, id, p.token));

  /** Plays game `game` to its end: a move each, then `loser` resigns. */
  async function playOut(game: string, seats: Record<Colour, Someone>, loser: Colour) {
    const white = await Peer.join(server.url, game, seats.white.token);
    const black = await Peer.join(server.url, game, seats.black.token);
    let version = white.state.game.version;
    const first = quietMove([]);
    white.peer.send({ t: 'move', seat: 'white', move: first, version });
    await black.peer.event(version + 1);
    version += 1;
    black.peer.send({ t: 'move', seat: 'black', move: quietMove([first]), version });
    await white.peer.event(version + 1);
    const peers = { white: white.peer, black: black.peer };
    peers[loser].send({ t: 'resign', seat: loser });
    await peers[loser === 'white' ? 'black' : 'white'].next(
      'state',
      (m) => m.game.outcome !== null,
    );
    white.peer.close();
    black.peer.close();
  }

  /** The seats of `game`, as its state names its players. */
  async function seatsOf(
    game: string,
    among: readonly Someone[],
  ): Promise<Record<Colour, Someone>> {
    // A Swiss round's pairings are logged a moment before their games are made.
    const { peer, state } = await until(
      () => Peer.join(server.url, game).catch(() => undefined),
      (joined) => joined !== undefined,
      10_000,
    ).then((joined) => joined!);
    peer.close();
    const find = (id: string | undefined) => among.find((p) => p.id === id)!;
    return { white: find(state.game.players.white?.id), black: find(state.game.players.black?.id) };
  }

  it('runs an arena: three join, the first pair plays, the winner scores 2, the third is paired next', async () => {
    const [a, b, c] = [await someone(), await someone(), await someone()];
    const made = answered(
      await makeEvent(server.url, a.token, { ...ARENA, startsAt: Date.now() + 1500 }, a.address),
    );
    for (const p of [b, c])
      answered(await act(server.url, p.token, made.id, { action: 'join' }, p.address));
    const upcoming = await view(made.id, a);
    expect(upcoming.status).toBe('upcoming');
    expect(upcoming.players).toBe(3);
    expect(upcoming.you?.joined).toBe(true);

    // Two of the three are paired once it starts; the third waits.
    const all = [a, b, c];
    const views = await until(
      () => Promise.all(all.map((p) => view(made.id, p))),
      (vs) => vs.filter((v) => v.you?.game).length === 2,
      15_000,
    );
    const game = views.find((v) => v.you?.game)!.you!.game!;
    const seats = await seatsOf(game, all);
    const third = all.find((p) => p !== seats.white && p !== seats.black)!;
    expect(views[all.indexOf(third)]!.you?.game).toBeNull();

    await playOut(game, seats, 'black');
    const after = await until(
      () => view(made.id, third),
      (v) => v.standings.some((l) => l.games === 1 && l.score === 2),
      15_000,
    );
    const winner = after.standings.find((l) => l.player.id === seats.white.id)!;
    const loser = after.standings.find((l) => l.player.id === seats.black.id)!;
    expect(winner).toMatchObject({ rank: 1, score: 2, games: 1, fire: false });
    expect(loser).toMatchObject({ score: 0, games: 1 });
    const mine = await view(made.id, seats.white);
    expect(mine.you?.sheet).toEqual([
      expect.objectContaining({ game, result: 'win', points: 2, colour: 'white' }),
    ]);

    // Next, the one who waited plays one of the two; never the same two again at once.
    const paired = await until(
      () => view(made.id, third),
      (v) => v.you?.game !== null && v.you?.game !== undefined,
      15_000,
    );
    const second = await seatsOf(paired.you!.game!, all);
    expect([second.white, second.black]).toContain(third);

    const listed = answered(await listEvents(server.url));
    await until(
      async () => answered(await listEvents(server.url)).running.find((t) => t.id === made.id),
      (t) => t?.leader?.id === seats.white.id,
      10_000,
    );
    expect(
      listed.upcoming.some((t) => t.id === made.id) || listed.running.some((t) => t.id === made.id),
    ).toBe(true);
    const played = await page(server.url, seats.white.id);
    expect(played.tournaments).toEqual([
      expect.objectContaining({ id: made.id, name: 'Test Arena', kind: 'arena' }),
    ]);
  });

  it('runs a Swiss over days: one bye a round, each meets each once, a podium at the end', async () => {
    const players = [await someone(), await someone(), await someone()];
    const [maker] = players;
    const made = answered(
      await makeEvent(
        server.url,
        maker!.token,
        {
          ...ARENA,
          kind: 'swiss',
          name: 'Test Swiss',
          clock: { days: 1 },
          minutes: undefined,
          rounds: 3,
          berserk: false,
          startsAt: Date.now() + 1000,
        } as TournamentRequest,
        maker!.address,
      ),
    );
    for (const p of players.slice(1)) {
      answered(await act(server.url, p.token, made.id, { action: 'join' }, p.address));
    }
    const met = new Set<string>();
    for (let round = 1; round <= 3; round++) {
      const views = await until(
        () => Promise.all(players.map((p) => view(made.id, p))),
        (vs) => vs[0]!.round === round && vs.filter((v) => v.you?.game).length === 2,
        20_000,
      );
      const game = views.find((v) => v.you?.game)!.you!.game!;
      const seats = await seatsOf(game, players);
      const pair = [seats.white.id, seats.black.id].sort().join();
      expect(met.has(pair), `round ${round} repeats ${pair}`).toBe(false);
      met.add(pair);
      await playOut(game, seats, round === 2 ? 'white' : 'black');
    }
    const final = await until(
      () => view(made.id, maker!),
      (v) => v.status === 'finished',
      20_000,
    );
    // Three rounds of one game and one bye: each played twice and had one bye.
    for (const line of final.standings) expect(line.games).toBe(2);
    const byes = await Promise.all(players.map(async (p) => (await view(made.id, p)).you!.sheet));
    for (const sheet of byes) expect(sheet.filter((e) => e.result === 'bye')).toHaveLength(1);
    expect(final.standings.reduce((sum, l) => sum + l.score, 0)).toBe(3 + 3);
    expect(final.podium.map((l) => l.rank)).toEqual([1, 2, 3]);
    const first = await page(server.url, final.podium[0]!.player.id);
    await until(
      () => page(server.url, final.podium[0]!.player.id),
      (p) => p.tournaments.some((t) => t.id === made.id && t.rank === 1),
      10_000,
    );
    expect(first.tournaments.some((t) => t.id === made.id)).toBe(true);
  });

  /** Event `id` followed on its socket (as `p`, or as a watcher): the views it is sent. */
  function follow(id: string, p?: Someone) {
    const views: TournamentView[] = [];
    let waiting: { test: (v: TournamentView) => boolean; found: (v: TournamentView) => void }[] =
      [];
    const ws = followEvent(
      server.url,
      id,
      (v) => {
        views.push(v);
        const [met, still] = [waiting.filter((w) => w.test(v)), waiting.filter((w) => !w.test(v))];
        waiting = still;
        for (const w of met) w.found(v);
      },
      { ...(p && { token: p.token, address: p.address }) },
    );
    return {
      views,
      /** The first view sent that passes `test`, sent already or still to come. */
      sent: (test: (v: TournamentView) => boolean): Promise<TournamentView> => {
        const had = views.find(test);
        return had ? Promise.resolve(had) : new Promise((found) => waiting.push({ test, found }));
      },
      close: () => ws.close(),
    };
  }

  it("sends the next game and the standings on the event's socket as they change", async () => {
    const [a, b] = [await someone(), await someone()];
    const made = answered(
      await makeEvent(server.url, a.token, { ...ARENA, startsAt: Date.now() + 1500 }, a.address),
    );
    answered(await act(server.url, b.token, made.id, { action: 'join' }, b.address));
    const mine = follow(made.id, a);
    const watcher = follow(made.id);
    try {
      const first = await mine.sent(() => true);
      expect(first).toMatchObject({ status: 'upcoming', players: 2, you: { joined: true } });
      // Paired once it starts: the game comes on the socket, not by asking.
      const paired = await mine.sent((v) => typeof v.you?.game === 'string');
      const game = paired.you!.game!;
      const seats = await seatsOf(game, [a, b]);
      await playOut(game, seats, 'black');
      const counted = await watcher.sent((v) => v.standings.some((l) => l.games === 1));
      expect(counted.you).toBeNull();
      expect(counted.standings.find((l) => l.player.id === seats.white.id)).toMatchObject({
        rank: 1,
        score: 2,
        games: 1,
      });
      const sheet = await mine.sent((v) => v.you?.sheet.some((e) => e.result !== null) === true);
      expect(sheet.you?.sheet).toEqual([
        expect.objectContaining({
          game,
          result: seats.white === a ? 'win' : 'loss',
          points: seats.white === a ? 2 : 0,
        }),
      ]);
      // A view is sent for a change only: each one it sent is a later version.
      const versions = mine.views.map((v) => v.version);
      expect(versions).toEqual([...new Set(versions)].sort((x, y) => x - y));
    } finally {
      mine.close();
      watcher.close();
    }
  });

  it('refuses a fourth event to come of one player and a sixth of one network, and lists the next few', async () => {
    const a = await someone();
    const later = Date.now() + 3_600_000;
    const make = (p: Someone, i: number) =>
      makeEvent(server.url, p.token, { ...ARENA, startsAt: later + i }, a.address);
    for (let i = 0; i < 3; i++) answered(await make(a, i));
    const fourth = await make(a, 3);
    expect(fourth.status).toBe(429);
    expect(fourth.body).toMatchObject({ error: { code: 'rate-limited' } });
    // Another identity of the same network: the network's fourth and fifth, then no more.
    const b = { ...(await newPlayer(server.url, 'en', a.address)), address: a.address };
    answered(await make(b, 4));
    answered(await make(b, 5));
    expect((await make(b, 6)).status).toBe(429);

    const all = answered(await listEvents(server.url));
    const total = all.upcoming.length + (all.moreUpcoming ?? 0);
    expect(total).toBeGreaterThanOrEqual(5);
    const next = (await (
      await fetch(`${server.url}api/tournaments?upcoming=2`)
    ).json()) as typeof all;
    expect(next.upcoming.map((t) => t.id)).toEqual(all.upcoming.slice(0, 2).map((t) => t.id));
    expect(next.moreUpcoming).toBe(total - 2);
  });

  it('refuses what a stranger may send, each with its reason', async () => {
    const [a, b] = [await someone(), await someone()];
    const start = Date.now() + 60_000;
    // No token, a bad body, unknown options, a swiss that berserks, an arena over days.
    expect((await makeEvent(server.url, undefined, { ...ARENA, startsAt: start })).status).toBe(
      401,
    );
    expect((await makeEvent(server.url, a.token, '{"kind":')).status).toBe(400);
    for (const bad of [
      { ...ARENA, startsAt: start, extra: 1 },
      { ...ARENA, startsAt: start, minutes: 7 },
      { ...ARENA, startsAt: start, name: 'x' },
      { ...ARENA, startsAt: start, name: 'a\u200bb\u200bc' },
      { ...ARENA, startsAt: start, clock: { days: 1 } },
      { ...ARENA, startsAt: start + 40 * 86_400_000 },
      { ...ARENA, kind: 'swiss', rounds: 5, minutes: undefined, startsAt: start },
    ]) {
      const answer = await makeEvent(server.url, a.token, bad, a.address);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect((answer.body as { error: { code: string } }).error.code).toBe('bad-message');
    }
    const locked = answered(
      await makeEvent(
        server.url,
        a.token,
        { ...ARENA, startsAt: start, password: 'sesame' },
        a.address,
      ),
    );
    const wrong = await act(server.url, b.token, locked.id, { action: 'join', password: 'open' });
    expect(wrong.status).toBe(403);
    expect((wrong.body as { error: { code: string } }).error.code).toBe('wrong-password');
    expect((await act(server.url, b.token, locked.id, { action: 'join' })).status).toBe(403);
    expect((await act(server.url, b.token, locked.id, { action: 'pause' })).status).toBe(409);
    expect((await act(server.url, b.token, locked.id, { action: 'jump' })).status).toBe(400);
    expect((await act(server.url, undefined, locked.id, { action: 'join' })).status).toBe(401);
    const joined = answered(
      await act(server.url, b.token, locked.id, { action: 'join', password: 'sesame' }, b.address),
    );
    expect(joined.you?.joined).toBe(true);
    expect(joined.players).toBe(2);
    // Joining again changes nothing; withdrawing before the start leaves the event.
    expect(
      answered(await act(server.url, b.token, locked.id, { action: 'join', password: 'sesame' }))
        .players,
    ).toBe(2);
    const left = answered(await act(server.url, b.token, locked.id, { action: 'withdraw' }));
    expect(left.players).toBe(1);
    expect(left.you?.joined).toBe(false);
    // Unknown and malformed ids are a 404, never a crash.
    expect((await readEvent(server.url, 'zzzzzzzz')).status).toBe(404);
    expect((await readEvent(server.url, '../../etc')).status).toBe(404);
    expect((await act(server.url, a.token, 'ZZZZ', { action: 'join' })).status).toBe(404);
    const health = await fetch(`${server.url}healthz`);
    expect(health.status).toBe(200);
  });

  it('lets a network try a private event’s password five times a minute, whatever identities it makes', async () => {
    const organiser = await someone();
    const locked = answered(
      await makeEvent(
        server.url,
        organiser.token,
        { ...ARENA, startsAt: Date.now() + 60_000, password: 'sesame' },
        organiser.address,
      ),
    );
    // One network makes a fresh identity for each guess: the identities' own limits never bite.
    const guesser = await someone();
    const statuses: number[] = [];
    for (let n = 0; n < 7; n++) {
      const identity = await newPlayer(server.url, 'en', guesser.address);
      const password = n === 6 ? 'sesame' : `guess${n}`;
      statuses.push(
        (
          await act(
            server.url,
            identity.token,
            locked.id,
            { action: 'join', password },
            guesser.address,
          )
        ).status,
      );
    }
    // Five tries, then even the right password waits: a guess past the limit is never judged.
    expect(statuses).toEqual([403, 403, 403, 403, 403, 429, 429]);
    // Another network, with the password, is not held up by the guesser.
    const friend = await someone();
    const joined = answered(
      await act(
        server.url,
        friend.token,
        locked.id,
        { action: 'join', password: 'sesame' },
        friend.address,
      ),
    );
    expect(joined.you?.joined).toBe(true);
  });
});

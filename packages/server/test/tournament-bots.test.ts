// House bots in thin tournaments (docs/tournaments.md, "House bots"), with a real server process
// behind a proxy it believes: an arena and a Swiss that one person came to get three bots, the
// nearest in rating, marked as bots in the standings; the person is paired with one, which plays
// its moves, and the result counts; one bot plays in two events at once; an arena that started
// empty takes its bots when a person comes; the bots never play each other in an arena; an event
// whose maker kept bots out gets none; a malformed choice is refused. In the director itself,
// over a real store: an arena's bots withdraw once its people alone make the field, and come back
// when a person leaves; none is paired while the house bots of the process are full. And the
// order the bots join in: the nearest to any one person first.

import type { Colour } from '@agon/engine';
import type { Identity, TournamentRequest, TournamentView } from '@agon/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { newPlayer } from '../scripts/lobby-client.ts';
import {
  act,
  answered,
  arenaTerms,
  listEvents,
  makeEvent,
  readEvent,
} from '../scripts/tournament-client.ts';
import { HOUSE_BOTS } from '../src/bot/house.ts';
import { SILENT } from '../src/common/notices.ts';
import { Problems } from '../src/common/problems.ts';
import { MemoryBoard } from '../src/lobby/board.ts';
import { Starter } from '../src/lobby/starter.ts';
import { Director } from '../src/tournament/director.ts';
import { nearestBots } from '../src/tournament/field.ts';
import type { TournamentEvent } from '../src/tournament/log.ts';
import { Tournaments } from '../src/tournament/tournaments.ts';
import { Peer, quietMove, serverFor, until } from './harness.ts';
import { newBot } from './ndjson-client.ts';
import { sqliteFor } from './sqlite-store.ts';

/** A person of the test and the network they play from. */
interface Someone extends Identity {
  readonly address: string;
}

/** A bullet arena: no other test here plays bullet, so the bots' bullet ratings are their first. */
const ARENA: TournamentRequest = arenaTerms({ name: 'Thin Arena', startsAt: 0, minutes: 5 });

const SWISS = {
  ...ARENA,
  kind: 'swiss',
  name: 'Thin Swiss',
  clock: { days: 1 },
  minutes: undefined,
  rounds: 3,
} as TournamentRequest;

const HOUSE = new Set(HOUSE_BOTS.map((b) => b.id));

/** The three house bots nearest a newcomer's 1500 by their starting ratings. */
const NEAREST_NEWCOMER = HOUSE_BOTS.map((b) => ({ id: b.id, gap: Math.abs(b.rating - 1500) }))
  .sort((a, b) => a.gap - b.gap)
  .slice(0, 3)
  .map((b) => b.id)
  .sort();

describe('house bots in thin tournaments, on the wire', () => {
  // The bots answer a game of days at once here, not at a person's pace (house-bots-pace.test.ts).
  const server = serverFor({
    AGON_TRUST_PROXY: '1',
    AGON_PLAYERS_PER_MINUTE: '600',
    AGON_BOT_DAYS_PACE_MS: '1',
  });
  let next = 0;

  const someone = async (): Promise<Someone> => {
    const address = `10.${++next}.9.1`;
    return { ...(await newPlayer(server.url, 'en', address)), address };
  };

  const view = async (id: string, p: Someone): Promise<TournamentView> =>
    answered(await readEvent(server.url, id, p.token));

  /** An event made by `p` on `terms`, starting `inMs` from now. */
  const make = async (p: Someone, terms: TournamentRequest, inMs: number) =>
    answered(
      await makeEvent(server.url, p.token, { ...terms, startsAt: Date.now() + inMs }, p.address),
    );

  /** Event `id` once `p` is paired in it. */
  const paired = (id: string, p: Someone) =>
    until(
      () => view(id, p),
      (v) => typeof v.you?.game === 'string',
      20_000,
    );

  /**
   * Plays `p`'s game `game` against a house bot: the bot makes its moves, `p` one each, until
   * both have moved; then `p` resigns. Answers the bot's id.
   */
  async function loseToBot(game: string, p: Someone): Promise<string> {
    const { peer, state } = await Peer.join(server.url, game, p.token);
    const mine = state.you as Colour;
    const bot: Colour = mine === 'white' ? 'black' : 'white';
    expect(state.game.players[bot]).toMatchObject({ bot: true });
    expect(HOUSE.has(state.game.players[bot]!.id)).toBe(true);
    let version = state.game.version;
    const moves: string[] = [...state.game.moves];
    if (mine === 'black' && moves.length === 0) {
      const first = await peer.event(version + 1);
      moves.push((first.event as { move: string }).move);
      version += 1;
    }
    const move = quietMove(moves);
    peer.send({ t: 'move', seat: mine, move, version });
    await peer.event(version + 1);
    // The bot answers on its own.
    const reply = await peer.event(version + 2);
    expect(reply.event).toMatchObject({ kind: 'move', seat: bot });
    peer.send({ t: 'resign', seat: mine });
    await peer.next('state', (m) => m.game.outcome !== null);
    peer.close();
    return state.game.players[bot]!.id;
  }

  it('fills an arena one person came to with the three bots nearest them, who play', async () => {
    const a = await someone();
    const made = await make(a, ARENA, 1500);
    const started = await paired(made.id, a);
    expect(started.bots).toBe(true);
    expect(started.players).toBe(4);
    const bots = started.standings.filter((l) => l.player.id !== a.id);
    expect(bots.map((l) => l.player.id).sort()).toEqual(NEAREST_NEWCOMER);
    for (const line of bots) expect(line.player.bot).toBe(true);
    expect(started.standings.find((l) => l.player.id === a.id)?.player.bot).toBeUndefined();
    // One wave paired the four: the bots left over were not paired with each other.
    expect(started.standings.filter((l) => l.playing !== null)).toHaveLength(2);
    expect(started.games).toHaveLength(1);

    const game = started.you!.game!;
    const opponent = await loseToBot(game, a);
    // The bot's win counts as anyone's; the person is paired next with another bot.
    const after = await until(
      () => view(made.id, a),
      (v) => typeof v.you?.game === 'string' && v.you.game !== game,
      20_000,
    );
    expect(after.standings.find((l) => l.player.id === opponent)).toMatchObject({
      rank: 1,
      score: 2,
      games: 1,
    });
    const second = after.standings.find(
      (l) => l.playing === after.you!.game && l.player.id !== a.id,
    );
    expect(second?.player.bot).toBe(true);
    expect(second?.player.id).not.toBe(opponent);
  });

  it('seats one bot in two events at once, and it plays both games', async () => {
    const [b, c] = [await someone(), await someone()];
    const events = [await make(b, ARENA, 1500), await make(c, ARENA, 1500)];
    const [forB, forC] = [await paired(events[0]!.id, b), await paired(events[1]!.id, c)];
    // Each is paired with the bot nearest them, the same bot: two games of its at once.
    const opponent = (v: TournamentView, p: Someone) =>
      v.standings.find((l) => l.playing === v.you!.game && l.player.id !== p.id)!.player.id;
    expect(opponent(forB, b)).toBe(opponent(forC, c));
    const [againB, againC] = [await view(events[0]!.id, b), await view(events[1]!.id, c)];
    expect([againB.you?.game, againC.you?.game]).toEqual([forB.you?.game, forC.you?.game]);
    expect(await loseToBot(forB.you!.game!, b)).toBe(opponent(forB, b));
    expect(await loseToBot(forC.you!.game!, c)).toBe(opponent(forC, c));
  });

  it('brings the bots into an arena that started empty once a person comes', async () => {
    const a = await someone();
    const made = await make(a, ARENA, 1000);
    answered(await act(server.url, a.token, made.id, { action: 'withdraw' }, a.address));
    const empty = await until(
      () => view(made.id, a),
      (v) => v.status === 'running',
      10_000,
    );
    expect(empty.players).toBe(0);
    answered(await act(server.url, a.token, made.id, { action: 'join' }, a.address));
    const filled = await paired(made.id, a);
    expect(filled.players).toBe(4);
    expect(filled.standings.filter((l) => l.player.bot)).toHaveLength(3);
  });

  it('fills a Swiss one person came to, its first round the person against a bot', async () => {
    const a = await someone();
    const made = await make(a, SWISS, 1000);
    const started = await paired(made.id, a);
    expect(started.round).toBe(1);
    expect(started.players).toBe(4);
    expect(started.standings.filter((l) => l.player.bot)).toHaveLength(3);
    // Everyone plays every round: the two other bots play each other.
    expect(started.standings.filter((l) => l.playing !== null)).toHaveLength(4);
    const bot = await loseToBot(started.you!.game!, a);
    const counted = await until(
      () => view(made.id, a),
      (v) => v.you?.sheet[0]?.result === 'loss',
      20_000,
    );
    expect(counted.you?.sheet[0]).toMatchObject({ opponent: bot, points: 0 });
    expect(counted.standings.find((l) => l.player.id === bot)).toMatchObject({
      score: 1,
      games: 1,
    });
  });

  it('leaves an event whose maker kept bots out to its people', async () => {
    const a = await someone();
    const arena = await make(a, { ...ARENA, bots: false }, 1000);
    const swiss = await make(a, { ...SWISS, bots: false }, 1000);
    // The bots would join in the start's own append: once running, the arena has none.
    const running = await until(
      () => view(arena.id, a),
      (v) => v.status === 'running',
      10_000,
    );
    expect(running.bots).toBe(false);
    expect(running.players).toBe(1);
    expect(running.standings.map((l) => l.player.id)).toEqual([a.id]);
    // A Swiss of one person ends at once.
    const ended = await until(
      () => view(swiss.id, a),
      (v) => v.status === 'finished',
      10_000,
    );
    expect(ended.players).toBe(1);
    const listed = answered(await listEvents(server.url)).running.find((t) => t.id === arena.id);
    expect(listed?.bots).toBe(false);
    // Nor may a bot of the Bot API join it; it may join an event that lets bots in.
    const address = `10.${++next}.9.1`;
    const bot = await newBot(server.url, address);
    const refused = await act(server.url, bot.token, arena.id, { action: 'join' }, address);
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toContain('no bots');
    const open = await make(a, ARENA, 60_000);
    expect((await act(server.url, bot.token, open.id, { action: 'join' }, address)).status).toBe(
      200,
    );
  });

  it('refuses a choice of bots that is not true or false', async () => {
    const a = await someone();
    const start = Date.now() + 60_000;
    for (const bots of ['no', 0, null, {}]) {
      const answer = await makeEvent(
        server.url,
        a.token,
        { ...ARENA, startsAt: start, bots },
        a.address,
      );
      expect(answer.status, JSON.stringify(bots)).toBe(400);
      expect(answer.body).toMatchObject({
        error: { code: 'bad-message', message: 'bots must be true or false' },
      });
    }
  });
});

describe("an arena's house bots, in its director", () => {
  const store = sqliteFor();
  const bot = HOUSE_BOTS[2]!.id;
  const at = Date.now();
  const join = (player: string, from: string): TournamentEvent => ({
    kind: 'join',
    player,
    from,
    at,
  });

  beforeAll(async () => {
    await store.createPlayer({
      id: bot,
      name: 'Fielder bot',
      tokenHash: 'fieldbot',
      createdAt: at,
    });
    await store.makeBot(bot);
  });

  const person = (id: string) => store.createPlayer({ id, name: id, tokenHash: id, createdAt: at });

  /** Arena `id`, started, with `people` (made here) and the bot in it: its log's writers. */
  async function arena(id: string, people: readonly string[]): Promise<Tournaments> {
    for (const player of people) await person(player);
    await store.createTournament(
      id,
      at,
      { terms: arenaTerms({ name: 'Field Arena', startsAt: at - 1000, minutes: 30 }) },
      { status: 'running', players: people.length + 1, endsAt: null },
    );
    const tournaments = new Tournaments(store, Date.now);
    await tournaments.act(id, () => [
      ...people.map((p) => join(p, p)),
      join(bot, `house:${bot}`),
      { kind: 'start', at },
    ]);
    return tournaments;
  }

  /** A director of `tournaments`, the house bots here as `houseBot` says. */
  function directorOf(tournaments: Tournaments, houseBot?: () => 'free' | 'full'): Director {
    const board = new MemoryBoard(Date.now);
    const problems = new Problems(Date.now);
    return new Director({
      store,
      tournaments,
      relay: { lease: async () => true },
      board,
      players: store,
      games: store,
      starter: new Starter({
        board,
        players: store,
        problems,
        now: Date.now,
        hold: async () => undefined,
        notifier: SILENT,
      }),
      notifier: SILENT,
      problems,
      now: Date.now,
      ...(houseBot && { houseBot: (id: string) => (id === bot ? houseBot() : undefined) }),
    });
  }

  it('withdraw once the people alone make the field, and come back when one leaves', async () => {
    const people = ['fieldp0', 'fieldp1', 'fieldp2', 'fieldp3'];
    const tournaments = await arena('fieldarn', people.slice(0, 3));
    await person(people[3]!);
    const director = directorOf(tournaments);
    const botLine = async () => (await tournaments.get('fieldarn', 0))!.entrant(bot)!;
    try {
      // A fourth person comes while the bot is in a game: it finishes it first.
      await tournaments.act('fieldarn', () => [
        join(people[3]!, people[3]!),
        { kind: 'pair', game: 'fieldgm1', white: bot, black: people[0]!, round: 0, at },
      ]);
      await director.beat();
      expect((await botLine()).withdrawn).toBe(false);
      expect((await botLine()).playing).toBe('fieldgm1');
      await tournaments.act('fieldarn', () => [
        {
          kind: 'result',
          game: 'fieldgm1',
          white: bot,
          black: people[0]!,
          round: 0,
          winner: 'white',
          plies: 30,
          berserk: { white: false, black: false },
          at,
        },
      ]);
      await director.beat();
      const out = await botLine();
      expect(out.withdrawn).toBe(true);
      // Its line stays: its win counted.
      expect(out.score).toBe(2);

      // A person leaves: three are left, and the bot comes back to make four.
      await tournaments.act('fieldarn', () => [{ kind: 'withdraw', player: people[3]!, at }]);
      await director.beat();
      expect((await botLine()).withdrawn).toBe(false);
    } finally {
      await director.stop();
    }
  });

  it('pairs no house bot while the house bots here play all the live games they can', async () => {
    const person = 'fullp000';
    const tournaments = await arena('fullarna', [person]);
    let room: 'free' | 'full' = 'full';
    const director = directorOf(tournaments, () => room);
    try {
      await director.beat();
      const state = await tournaments.get('fullarna', 0);
      expect(state?.playing()).toEqual([]);
      room = 'free';
      await director.beat();
      expect((await tournaments.get('fullarna', 0))?.entrant(person)?.playing).toEqual(
        expect.any(String),
      );
    } finally {
      await director.stop();
    }
  });
});

describe('the house bots a thin field takes', () => {
  it('puts first the bot nearest any one person, so each has one near their strength', () => {
    const bots = HOUSE_BOTS.map((b) => ({ player: `L${b.level}`, rating: b.rating }));
    const people = [
      { player: 'weak', rating: 900 },
      { player: 'strong', rating: 1800 },
    ];
    // 1830 is 30 from the strong, 800 is 100 from the weak; then 1020 (120), 1660 (140).
    expect(nearestBots(bots, people)).toEqual(['L9', 'L1', 'L3', 'L7', 'L5']);
    expect(nearestBots(bots, [{ player: 'new', rating: 1500 }]).slice(0, 3)).toEqual([
      'L7',
      'L5',
      'L9',
    ]);
  });
});

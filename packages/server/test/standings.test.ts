// A tournament's state out of its log: entrants joining, leaving, pausing; games paired and
// ended, each counted once even if logged twice or never paired; scores, sheets and standings.

import type { Colour } from '@agon/engine';
import type { TournamentKind, TournamentTerms } from '@agon/protocol';
import { describe, expect, it } from 'vitest';
import type { StoredTournament, TournamentEvent } from '../src/tournament/log.ts';
import { EventState } from '../src/tournament/standings.ts';

const terms = (kind: TournamentKind): TournamentTerms => ({
  kind,
  name: 'Test event',
  clock: { initial: 180_000, increment: 2_000 },
  variant: 'standard',
  touchMove: false,
  captorPlacesQueen: true,
  rated: true,
  startsAt: 1_000,
  berserk: kind === 'arena',
  ...(kind === 'arena' ? { minutes: 30 } : { rounds: 3 }),
});

const stored = (kind: TournamentKind, events: TournamentEvent[]): StoredTournament => ({
  id: 'abcdefgh',
  createdAt: 500,
  setup: { terms: terms(kind) },
  events,
});

const join = (player: string, at = 0, from = 'net-1'): TournamentEvent => ({
  at,
  kind: 'join',
  player,
  from,
});
const start = (at = 1_000): TournamentEvent => ({ at, kind: 'start' });
const pair = (
  game: string,
  white: string,
  black: string,
  at = 2_000,
  round = 0,
): TournamentEvent => ({
  at,
  kind: 'pair',
  game,
  white,
  black,
  round,
});
const result = (
  game: string,
  white: string,
  black: string,
  winner: Colour | null,
  more: {
    plies?: number;
    absent?: Colour;
    berserk?: { white: boolean; black: boolean };
    round?: number;
    at?: number;
  } = {},
): TournamentEvent => ({
  at: more.at ?? 3_000,
  kind: 'result',
  game,
  white,
  black,
  round: more.round ?? 0,
  winner,
  plies: more.plies ?? 40,
  berserk: more.berserk ?? { white: false, black: false },
  ...(more.absent ? { absent: more.absent } : {}),
});
/** A game paired and ended. */
const game = (
  id: string,
  white: string,
  black: string,
  winner: Colour | null,
  more: Parameters<typeof result>[4] = {},
): TournamentEvent[] => [
  pair(id, white, black, 2_000, more.round),
  result(id, white, black, winner, more),
];

const replay = (kind: TournamentKind, events: TournamentEvent[]) =>
  EventState.replay(stored(kind, events));

describe('entrants', () => {
  it('lets players join, leave before the start without a trace, and rejoin after leaving', () => {
    const state = replay('arena', [
      join('a', 10),
      join('b', 20),
      join('c', 30),
      { at: 40, kind: 'withdraw', player: 'b' },
      join('b', 50),
    ]);
    // b left before the start: back at the end of the list, joined anew.
    expect(state.entrants().map((e) => [e.player, e.joinedAt])).toEqual([
      ['a', 10],
      ['c', 30],
      ['b', 50],
    ]);
    state.apply(start(100));
    state.apply({ at: 110, kind: 'withdraw', player: 'c' });
    // After the start a withdrawn player keeps their line, marked.
    expect(state.entrant('c')?.withdrawn).toBe(true);
    expect(state.standings().map((l) => [l.player, l.withdrawn])).toEqual([
      ['a', false],
      ['c', true],
      ['b', false],
    ]);
    // Coming back: in play again, in their old place, from their new network.
    state.apply({ at: 115, kind: 'pause', player: 'c' });
    state.apply(join('c', 120, 'net-2'));
    expect(state.entrant('c')).toMatchObject({
      withdrawn: false,
      paused: false,
      joinedAt: 30,
      from: 'net-2',
    });
    expect(state.entrants().map((e) => e.player)).toEqual(['a', 'c', 'b']);
  });

  it('ignores a second join by a player who is in', () => {
    const state = replay('arena', [join('a', 10, 'net-1'), start(), join('a', 20, 'net-2')]);
    expect(state.entrant('a')).toMatchObject({ joinedAt: 10, from: 'net-1' });
    expect(state.entrants()).toHaveLength(1);
  });

  it('pauses and resumes a player, who keeps their score', () => {
    const state = replay('arena', [
      join('a'),
      join('b'),
      start(),
      ...game('g1', 'a', 'b', 'white'),
    ]);
    state.apply({ at: 4_000, kind: 'pause', player: 'a' });
    expect(state.entrant('a')).toMatchObject({ paused: true, score: 2 });
    expect(state.standings()[0]).toMatchObject({ player: 'a', paused: true });
    state.apply({ at: 5_000, kind: 'resume', player: 'a' });
    expect(state.entrant('a')).toMatchObject({ paused: false, score: 2 });
  });

  it('tells when the event started, its round and when it finished', () => {
    const state = replay('swiss', [join('a'), join('b')]);
    expect([state.started, state.startedAt, state.round, state.finished]).toEqual([
      false,
      null,
      0,
      false,
    ]);
    state.apply(start(1_000));
    state.apply({ at: 1_000, kind: 'round', round: 1 });
    state.apply({ at: 9_000, kind: 'finish' });
    expect(state).toMatchObject({
      id: 'abcdefgh',
      createdAt: 500,
      started: true,
      startedAt: 1_000,
      round: 1,
      finished: true,
      finishedAt: 9_000,
      version: 5,
    });
    expect(state.setup.terms.kind).toBe('swiss');
  });
});

describe('games', () => {
  it('has both players playing a paired game until its result, then scores it', () => {
    const state = replay('arena', [join('a'), join('b'), start(), pair('g1', 'a', 'b', 2_000)]);
    expect(state.entrant('a')).toMatchObject({ playing: 'g1', pairedAt: 2_000, lastOpponent: 'b' });
    expect(state.entrant('b')).toMatchObject({ playing: 'g1', colours: ['black'] });
    expect(state.playing().map((g) => [g.game, g.white, g.black])).toEqual([['g1', 'a', 'b']]);
    expect(state.entrant('a')?.sheet).toEqual([
      {
        game: 'g1',
        opponent: 'b',
        colour: 'white',
        result: null,
        points: 0,
        fire: false,
        berserk: false,
      },
    ]);
    expect(state.standings().map((l) => l.playing)).toEqual(['g1', 'g1']);

    state.apply(result('g1', 'a', 'b', 'black', { at: 3_000 }));
    expect(state.entrant('a')).toMatchObject({ playing: null, pairedAt: null, score: 0, games: 1 });
    expect(state.entrant('b')).toMatchObject({ playing: null, score: 2, games: 1, wins: 1 });
    expect(state.entrant('b')?.sheet[0]).toMatchObject({
      result: 'win',
      points: 2,
      colour: 'black',
    });
    expect(state.playing()).toEqual([]);
    expect(state.game('g1')?.result).toMatchObject({ at: 3_000, winner: 'black', absent: null });
  });

  it('counts a result once, however many times it is logged', () => {
    const once = [join('a'), join('b'), start(), ...game('g1', 'a', 'b', 'white')];
    const twice = [...once, result('g1', 'a', 'b', 'white')];
    const a = replay('arena', once);
    const b = replay('arena', twice);
    expect(b.entrants()).toEqual(a.entrants());
    expect(b.standings()).toEqual(a.standings());
    expect(b.entrant('a')).toMatchObject({ score: 2, games: 1 });
    // Every event counts for the version, the ignored one too: the log's length.
    expect(b.version).toBe(twice.length);
  });

  it('counts a game whose pairing was never logged, as paired when it ended', () => {
    const state = replay('arena', [
      join('a'),
      join('b'),
      join('c'),
      start(),
      // The process that paired g1 died before logging it; a's next game was logged.
      pair('g2', 'c', 'a', 2_500),
      result('g1', 'a', 'b', 'white', { at: 2_600 }),
    ]);
    expect(state.entrant('a')).toMatchObject({
      score: 2,
      games: 1,
      playing: 'g2',
      opponents: ['c', 'b'],
      colours: ['black', 'white'],
    });
    expect(state.entrant('a')?.sheet.map((e) => [e.game, e.result])).toEqual([
      ['g2', null],
      ['g1', 'win'],
    ]);
    expect(state.entrant('b')).toMatchObject({ playing: null, lastOpponent: 'a', games: 1 });
    expect(state.game('g1')).toMatchObject({ white: 'a', black: 'b', pairedAt: 2_600 });
    expect(state.playing().map((g) => g.game)).toEqual(['g2']);
  });

  it('gives a player who never began their game a loss and pauses them, the other a win', () => {
    // a won twice, so is on fire: the game b never began counts 4, and no berserk point for it,
    // whatever its plies.
    const state = replay('arena', [
      join('a'),
      join('b'),
      join('c'),
      start(),
      ...game('g1', 'a', 'c', 'white'),
      ...game('g2', 'c', 'a', 'black'),
      ...game('g3', 'a', 'b', 'white', {
        plies: 20,
        absent: 'black',
        berserk: { white: true, black: false },
      }),
    ]);
    expect(state.entrant('a')?.sheet.map((e) => e.points)).toEqual([2, 2, 4]);
    expect(state.entrant('b')).toMatchObject({ score: 0, paused: true, games: 1 });
    expect(state.entrant('b')?.sheet[0]).toMatchObject({ result: 'loss', points: 0 });
    expect(state.entrant('a')?.paused).toBe(false);
  });
});

describe('arena standings', () => {
  it('scores streaks game by game: W W W D W', () => {
    // a against b, five times: W W W D W → 2, 2, 4 (on fire), 2 (a draw on fire), 2 = 12;
    // b: L L L D L → 0, 0, 0, 1, 0 = 1.
    const state = replay('arena', [
      join('a'),
      join('b'),
      start(),
      ...game('g1', 'a', 'b', 'white'),
      ...game('g2', 'b', 'a', 'black'),
      ...game('g3', 'a', 'b', 'white'),
      ...game('g4', 'b', 'a', null),
      ...game('g5', 'a', 'b', 'white'),
    ]);
    expect(state.entrant('a')?.sheet.map((e) => [e.points, e.fire])).toEqual([
      [2, false],
      [2, false],
      [4, true],
      [2, true],
      [2, false],
    ]);
    expect(state.entrant('a')).toMatchObject({ score: 12, fire: false, wins: 4 });
    expect(state.entrant('b')).toMatchObject({ score: 1, fire: false });
    // b wins twice, 2 + 2, and is on fire.
    state.apply(pair('g6', 'b', 'a'));
    state.apply(result('g6', 'b', 'a', 'white'));
    expect(state.entrant('b')?.fire).toBe(false);
    state.apply(pair('g7', 'a', 'b'));
    state.apply(result('g7', 'a', 'b', 'black'));
    expect(state.standings()).toMatchObject([
      { player: 'a', score: 12, fire: false },
      { player: 'b', score: 5, fire: true },
    ]);
  });

  it('gives a long berserk win a point more, marked on the sheet', () => {
    const state = replay('arena', [
      join('a'),
      join('b'),
      start(),
      ...game('g1', 'a', 'b', 'white', { plies: 14, berserk: { white: true, black: true } }),
      ...game('g2', 'b', 'a', 'white', { plies: 13, berserk: { white: true, black: false } }),
    ]);
    expect(state.entrant('a')?.sheet[0]).toMatchObject({ points: 3, berserk: true });
    expect(state.entrant('b')?.sheet.map((e) => [e.points, e.berserk])).toEqual([
      [0, true],
      [2, true],
    ]);
  });

  it('scores nothing for short draws, nor for a second draw running unless long', () => {
    const state = replay('arena', [
      join('a'),
      join('b'),
      start(),
      ...game('g1', 'a', 'b', null, { plies: 19 }),
      ...game('g2', 'b', 'a', null, { plies: 59 }),
      ...game('g3', 'a', 'b', null, { plies: 60 }),
    ]);
    // 19 plies: too short; 59 right after a draw: too short; 60: long enough.
    expect(state.entrant('a')?.sheet.map((e) => e.points)).toEqual([0, 0, 1]);
  });

  it('ranks by points, then wins, then who joined first: 1 to n, no shared places', () => {
    // x beats w: 2 points, one win. y and z draw twice at length: 1 + 1 each, no win.
    const state = replay('arena', [
      join('y'),
      join('x'),
      join('z'),
      join('w'),
      start(),
      ...game('g1', 'x', 'w', 'white'),
      ...game('g2', 'y', 'z', null, { plies: 60 }),
      ...game('g3', 'z', 'y', null, { plies: 60 }),
    ]);
    expect(state.standings()).toEqual([
      {
        rank: 1,
        player: 'x',
        score: 2,
        fire: false,
        paused: false,
        withdrawn: false,
        games: 1,
        playing: null,
      },
      {
        rank: 2,
        player: 'y',
        score: 2,
        fire: false,
        paused: false,
        withdrawn: false,
        games: 2,
        playing: null,
      },
      {
        rank: 3,
        player: 'z',
        score: 2,
        fire: false,
        paused: false,
        withdrawn: false,
        games: 2,
        playing: null,
      },
      {
        rank: 4,
        player: 'w',
        score: 0,
        fire: false,
        paused: false,
        withdrawn: false,
        games: 1,
        playing: null,
      },
    ]);
  });

  it('sorts the standings once until the next event', () => {
    const state = replay('arena', [join('a'), join('b'), start()]);
    const first = state.standings();
    expect(state.standings()).toBe(first);
    state.apply(pair('g1', 'a', 'b'));
    expect(state.standings()).not.toBe(first);
  });
});

describe('Swiss standings', () => {
  // The hand-worked table of swiss.test.ts, joined D, C, B, A so join order helps no one:
  //   round 1: A beats B, C draws D;  round 2: A draws C, B beats D;  round 3: A beats D, B draws C.
  //   A 2½ (Buchholz 3½, Sonneborn-Berger 2¾); C 1½ (4½, 2¼); B 1½ (4½, 1¼); D ½ (5½, ¾).
  const rounds: TournamentEvent[] = [
    join('D'),
    join('C'),
    join('B'),
    join('A'),
    start(),
    { at: 1_000, kind: 'round', round: 1 },
    ...game('r1a', 'A', 'B', 'white', { round: 1 }),
    ...game('r1b', 'C', 'D', null, { round: 1 }),
    { at: 4_000, kind: 'round', round: 2 },
    ...game('r2a', 'C', 'A', null, { round: 2 }),
    ...game('r2b', 'B', 'D', 'white', { round: 2 }),
    { at: 5_000, kind: 'round', round: 3 },
    ...game('r3a', 'A', 'D', 'white', { round: 3 }),
    ...game('r3b', 'B', 'C', null, { round: 3 }),
  ];

  it('ranks by points, Buchholz, then Sonneborn-Berger', () => {
    const state = replay('swiss', rounds);
    expect(state.round).toBe(3);
    expect(state.game('r2b')?.round).toBe(2);
    expect(
      state.standings().map((l) => [l.rank, l.player, l.score, l.buchholz, l.sonnebornBerger]),
    ).toEqual([
      [1, 'A', 2.5, 3.5, 2.75],
      [2, 'C', 1.5, 4.5, 2.25],
      [3, 'B', 1.5, 4.5, 1.25],
      [4, 'D', 0.5, 5.5, 0.75],
    ]);
    expect(state.entrant('B')?.sheet.map((e) => [e.opponent, e.result, e.points])).toEqual([
      ['A', 'loss', 0],
      ['D', 'win', 1],
      ['C', 'draw', 0.5],
    ]);
  });

  it('ranks equals by join order last', () => {
    const state = replay('swiss', [join('b'), join('a'), start()]);
    expect(state.standings().map((l) => l.player)).toEqual(['b', 'a']);
  });

  it('gives a bye a full point once, on the sheet, and nothing in the tie-breaks', () => {
    const bye: TournamentEvent = { at: 1_000, kind: 'bye', player: 'c', round: 1 };
    const state = replay('swiss', [
      join('a'),
      join('b'),
      join('c'),
      start(),
      { at: 1_000, kind: 'round', round: 1 },
      bye,
      bye,
      ...game('g1', 'a', 'b', 'white', { round: 1 }),
    ]);
    expect(state.entrant('c')).toMatchObject({ score: 1, hadBye: true, games: 0 });
    expect(state.entrant('c')?.sheet).toEqual([
      {
        game: null,
        opponent: null,
        colour: null,
        result: 'bye',
        points: 1,
        fire: false,
        berserk: false,
      },
    ]);
    // a and c on a point: a's Buchholz is b's 0, c's nothing; a joined first and stays first.
    expect(state.standings().map((l) => [l.player, l.score, l.buchholz])).toEqual([
      ['a', 1, 0],
      ['c', 1, 0],
      ['b', 0, 1],
    ]);
  });

  it('scores a forfeit as a win and a loss, pausing the absent player, outside the tie-breaks', () => {
    const state = replay('swiss', [
      join('a'),
      join('b'),
      join('c'),
      join('d'),
      start(),
      ...game('g1', 'a', 'b', 'white', { round: 1, absent: 'black', plies: 0 }),
      ...game('g2', 'c', 'd', 'white', { round: 1 }),
    ]);
    expect(state.entrant('a')).toMatchObject({ score: 1, wins: 1 });
    expect(state.entrant('b')).toMatchObject({ score: 0, paused: true });
    // a's win counts; a's opponent's score does not (b never played): a's Buchholz is 0.
    const a = state.standings().find((l) => l.player === 'a');
    expect(a).toMatchObject({ score: 1, buchholz: 0, sonnebornBerger: 0 });
    expect(state.standings().find((l) => l.player === 'd')).toMatchObject({ buchholz: 1 });
  });
});

describe('replaying', () => {
  it('comes to the same state event by event as all at once', () => {
    const events = [
      join('a'),
      join('b'),
      join('c'),
      start(),
      ...game('g1', 'a', 'b', 'white'),
      pair('g2', 'c', 'a'),
      { at: 3_500, kind: 'pause', player: 'b' } as const,
      result('g2', 'c', 'a', null, { plies: 30 }),
    ];
    const stepped = new EventState('abcdefgh', 500, { terms: terms('arena') });
    for (const e of events) stepped.apply(e);
    const all = replay('arena', events);
    expect(stepped.standings()).toEqual(all.standings());
    expect(stepped.entrants()).toEqual(all.entrants());
    expect(stepped.version).toBe(all.version);
  });

  it('replays a log of 20,000 events to the standings of its 400 players', () => {
    const players = Array.from({ length: 400 }, (_, i) => `p${i}`);
    const events: TournamentEvent[] = [...players.map((p) => join(p)), start()];
    for (let g = 0; events.length < 20_000; g++) {
      const white = players[g % 400]!;
      const black = players[(g * 7 + 1) % 400]!;
      if (white === black) continue;
      const winner = (['white', 'black', null] as const)[g % 3]!;
      events.push(pair(`g${g}`, white, black, g), result(`g${g}`, white, black, winner, { at: g }));
    }
    const t = stored('arena', events);
    const state = EventState.replay(t);
    expect(state.version).toBe(events.length);
    expect(state.standings()).toHaveLength(400);
    // Every game counted once on each side: games played add up to twice the games.
    const games = events.filter((e) => e.kind === 'result').length;
    expect(state.standings().reduce((sum, l) => sum + l.games, 0)).toBe(2 * games);
  });
});

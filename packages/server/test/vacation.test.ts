// Vacation in games of days (docs/lobby.md, "Vacation"). The rule of a deadline moved, replayed
// from a game's events and bounded by its setup's `latest`; the store's days on both databases,
// spent once, given back only when unused, never below nothing; and a server whose clock jumps
// a day past a player's deadline: the deadline moves instead of falling, the opponent sees
// "on vacation until" at the board and in their games, and a move ends it. A server with no
// vacation days loses a deadline as before (correspondence.test.ts, JUMP_A_DAY).

import { mkdirSync } from 'node:fs';
import { DAY_MS, type Identity, type OngoingGames, type VacationView } from '@agon/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { newPlayerId } from '../src/common/secret.ts';
import type { GameEvent, GameSetup } from '../src/game/store.ts';
import { alarmAt, applyEvent, newTable, type Table } from '../src/game/table.ts';
import type { VacationPlan } from '../src/player/vacation.ts';
import { PostgresStore } from '../src/storage/postgres.ts';
import { SqliteStore } from '../src/storage/sqlite.ts';
import type { Store } from '../src/storage/store.ts';
import {
  challengeAccepted,
  dataFolder,
  JUMP_A_DAY,
  Peer,
  playerCall,
  quietMove,
  RATED_CORRESPONDENCE,
  remove,
  serverFor,
  until,
} from './harness.ts';
import { postgresFor, skipWithout } from './postgres.ts';

const HOUR = 3_600_000;
const START = Date.UTC(2026, 0, 5);

/** A game of three days a move whose White moved at START: Black's turn, due START + 3 days. */
function blacksTurn(setup: Partial<GameSetup> = {}): {
  table: Table;
  play: (e: GameEvent) => void;
} {
  const table = newTable('vacationgm', {
    variant: 'standard',
    clock: null,
    days: 3,
    seats: { white: 'w', black: 'b' },
    ...setup,
  });
  const play = (e: GameEvent): void => applyEvent(table, e);
  play({ kind: 'move', seat: 'white', move: quietMove([]), spent: 0, at: START });
  return { table, play };
}

/** Black's vacation from `from` until `until`, as the game's log keeps it. */
const blackAway = (from: number, until: number): GameEvent => ({
  kind: 'vacation',
  seat: 'black',
  from,
  until,
  at: 0,
});

describe('a deadline moved by vacation', () => {
  it('moves by the vacation within the turn, each part counted once, and a move ends it', () => {
    const { table, play } = blacksTurn();
    expect(alarmAt(table)).toBe(START + 3 * DAY_MS);
    // Away since before the turn began: only the time from the turn's start counts.
    play(blackAway(START - DAY_MS, START + 5 * DAY_MS));
    expect(alarmAt(table)).toBe(START + 8 * DAY_MS);
    // The same vacation made longer: only the part not yet counted moves it again.
    play(blackAway(START - DAY_MS, START + 6 * DAY_MS));
    expect(alarmAt(table)).toBe(START + 9 * DAY_MS);
    // Black moves: White has its three days, untouched by Black's vacation.
    const moved = START + 7 * DAY_MS;
    play({ kind: 'move', seat: 'black', move: quietMove([quietMove([])]), spent: 0, at: moved });
    expect(alarmAt(table)).toBe(moved + 3 * DAY_MS);
  });

  it('never moves past the setup latest, and a deadline already past it stays', () => {
    const latest = START + 4 * DAY_MS;
    const { table, play } = blacksTurn({ latest });
    play(blackAway(START + 3 * DAY_MS, START + 10 * DAY_MS));
    expect(alarmAt(table)).toBe(latest);
    const early = blacksTurn({ latest: START + DAY_MS });
    early.play(blackAway(START, START + 10 * DAY_MS));
    expect(alarmAt(early.table)).toBe(START + 3 * DAY_MS);
  });

  it("never moves a league game's deadline past its season's end", () => {
    const endsAt = START + 5 * DAY_MS;
    const league = { key: 'weekly', name: 'Weekly', season: 1, endsAt };
    const { table, play } = blacksTurn({ league });
    play(blackAway(START + 3 * DAY_MS, START + 9 * DAY_MS));
    expect(alarmAt(table)).toBe(endsAt);
  });

  it('moves nothing for the side not to move', () => {
    const { table, play } = blacksTurn();
    play({ kind: 'vacation', seat: 'white', from: START, until: START + 5 * DAY_MS, at: 0 });
    expect(alarmAt(table)).toBe(START + 3 * DAY_MS);
  });
});

const PLAN: VacationPlan = { yearly: 15, cap: 30 };

function contract(name: string, open: () => Promise<Store>): void {
  describe(`the ${name} vacation store`, () => {
    async function player(store: Store): Promise<string> {
      const id = newPlayerId();
      await store.createPlayer({ id, name: `V ${id}`, tokenHash: `t-${id}`, createdAt: 1 });
      return id;
    }

    it('covers a passed deadline by whole days from the deadline, once for every game', async () => {
      const store = await open();
      const p = await player(store);
      expect(await store.vacation(p, START, PLAN)).toEqual({
        left: 15 * DAY_MS,
        from: null,
        until: null,
        byHand: false,
        booked: null,
      });
      const deadline = START + 10_000;
      const covered = await store.coverDeadline(p, deadline, deadline + HOUR, PLAN);
      expect(covered).toEqual({ from: deadline, until: deadline + DAY_MS });
      // Another game's deadline within it: the same vacation, nothing more spent.
      expect(await store.coverDeadline(p, deadline + 2 * HOUR, deadline + 3 * HOUR, PLAN)).toEqual(
        covered,
      );
      expect((await store.vacation(p, deadline + 3 * HOUR, PLAN)).left).toBe(
        14 * DAY_MS + Math.floor((2 * HOUR * 15) / 365),
      );
      expect(await store.awayUntil([p, 'nobody0000'], deadline + 3 * HOUR)).toEqual({
        [p]: deadline + DAY_MS,
      });
      // Passed again at its end, seen two days later: it goes on from its end by whole days past
      // now, three more.
      const end = deadline + DAY_MS;
      expect(await store.coverDeadline(p, end, end + 2 * DAY_MS, PLAN)).toEqual({
        from: deadline,
        until: end + 3 * DAY_MS,
      });
      // Ended by a move: used, so nothing is given back.
      const back = end + 2 * DAY_MS + HOUR;
      const ended = await store.endVacation(p, back, PLAN);
      expect(ended).toMatchObject({ from: null, until: null });
      // What accrued since the first spending (rounded down at each change, so a ms or two less).
      const accrued = Math.floor(((back - deadline - HOUR) * 15) / 365);
      expect(11 * DAY_MS + accrued - ended.left).toBeGreaterThanOrEqual(0);
      expect(11 * DAY_MS + accrued - ended.left).toBeLessThan(5);
    });

    it('lets the deadline fall when what is left cannot reach past now', async () => {
      const store = await open();
      const p = await player(store);
      const none: VacationPlan = { yearly: 0, cap: 30 };
      expect(await store.coverDeadline(p, START, START + HOUR, none)).toBeUndefined();
      expect(await store.awayUntil([p], START + HOUR)).toEqual({});
    });

    it('takes days by hand, refuses too many or a second one, and gives back the unused', async () => {
      const store = await open();
      const p = await player(store);
      expect(await store.takeVacation(p, 16, undefined, START, PLAN)).toBe('too-few-days');
      const taken = await store.takeVacation(p, 10, undefined, START, PLAN);
      expect(taken).toEqual({
        left: 5 * DAY_MS,
        from: START,
        until: START + 10 * DAY_MS,
        byHand: true,
        booked: null,
      });
      expect(await store.takeVacation(p, 1, undefined, START + 1, PLAN)).toBe('on-vacation');
      // Back after four days, no deadline moved: six days given back (and what accrued).
      const back = START + 4 * DAY_MS;
      expect((await store.endVacation(p, back, PLAN)).left).toBe(
        11 * DAY_MS + Math.floor((4 * DAY_MS * 15) / 365),
      );
    });

    it('accrues up to the cap', async () => {
      const store = await open();
      const p = await player(store);
      await store.takeVacation(p, 1, undefined, START, PLAN);
      await store.endVacation(p, START, PLAN);
      const later = START + 3 * 365 * DAY_MS;
      expect((await store.vacation(p, later, PLAN)).left).toBe(30 * DAY_MS);
    });
  });
}

const sqliteData = dataFolder();
mkdirSync(sqliteData, { recursive: true });
const sqlite = new SqliteStore(sqliteData);
afterAll(async () => {
  await sqlite.close();
  remove(sqliteData);
});
contract('SQLite', async () => sqlite);

describe.skipIf(skipWithout('vacation tests on PostgreSQL', ['postgres']))('on PostgreSQL', () => {
  const db = postgresFor();
  let store: PostgresStore | undefined;
  afterAll(() => store?.close());
  contract('Postgres', async () => {
    store ??= await PostgresStore.open(db.url);
    return store;
  });
});

describe('a player away from a game of days', () => {
  const server = serverFor(
    { AGON_TRUST_PROXY: '1', ...JUMP_A_DAY.env, AGON_VACATION_DAYS: '15' },
    JUMP_A_DAY.options,
  );
  const api = <T>(p: Identity, path: string, init?: RequestInit) =>
    playerCall<T>(server.url, p, path, init);

  it('has the deadline moved by a day of vacation, shown to the opponent, until they move', async () => {
    const { players, clients, game } = await challengeAccepted(
      [server.url, server.url],
      ['198.51.100.17', '198.51.100.18'],
      RATED_CORRESPONDENCE,
    );
    for (const l of clients) l.close();
    const [white, black] = players;
    const seats = {
      white: await Peer.join(server.url, game, white.token),
      black: await Peer.join(server.url, game, black.token),
    };
    const moves: string[] = [];
    let turnFrom = 0;
    let turnTo = 0;
    for (let turn = 0; turn < 3; turn++) {
      const seat = turn % 2 === 0 ? 'white' : 'black';
      const move = quietMove(moves);
      turnFrom = Date.now();
      seats[seat].peer.send({ t: 'move', seat, move, version: turn });
      await seats[seat].peer.next('event', (e) => e.version === turn + 1);
      turnTo = Date.now();
      moves.push(move);
    }
    for (const s of Object.values(seats)) s.peer.close();

    // A day and an hour pass: Black's deadline passes, and a day of vacation is spent instead.
    server.running.process.kill('SIGUSR2');
    const away = await until(
      () => api<VacationView>(black, 'me/vacation'),
      (r) => r.body.until !== null,
      15_000,
    );
    const { from, until: back } = away.body;
    // Begun at the deadline (a day after Black's turn began), a whole day long.
    expect(from).toBeGreaterThanOrEqual(turnFrom - 1000 + DAY_MS);
    expect(from).toBeLessThanOrEqual(turnTo + 1000 + DAY_MS);
    expect(back).toBe(from! + DAY_MS);
    expect(away.body.byHand).toBe(false);
    // Fifteen days less the one spent, and what accrued since (a ms a minute).
    expect(away.body.left).toBeGreaterThanOrEqual(14 * DAY_MS);
    expect(away.body.left).toBeLessThan(14 * DAY_MS + 1000);

    // White sees it at the board: the game goes on, Black's deadline is the vacation's end.
    const watched = await Peer.join(server.url, game, white.token);
    expect(watched.state.game.outcome).toBeNull();
    expect(watched.state.game.vacation).toEqual({ black: back });
    const clock = watched.state.game.clock!;
    expect(clock.running).toBe('black');
    const serverNow = Date.now() + DAY_MS + HOUR;
    expect(Math.abs(clock.black - (back! - serverNow))).toBeLessThan(5000);
    // ...and in their games.
    const listed = await api<OngoingGames>(white, 'me/games');
    expect(listed.body.games[0]).toMatchObject({ game, opponentAway: back });
    // Black does not see themselves as an opponent away.
    expect(
      (await api<OngoingGames>(black, 'me/games')).body.games[0]?.opponentAway,
    ).toBeUndefined();

    // Black moves: the vacation ends, and none of the day spent comes back.
    const returning = await Peer.join(server.url, game, black.token);
    expect(returning.state.game.vacation).toEqual({ black: back });
    returning.peer.send({ t: 'move', seat: 'black', move: quietMove(moves), version: 4 });
    await returning.peer.next('event', (e) => e.version === 5);
    const ended = await until(
      () => api<VacationView>(black, 'me/vacation'),
      (r) => r.body.until === null,
      5000,
    );
    expect(ended.body.left).toBeGreaterThanOrEqual(14 * DAY_MS);
    expect(ended.body.left).toBeLessThan(14 * DAY_MS + HOUR);
    returning.peer.close();
    watched.peer.close();
    const again = await Peer.join(server.url, game, white.token);
    expect(again.state.game.vacation).toBeUndefined();
    again.peer.close();
  }, 60_000);

  it('takes vacation by hand, refuses malformed or impossible requests, and ends it', async () => {
    const [p] = (
      await challengeAccepted(
        [server.url, server.url],
        ['198.51.100.19', '198.51.100.20'],
        RATED_CORRESPONDENCE,
      )
    ).players;
    const post = (body: unknown, who: Identity = p) =>
      api<{ error?: { code: string } } & VacationView>(who, 'me/vacation', {
        method: 'POST',
        body: JSON.stringify(body),
      });
    for (const bad of [
      {},
      { days: 0 },
      { days: 1.5 },
      { days: '3' },
      { days: 31 },
      { days: 2, x: 1 },
      [],
      'x',
    ]) {
      const refused = await post(bad);
      expect(refused.status).toBe(400);
      expect(refused.body.error?.code).toMatch(/^bad-/);
    }
    const stranger = await post({ days: 2 }, { id: 'nobody0000', name: '', token: 'wrong' });
    expect(stranger.status).toBe(401);
    expect((await post({ days: 16 })).body.error?.code).toBe('too-few-days');
    const taken = await post({ days: 3 });
    expect(taken.status).toBe(200);
    expect(taken.body.byHand).toBe(true);
    expect(taken.body.left - 12 * DAY_MS).toBeGreaterThanOrEqual(0);
    expect(taken.body.left - 12 * DAY_MS).toBeLessThan(1000);
    expect(taken.body.until! - taken.body.from!).toBe(3 * DAY_MS);
    expect((await post({ days: 1 })).body.error?.code).toBe('on-vacation');
    const ended = await api<VacationView>(p, 'me/vacation', { method: 'DELETE' });
    expect(ended.body).toMatchObject({ until: null, byHand: false });
    expect(ended.body.left).toBeGreaterThan(14 * DAY_MS);
    // A flood of changes is refused with the time to wait.
    let last = ended.status;
    let retry: string | null = null;
    for (let i = 0; i < 20 && last !== 429; i++) {
      const r = await fetch(`${server.url}api/me/vacation`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${p.token}` },
      });
      last = r.status;
      retry = r.headers.get('retry-after');
    }
    expect(last).toBe(429);
    expect(Number(retry)).toBeGreaterThan(0);
  }, 30_000);
});

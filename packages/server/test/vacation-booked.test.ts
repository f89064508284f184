// A vacation booked ahead (docs/lobby.md, "Vacation", "Booked ahead"). The store on both
// databases: its days paid at booking, so spending cannot use them, and given back when it is
// cancelled before it starts; it becomes the vacation under way at its start, read by whoever
// reads it, with no timer; overlaps and a second booking refused. And a real server, restarted
// after the booking, whose clock then jumps a day and an hour (clock-jump.mjs): a deadline that passes inside a booked vacation
// moves by it exactly as one taken by hand would move it, one that passes before it starts
// falls (the booked days are not there to spend), the opponent sees nothing before it starts,
// and bad requests are refused naming the field.

import { mkdirSync } from 'node:fs';
import {
  DAY_MS,
  type Identity,
  type OngoingGames,
  type Refusal,
  type VacationView,
} from '@agon/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { newPlayerId } from '../src/common/secret.ts';
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
const PLAN: VacationPlan = { yearly: 15, cap: 30 };

function contract(name: string, open: () => Promise<Store>): void {
  describe(`the ${name} store of booked vacation`, () => {
    async function player(store: Store): Promise<string> {
      const id = newPlayerId();
      await store.createPlayer({ id, name: `B ${id}`, tokenHash: `t-${id}`, createdAt: 1 });
      return id;
    }

    it('pays at booking, begins at its start as one by hand, and covers a deadline in it', async () => {
      const store = await open();
      const p = await player(store);
      const from = START + 2 * DAY_MS;
      const booked = await store.takeVacation(p, 3, from, START, PLAN);
      expect(booked).toEqual({
        left: 12 * DAY_MS,
        from: null,
        until: null,
        byHand: false,
        booked: { from, until: from + 3 * DAY_MS },
      });
      // Before its start nobody sees the player away, and a move ends nothing.
      expect(await store.awayUntil([p], from - 1)).toEqual({});
      // At its start it is under way, read with no write, on any process.
      const begun = await store.vacation(p, from, PLAN);
      expect(begun).toMatchObject({ from, until: from + 3 * DAY_MS, byHand: true, booked: null });
      expect(await store.awayUntil([p], from + HOUR)).toEqual({ [p]: from + 3 * DAY_MS });
      // A deadline passing inside it is covered by it, spending nothing more.
      const covered = await store.coverDeadline(p, from + HOUR, from + 2 * HOUR, PLAN);
      expect(covered).toEqual({ from, until: from + 3 * DAY_MS });
      const left = (await store.vacation(p, from + 2 * HOUR, PLAN)).left;
      expect(left - 12 * DAY_MS).toBeGreaterThanOrEqual(0);
      expect(left - 12 * DAY_MS).toBeLessThan(DAY_MS / 10);
    });

    it('ends a begun one early by a move, giving back what was not reached', async () => {
      const store = await open();
      const p = await player(store);
      const from = START + DAY_MS;
      await store.takeVacation(p, 4, from, START, PLAN);
      const back = from + DAY_MS;
      const ended = await store.endVacation(p, back, PLAN);
      expect(ended).toMatchObject({ from: null, until: null, booked: null });
      // Eleven days, the three not reached, and what accrued in the two days since booking.
      expect(ended.left).toBe(14 * DAY_MS + Math.floor((2 * DAY_MS * 15) / 365));
    });

    it('keeps its days from automatic spending, which stops where it begins', async () => {
      const store = await open();
      const p = await player(store);
      const two: VacationPlan = { yearly: 2, cap: 30 };
      await store.takeVacation(p, 2, START + 3 * DAY_MS, START, two);
      // All the days are booked: a deadline before the start falls.
      const deadline = START + DAY_MS;
      expect(await store.coverDeadline(p, deadline, deadline + HOUR, two)).toBeUndefined();

      const q = await player(store);
      const from = deadline + 6 * HOUR;
      await store.takeVacation(q, 2, from, START, PLAN);
      // Days left besides: spent from the deadline, up to the booked start and no further.
      expect(await store.coverDeadline(q, deadline, deadline + HOUR, PLAN)).toEqual({
        from: deadline,
        until: from,
      });
      // The deadline moved to that start passes there: the booked vacation covers it.
      expect(await store.coverDeadline(q, from, from + HOUR, PLAN)).toEqual({
        from,
        until: from + 2 * DAY_MS,
      });
    });

    it('gives all the days back when cancelled before its start, and nothing after', async () => {
      const store = await open();
      const p = await player(store);
      const from = START + 5 * DAY_MS;
      await store.takeVacation(p, 10, from, START, PLAN);
      const cancelled = await store.cancelBooking(p, START + HOUR, PLAN);
      expect(cancelled).toMatchObject({ booked: null, until: null });
      expect(cancelled.left).toBe(15 * DAY_MS + Math.floor((HOUR * 15) / 365));
      await store.takeVacation(p, 2, from, START + HOUR, PLAN);
      // Begun: it is no longer booked, so cancelling leaves it under way.
      const begun = await store.cancelBooking(p, from + HOUR, PLAN);
      expect(begun).toMatchObject({ from, until: from + 2 * DAY_MS, booked: null });
    });

    it('refuses a second booking, overlaps either way, and more days than are left', async () => {
      const store = await open();
      const p = await player(store);
      const from = START + 5 * DAY_MS;
      expect(await store.takeVacation(p, 16, from, START, PLAN)).toBe('too-few-days');
      await store.takeVacation(p, 3, from, START, PLAN);
      expect(await store.takeVacation(p, 1, from + 10 * DAY_MS, START, PLAN)).toBe(
        'booked-already',
      );
      // By hand from now, reaching into the booked days.
      expect(await store.takeVacation(p, 6, undefined, START, PLAN)).toBe('overlaps-vacation');
      // By hand from now, ending at the booked start: taken.
      const now = await store.takeVacation(p, 5, undefined, START, PLAN);
      expect(now).toMatchObject({ from: START, until: from, booked: { from } });
      // A booking that would begin inside the vacation under way.
      await store.cancelBooking(p, START, PLAN);
      expect(await store.takeVacation(p, 1, from - DAY_MS, START, PLAN)).toBe('overlaps-vacation');
      expect(await store.takeVacation(p, 1, from, START, PLAN)).toMatchObject({
        booked: { from, until: from + DAY_MS },
      });
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

describe.skipIf(skipWithout('booked vacation tests on PostgreSQL', ['postgres']))(
  'on PostgreSQL',
  () => {
    const db = postgresFor();
    let store: PostgresStore | undefined;
    afterAll(() => store?.close());
    contract('Postgres', async () => {
      store ??= await PostgresStore.open(db.url);
      return store;
    });
  },
);

describe('a vacation booked ahead on a server', () => {
  // Two days a year: a player who books both has none left to spend automatically.
  const server = serverFor(
    { AGON_TRUST_PROXY: '1', ...JUMP_A_DAY.env, AGON_VACATION_DAYS: '2' },
    JUMP_A_DAY.options,
  );
  // The server's clock: the real one and every jump the tests signalled.
  let jumped = 0;
  const serverNow = (): number => Date.now() + jumped;
  type Answer = VacationView & { readonly error?: Refusal };
  const api = <T>(p: Identity, path: string, init?: RequestInit) =>
    playerCall<T>(server.url, p, path, init);
  const book = (p: Identity, body: unknown) =>
    api<Answer>(p, 'me/vacation', { method: 'POST', body: JSON.stringify(body) });
  const cancel = (p: Identity) => api<Answer>(p, 'me/vacation/booked', { method: 'DELETE' });

  /** A rated game of a day a move played to Black's turn; when Black's turn began, bracketed. */
  async function blacksTurn(addresses: readonly [string, string]) {
    const { players, clients, game } = await challengeAccepted(
      [server.url, server.url],
      addresses,
      RATED_CORRESPONDENCE,
    );
    for (const l of clients) l.close();
    const [white, black] = players;
    const seats = {
      white: (await Peer.join(server.url, game, white.token)).peer,
      black: (await Peer.join(server.url, game, black.token)).peer,
    };
    const moves: string[] = [];
    let began = { from: 0, to: 0 };
    for (let turn = 0; turn < 3; turn++) {
      const seat = turn % 2 === 0 ? 'white' : 'black';
      const move = quietMove(moves);
      const from = serverNow();
      seats[seat].send({ t: 'move', seat, move, version: turn });
      await seats[seat].next('event', (e) => e.version === turn + 1);
      began = { from, to: serverNow() };
      moves.push(move);
    }
    for (const peer of Object.values(seats)) peer.close();
    return { white, black, game, began };
  }

  it('moves a deadline passing inside it as one by hand, and lets one before it fall', async () => {
    const inside = await blacksTurn(['198.51.100.41', '198.51.100.42']);
    const before = await blacksTurn(['198.51.100.43', '198.51.100.44']);
    // Black of the first books both days from twelve hours on: the deadline, a day on, is in it.
    const from = serverNow() + 12 * HOUR;
    const booked = await book(inside.black, { days: 2, from });
    expect(booked.status).toBe(200);
    expect(booked.body).toMatchObject({ until: null, booked: { from, until: from + 2 * DAY_MS } });
    expect(booked.body.left).toBeLessThan(DAY_MS / 100);
    // Black of the second books both days from two days on: the deadline passes before.
    const later = await book(before.black, { days: 2, from: serverNow() + 2 * DAY_MS });
    expect(later.status).toBe(200);
    // Before it starts, nothing changes for the opponent.
    const seen = await Peer.join(server.url, inside.game, inside.white.token);
    expect(seen.state.game.vacation).toBeUndefined();
    seen.peer.close();
    const listed = await api<OngoingGames>(inside.white, 'me/games');
    expect(listed.body.games[0]?.opponentAway).toBeUndefined();

    // The server restarts (the booking is in the store, no timer to lose), then a day and an
    // hour pass.
    await server.restart();
    server.running.process.kill('SIGUSR2');
    jumped += DAY_MS + HOUR;
    const lost = await until(
      () => Peer.seen(server.url, before.game),
      (g) => g.outcome !== null,
      15_000,
    );
    expect(lost.outcome).toEqual({ winner: 'white', reason: 'timeout' });

    // Inside: the booked vacation is under way, and the deadline moved by all of it: the
    // vacation's time within the turn, from its start (after the turn's) to its end.
    const away = await api<Answer>(inside.black, 'me/vacation');
    expect(away.body).toMatchObject({
      from,
      until: from + 2 * DAY_MS,
      byHand: true,
      booked: null,
    });
    const back = from + 2 * DAY_MS;
    // The game's fourth event, once whichever process meets the deadline has judged it.
    const judged = await until(
      () => Peer.seen(server.url, inside.game, inside.white.token),
      (g) => g.version === 4,
      15_000,
    );
    expect(judged.outcome).toBeNull();
    expect(judged.vacation).toEqual({ black: back });
    const clock = judged.clock!;
    expect(clock.running).toBe('black');
    const deadline = clock.black + serverNow();
    expect(deadline).toBeGreaterThan(inside.began.from + DAY_MS + (back - from) - 5000);
    expect(deadline).toBeLessThan(inside.began.to + DAY_MS + (back - from) + 5000);
  }, 60_000);

  it('refuses bad starts and overlaps by name, and gives the days back when cancelled', async () => {
    const [p] = (
      await challengeAccepted(
        [server.url, server.url],
        ['198.51.100.45', '198.51.100.46'],
        RATED_CORRESPONDENCE,
      )
    ).players;
    const now = serverNow();
    for (const [body, code, field] of [
      [{ days: 1, from: now - HOUR }, 'bad-from', 'from'],
      [{ days: 1, from: now + 91 * DAY_MS }, 'bad-from', 'from'],
      [{ days: 1, from: 'friday' }, 'bad-from', 'from'],
      [{ days: 1, from: now + 1.5 }, 'bad-from', 'from'],
      [{ days: 0, from: now + DAY_MS }, 'bad-days', 'days'],
      [{ days: 2.5, from: now + DAY_MS }, 'bad-days', 'days'],
      [{ days: 31, from: now + DAY_MS }, 'bad-days', 'days'],
    ] as const) {
      const refused = await book(p, body);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ code });
      expect(refused.body.error?.message).toContain(field);
    }
    const stranger = await cancel({ id: 'nobody0000', name: '', token: 'wrong' });
    expect(stranger.status).toBe(401);

    // One day booked five days on; a second booking, and more days than are left, refused.
    const from = now + 5 * DAY_MS;
    expect((await book(p, { days: 1, from })).body.booked).toEqual({
      from,
      until: from + DAY_MS,
    });
    expect((await book(p, { days: 1, from: from + 5 * DAY_MS })).body.error?.code).toBe(
      'booked-already',
    );
    expect((await book(p, { days: 2 })).body.error?.code).toBe('too-few-days');
    // A day from now ends before it: taken. A booking inside it then overlaps.
    expect((await book(p, { days: 1 })).body).toMatchObject({ byHand: true, booked: { from } });
    const freed = await cancel(p);
    expect(freed.body.booked).toBeNull();
    expect(freed.body.until).not.toBeNull();
    expect((await book(p, { days: 1, from: serverNow() + 12 * HOUR })).body.error?.code).toBe(
      'overlaps-vacation',
    );
    // A vacation from now reaching into a booked one overlaps it too.
    await api<Answer>(p, 'me/vacation', { method: 'DELETE' });
    const soon = serverNow() + 12 * HOUR;
    expect((await book(p, { days: 1, from: soon })).status).toBe(200);
    expect((await book(p, { days: 1 })).body.error?.code).toBe('overlaps-vacation');
    // Cancelled before it starts: both days are there again (less the moments the vacation
    // from now lasted before it was ended).
    const cancelled = await cancel(p);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ until: null, booked: null });
    expect(cancelled.body.left).toBeGreaterThan(2 * DAY_MS - 60_000);
    expect(cancelled.body.left).toBeLessThan(2 * DAY_MS + HOUR);
    expect((await api<Answer>(p, 'me/vacation')).body).toEqual(cancelled.body);
  }, 30_000);
});

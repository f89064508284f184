// An arena's berserk: first the referee's rulings and what the table does to the clocks, with
// the time passed by hand; then a game in memory under fake timers, whose state carries its
// tournament, whose alarm falls at the halved time, whose other processes and restart see the
// same clocks, and whose end tells the lobby the moves made and who berserked.

import { type Colour, makeMoveText } from '@agon/engine';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SILENT } from '../src/common/notices.ts';
import { Problems } from '../src/common/problems.ts';
import { hashToken } from '../src/common/secret.ts';
import { type Command, decide } from '../src/game/referee.ts';
import { type Attendance, LocalRelay, NOBODY, type RoomRelay } from '../src/game/relay.ts';
import { NO_SEATING, type Played, Room, type Seating } from '../src/game/room.ts';
import type { GameEvent, GameSetup } from '../src/game/store.ts';
import { clockView, newTable, publicEvent, restoreTable, type Table } from '../src/game/table.ts';
import { FakeMember } from './game-member.ts';
import { MemoryStore } from './memory-store.ts';
import { act, move, refusal } from './rulings.ts';

const WHITE = 'W'.repeat(43);
const BLACK = 'B'.repeat(43);

/** A rated arena game of 1+2 that allows berserk, both seats given by the lobby. */
const ARENA: GameSetup = {
  variant: 'standard',
  clock: { initial: 60_000, increment: 2000 },
  seats: { white: hashToken(WHITE), black: hashToken(BLACK) },
  players: { white: 'whiteplayr', black: 'blackplayr' },
  rated: true,
  tournament: { id: 'hourlyab', name: 'Hourly Blitz', kind: 'arena', round: 0, berserk: true },
};

const berserk = (seat: Colour, by: Colour | null = seat): Command => ({ t: 'berserk', by, seat });

describe('berserk on the table', () => {
  /** The table of `setup` and the log of what was done to it. */
  function game(setup: GameSetup = ARENA): { t: Table; log: GameEvent[] } {
    return { t: newTable('abcdefghij', setup), log: [] };
  }

  it('halves the clock of the seat that berserks and drops its increment, not the other’s', () => {
    const { t, log } = game();
    const event = act(t, berserk('white'), 0, log);
    expect(event).toEqual({ kind: 'berserk', seat: 'white', at: 0 });
    expect(publicEvent(event)).toEqual({ kind: 'berserk', seat: 'white' });
    expect(t.berserk).toEqual({ white: true, black: false });
    expect(clockView(t, 0)).toMatchObject({ white: 30_000, black: 60_000, running: null });
    move(t, 'white', 1000, log);
    move(t, 'black', 4000, log);
    move(t, 'white', 9000, log);
    // White's 5 s are charged with no increment back; Black's 3 s with its 2 s back.
    expect(clockView(t, 9000)).toMatchObject({ white: 25_000, black: 59_000, running: 'black' });
  });

  it('lets Black berserk after White’s first move, the thought before it counting against the half', () => {
    const { t, log } = game();
    move(t, 'white', 1000, log);
    expect(refusal(t, berserk('white'), 2000)).toBe('no-berserk');
    act(t, berserk('black'), 4000, log);
    expect(clockView(t, 4000)).toMatchObject({ white: 60_000, black: 27_000, running: 'black' });
    move(t, 'black', 6000, log);
    expect(clockView(t, 6000)).toMatchObject({ white: 60_000, black: 25_000, running: 'white' });
  });

  it('is refused once the seat has made its first move', () => {
    const { t, log } = game();
    move(t, 'white', 1000, log);
    move(t, 'black', 2000, log);
    expect(refusal(t, berserk('white'))).toBe('no-berserk');
    expect(refusal(t, berserk('black'))).toBe('no-berserk');
    expect(t.berserk).toEqual({ white: false, black: false });
  });

  it('is refused a second time: the clock is halved once', () => {
    const { t, log } = game();
    act(t, berserk('white'), 0, log);
    expect(refusal(t, berserk('white'), 500)).toBe('no-berserk');
    expect(clockView(t, 500)?.white).toBe(30_000);
  });

  it('is refused in a game of no tournament', () => {
    const { tournament: _, ...casual } = ARENA;
    expect(refusal(game(casual).t, berserk('white'))).toBe('no-berserk');
  });

  it('is refused in a tournament that does not allow it', () => {
    const swiss: GameSetup = {
      ...ARENA,
      tournament: { id: 'swissabc', name: 'Weekly Swiss', kind: 'swiss', round: 2, berserk: false },
    };
    expect(refusal(game(swiss).t, berserk('white'))).toBe('no-berserk');
  });

  it('is refused without a live clock', () => {
    const correspondence: GameSetup = { ...ARENA, clock: null, days: 1 };
    expect(refusal(game(correspondence).t, berserk('white'))).toBe('no-berserk');
  });

  it('is refused to a watcher and to the other seat’s player', () => {
    const { t } = game();
    const no = (why: RegExp) => ({
      ok: false,
      error: { code: 'no-berserk', message: expect.stringMatching(why) },
    });
    expect(decide(t, berserk('white', null), 0)).toMatchObject(no(/watching/));
    expect(decide(t, berserk('white', 'black'), 0)).toMatchObject(no(/you play Black/));
  });

  it('is refused once the game is over', () => {
    const { t, log } = game();
    act(t, { t: 'resign', by: 'white', seat: 'white' }, 0, log);
    expect(refusal(t, berserk('black'))).toBe('no-berserk');
  });

  it('replays from the log to the same clocks and flags, increments still dropped', () => {
    const { t, log } = game();
    act(t, berserk('white'), 0, log);
    move(t, 'white', 1000, log);
    act(t, berserk('black'), 2000, log);
    move(t, 'black', 4000, log);
    move(t, 'white', 7000, log);
    const again = restoreTable({ id: t.id, createdAt: 0, setup: ARENA, events: log }, 8000);
    expect(again.berserk).toEqual({ white: true, black: true });
    expect(clockView(again, 8000)).toEqual(clockView(t, 8000));
    expect(clockView(again, 8000)).toMatchObject({ white: 27_000, black: 26_000 });
    // The flag replays too: a restored game does not halve the clock again.
    expect(refusal(again, berserk('black'), 8000)).toBe('no-berserk');
  });
});

describe('berserk in a game in memory', () => {
  let now: number;
  let store: MemoryStore;
  /** What the games reported: a command that threw would show here and nowhere else. */
  let logged: string[];

  beforeEach(() => {
    vi.useFakeTimers();
    now = 1_000_000;
    store = new MemoryStore();
    logged = [];
  });
  afterEach(() => {
    vi.useRealTimers();
    expect(logged).toEqual([]);
  });

  /** The other processes as a game sees them: the events it publishes, in order. */
  class Published implements RoomRelay {
    readonly events: [number, GameEvent][] = [];
    publish(_id: string, version: number, event: GameEvent): void {
      this.events.push([version, event]);
    }
    attend(): void {}
    async elsewhere(): Promise<Attendance> {
      return NOBODY;
    }
  }

  function room(
    setup: GameSetup,
    table: Table = newTable('abcdefghij', setup, now),
    relay: RoomRelay = new LocalRelay(),
    seating: Seating = NO_SEATING,
  ): Room {
    const problems = new Problems(
      () => now,
      60_000,
      (line) => logged.push(line),
    );
    return new Room(
      table,
      {
        store,
        now: () => now,
        limits: { idleMs: 60_000, maxWatchers: 1000, presenceMs: 250 },
        problems,
        gone: () => undefined,
        relay,
        seating,
        notifier: SILENT,
      },
      false,
    );
  }

  /** Both players and a watcher in `r`. */
  async function seated(
    r: Room,
  ): Promise<{ white: FakeMember; black: FakeMember; watcher: FakeMember }> {
    const [white, black, watcher] = [new FakeMember(), new FakeMember(), new FakeMember()];
    expect(await r.admit(white, WHITE)).toBe(true);
    expect(await r.admit(black, BLACK)).toBe(true);
    expect(await r.admit(watcher, undefined)).toBe(true);
    return { white, black, watcher };
  }

  /** `member` plays `seat`'s first legal move after `ms` more on the clock. */
  async function move(r: Room, member: FakeMember, seat: Colour, ms: number): Promise<void> {
    now += ms;
    const text = makeMoveText(r.table.game.legalMoves()[0]!);
    r.act(member, { t: 'move', seat, move: text, version: r.table.version });
    await vi.advanceTimersByTimeAsync(0);
    expect(member.of('event').at(-1)?.event).toMatchObject({ kind: 'move', seat });
  }

  async function act(
    r: Room,
    member: FakeMember,
    seat: Colour,
    t: 'berserk' | 'resign',
  ): Promise<void> {
    r.act(member, { t, seat });
    await vi.advanceTimersByTimeAsync(0);
  }

  it('shows the tournament in the game’s state, and who berserked once they have', async () => {
    const r = room(ARENA);
    const { white, black, watcher } = await seated(r);
    expect(watcher.of('state')[0]?.game.tournament).toEqual({
      id: 'hourlyab',
      name: 'Hourly Blitz',
      kind: 'arena',
      berserk: { white: false, black: false },
      berserkAllowed: true,
    });
    await act(r, white, 'white', 'berserk');
    for (const member of [white, black, watcher]) {
      const told = member.of('event').at(-1)!;
      expect(told).toMatchObject({ version: 1, event: { kind: 'berserk', seat: 'white' } });
      expect(told.clock).toMatchObject({ white: 30_000, black: 60_000 });
    }
    r.sync(watcher);
    expect(watcher.of('state').at(-1)?.game.tournament?.berserk).toEqual({
      white: true,
      black: false,
    });
    // A move made on the board as it was before the berserk is not stale: the board is the same.
    r.act(white, { t: 'move', seat: 'white', move: 'f1-f2', version: 0 });
    await vi.advanceTimersByTimeAsync(0);
    expect(white.of('event').at(-1)).toMatchObject({ version: 2, event: { kind: 'move' } });
  });

  it('shows no tournament in a game of none', async () => {
    const { tournament: _, ...casual } = ARENA;
    const { watcher } = await seated(room(casual));
    expect(watcher.of('state')[0]?.game).not.toHaveProperty('tournament');
  });

  it('refuses a watcher, a second berserk and one after the first move, telling why', async () => {
    const r = room(ARENA);
    const { white, black, watcher } = await seated(r);
    await act(r, watcher, 'white', 'berserk');
    expect(watcher.of('error')).toMatchObject([{ code: 'no-berserk' }]);
    await act(r, white, 'white', 'berserk');
    await act(r, white, 'white', 'berserk');
    await move(r, white, 'white', 1000);
    await move(r, black, 'black', 1000);
    await act(r, black, 'black', 'berserk');
    for (const member of [white, black]) {
      const [refused] = member.of('error');
      expect(refused?.code).toBe('no-berserk');
      expect(refused?.message).toMatch(/berserk/);
    }
    expect(store.events.filter((e) => e.kind === 'berserk')).toHaveLength(1);
  });

  it('lets the halved clock run out at its half', async () => {
    // 40 s, halved to 20, runs out before Black's 30 s for a first move would call the game off.
    const r = room({ ...ARENA, clock: { initial: 40_000, increment: 0 } });
    const { white, black } = await seated(r);
    await move(r, white, 'white', 1000);
    // Black's clock runs from White's move: its alarm, set for later, comes forward.
    await act(r, black, 'black', 'berserk');
    now += 19_000;
    await vi.advanceTimersByTimeAsync(19_000);
    expect(black.of('event').at(-1)?.event.kind).toBe('berserk');
    now += 1001;
    await vi.advanceTimersByTimeAsync(1001);
    expect(black.of('event').at(-1)?.event).toEqual({ kind: 'timeout', seat: 'black' });
  });

  it('gives another process and a restart the same clocks and flags', async () => {
    const relay = new Published();
    const r = room(ARENA, undefined, relay);
    const { white, black } = await seated(r);
    await act(r, white, 'white', 'berserk');
    await move(r, white, 'white', 1000);
    await act(r, black, 'black', 'berserk');
    await move(r, black, 'black', 3000);
    await move(r, white, 'white', 4000);
    now += 500;
    const expected = clockView(r.table, now);
    expect(expected).toMatchObject({ white: 26_000, black: 26_500, running: 'black' });

    const elsewhere = room(ARENA);
    for (const [version, event] of relay.events) elsewhere.relayed(version, event);
    await vi.advanceTimersByTimeAsync(0);
    expect(elsewhere.table.berserk).toEqual({ white: true, black: true });
    expect(clockView(elsewhere.table, now)).toEqual(expected);

    const stored = { id: r.id, createdAt: r.table.createdAt, setup: ARENA, events: store.events };
    const restarted = room(ARENA, restoreTable(stored, now));
    expect(restarted.table.berserk).toEqual({ white: true, black: true });
    expect(clockView(restarted.table, now)).toEqual(expected);
    const back = new FakeMember();
    expect(await restarted.admit(back, BLACK)).toBe(true);
    expect(back.of('state')[0]?.game.tournament?.berserk).toEqual({ white: true, black: true });
    await act(restarted, back, 'black', 'berserk');
    expect(back.of('error')).toMatchObject([{ code: 'no-berserk' }]);
  });

  it('tells the lobby at the end how many moves were made and who berserked', async () => {
    const played: Played[] = [];
    const seating: Seating = {
      ...NO_SEATING,
      finished: async (_id, _setup, _outcome, p) => {
        played.push(p);
        return NO_SEATING.seated(ARENA);
      },
    };
    const r = room(ARENA, undefined, undefined, seating);
    const { white, black } = await seated(r);
    await act(r, black, 'black', 'berserk');
    await move(r, white, 'white', 1000);
    await move(r, black, 'black', 1000);
    await move(r, white, 'white', 1000);
    await act(r, black, 'black', 'resign');
    expect(black.of('event').at(-1)?.outcome).toEqual({ winner: 'white', reason: 'resignation' });
    expect(played).toEqual([{ plies: 3, berserk: { white: false, black: true } }]);
  });
});

// The game lifecycle in-process, without sockets: members are fakes that record what they are
// sent, the store lives in memory, and both the clock (`now`) and the timers are fake, so the
// alarm, the idle timer and presence are driven by hand.

import { makeMoveText } from '@agon/engine';
import type { Notice } from '@agon/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Notifier, SILENT } from '../src/common/notices.ts';
import { Problems } from '../src/common/problems.ts';
import { hashToken } from '../src/common/secret.ts';
import { type Attendance, LocalRelay, NOBODY, type RoomRelay } from '../src/game/relay.ts';
import { NO_SEATING, Room, type Seating, WATCHERS_FULL_CLOSE } from '../src/game/room.ts';
import type { GameSetup } from '../src/game/store.ts';
import { newTable } from '../src/game/table.ts';
import { FakeMember } from './game-member.ts';
import { MemoryStore } from './memory-store.ts';

const WHITE = 'W'.repeat(43);

/** The other server processes as one game sees them: what it tells them, and what they hold. */
class OtherProcesses implements RoomRelay {
  elsewhereNow: Attendance = NOBODY;
  readonly told: Attendance[] = [];

  publish(): void {}

  attend(_id: string, here: Attendance): void {
    this.told.push(here);
  }

  async elsewhere(): Promise<Attendance> {
    return this.elsewhereNow;
  }
}

describe('a game in memory', () => {
  let now: number;
  let store: MemoryStore;
  let logged: string[];
  let gone: Room[];

  beforeEach(() => {
    vi.useFakeTimers();
    now = 1_000_000;
    store = new MemoryStore();
    logged = [];
    gone = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function room(
    setup: Partial<GameSetup> = {},
    limits = {},
    relay: RoomRelay = new LocalRelay(),
    seating: Seating = NO_SEATING,
    notifier: Notifier = SILENT,
  ): Room {
    const full: GameSetup = {
      variant: 'standard',
      clock: null,
      seats: { white: hashToken(WHITE) },
      ...setup,
    };
    return new Room(
      newTable('abcdefghij', full, now),
      {
        store,
        now: () => now,
        limits: { idleMs: 60_000, maxWatchers: 1000, presenceMs: 250, ...limits },
        problems: new Problems(
          () => now,
          60_000,
          (line) => logged.push(line),
        ),
        gone: (r) => gone.push(r),
        relay,
        seating,
        notifier,
      },
      false,
    );
  }

  /** Both seats taken; White has made the first move, so Black's clock runs. */
  async function started(r: Room): Promise<{ white: FakeMember; black: FakeMember }> {
    const white = new FakeMember();
    const black = new FakeMember();
    expect(await r.admit(white, WHITE)).toBe(true);
    expect(await r.admit(black, undefined)).toBe(true);
    r.act(white, { t: 'move', seat: 'white', move: 'f1-f2', version: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(white.of('event').at(-1)?.event.kind).toBe('move');
    return { white, black };
  }

  it('sets the alarm again when it fires before the clock says the time is up', async () => {
    const r = room({ clock: { initial: 5000, increment: 0 } });
    const { white } = await started(r);
    // The timers run 5 s, but the clock moves only 4 s: the alarm comes early.
    now += 4000;
    await vi.advanceTimersByTimeAsync(5001);
    expect(white.of('event').some((e) => e.event.kind === 'timeout')).toBe(false);
    // It was set again, for the second still left.
    now += 1001;
    await vi.advanceTimersByTimeAsync(1001);
    const flagged = white.of('event').at(-1)!;
    expect(flagged.event).toEqual({ kind: 'timeout', seat: 'black' });
  });

  describe('made in the lobby', () => {
    const BLACK = 'B'.repeat(43);
    /** Both seats given by the lobby; `finished` keeps each end it is told. */
    function lobbyRoom(ends: string[], notifier: Notifier = SILENT): Room {
      const seating: Seating = {
        ...NO_SEATING,
        finished: async (_id, _setup, outcome) => {
          ends.push(outcome.reason);
          return NO_SEATING.seated({} as GameSetup);
        },
      };
      return room(
        {
          clock: { initial: 60_000, increment: 0 },
          seats: { white: hashToken(WHITE), black: hashToken(BLACK) },
          players: { white: 'whiteplayr', black: 'blackplayr' },
          rated: true,
        },
        {},
        new LocalRelay(),
        seating,
        notifier,
      );
    }

    it('tells of a live game’s end only the player not connected to it, once', async () => {
      const told: [string, Notice][] = [];
      const notifier: Notifier = { notify: (player, notice) => told.push([player, notice]) };
      const r = lobbyRoom([], notifier);
      const white = new FakeMember();
      const black = new FakeMember();
      await r.admit(white, WHITE);
      await r.admit(black, BLACK);
      r.act(white, { t: 'move', seat: 'white', move: 'f1-f2', version: 0 });
      await vi.advanceTimersByTimeAsync(0);
      const reply = makeMoveText(r.table.game.legalMoves()[0]!);
      r.act(black, { t: 'move', seat: 'black', move: reply, version: 1 });
      await vi.advanceTimersByTimeAsync(0);
      // A live game's moves are not pushed: the players are at the board.
      expect(told).toEqual([]);
      r.leave(black);
      r.act(white, { t: 'resign', seat: 'white' });
      await vi.advanceTimersByTimeAsync(0);
      // White ended it by their own hand; Black, gone, is told they won.
      expect(told).toEqual([
        [
          'blackplayr',
          { kind: 'ended', game: 'abcdefghij', opponent: '', result: 'win', url: '/g/abcdefghij' },
        ],
      ]);
    });

    it('is called off when White makes no first move in 30 s, and rated as aborted once', async () => {
      const ends: string[] = [];
      const r = lobbyRoom(ends);
      const white = new FakeMember();
      expect(await r.admit(white, WHITE)).toBe(true);
      now += 29_000;
      await vi.advanceTimersByTimeAsync(29_000);
      expect(white.of('event')).toEqual([]);
      now += 1001;
      await vi.advanceTimersByTimeAsync(1001);
      const called = white.of('event').at(-1)!;
      expect(called.event).toEqual({ kind: 'abort', seat: 'white' });
      expect(called.outcome).toEqual({ winner: null, reason: 'aborted' });
      expect(ends).toEqual(['aborted']);
      // The game is over: no move is taken after it.
      r.act(white, { t: 'move', seat: 'white', move: 'f1-f2', version: 0 });
      await vi.advanceTimersByTimeAsync(0);
      expect(white.of('error').at(-1)?.code).toBe('game-over');
    });

    it('gives Black 30 s from White’s first move, and none once both have moved', async () => {
      const ends: string[] = [];
      const r = lobbyRoom(ends);
      const white = new FakeMember();
      const black = new FakeMember();
      await r.admit(white, WHITE);
      await r.admit(black, BLACK);
      now += 20_000;
      r.act(white, { t: 'move', seat: 'white', move: 'f1-f2', version: 0 });
      await vi.advanceTimersByTimeAsync(20_000);
      now += 29_000;
      await vi.advanceTimersByTimeAsync(29_000);
      expect(black.of('event').some((e) => e.event.kind === 'abort')).toBe(false);
      now += 1001;
      await vi.advanceTimersByTimeAsync(1001);
      expect(black.of('event').at(-1)?.event).toEqual({ kind: 'abort', seat: 'black' });
      expect(ends).toEqual(['aborted']);

      const later: string[] = [];
      const r2 = lobbyRoom(later);
      const w2 = new FakeMember();
      const b2 = new FakeMember();
      await r2.admit(w2, WHITE);
      await r2.admit(b2, BLACK);
      r2.act(w2, { t: 'move', seat: 'white', move: 'f1-f2', version: 0 });
      await vi.advanceTimersByTimeAsync(0);
      const legal = makeMoveText(r2.table.game.legalMoves()[0]!);
      r2.act(b2, { t: 'move', seat: 'black', move: legal, version: 1 });
      await vi.advanceTimersByTimeAsync(0);
      expect(b2.of('error')).toEqual([]);
      // Past 30 s now only the clock ends it: White's 60 s run out.
      now += 61_000;
      await vi.advanceTimersByTimeAsync(61_000);
      expect(w2.of('event').at(-1)?.outcome).toEqual({ winner: 'black', reason: 'timeout' });
      expect(later).toEqual(['timeout']);
    });
  });

  it('notes a correspondence deadline as due at once only around events that can end the game', async () => {
    const DAY = 86_400_000;
    const r = room({ clock: null, days: 1 });
    const noted = vi.spyOn(store, 'markDue');
    const { white, black } = await started(r);
    // No deadline before the first move; White's is due at once while it is stored, then
    // Black has a day. Taking the seats wrote nothing.
    expect(noted.mock.calls.map(([, at]) => at)).toEqual([null, now, now + DAY]);
    noted.mockClear();
    now += 60_000;
    r.act(white, { t: 'say', seat: 'white', message: 'good-luck' });
    await vi.advanceTimersByTimeAsync(0);
    expect(black.of('event').at(-1)?.event.kind).toBe('say');
    // A quick message neither ends the game nor moves Black's deadline: no write for it.
    expect(noted).not.toHaveBeenCalled();
    r.act(black, { t: 'resign', seat: 'black' });
    await vi.advanceTimersByTimeAsync(0);
    expect(white.of('event').at(-1)?.outcome).toEqual({ winner: 'white', reason: 'resignation' });
    // A resignation ends it: due at once until the end is noted.
    expect(noted.mock.calls.map(([, at]) => at)).toEqual([now, null]);
  });

  it('tells a crowd of arrivals in one presence message to each member', async () => {
    const r = room();
    const { white } = await started(r);
    await vi.advanceTimersByTimeAsync(250);
    const before = white.of('presence').length;
    const crowd = Array.from({ length: 50 }, () => new FakeMember());
    for (const w of crowd) expect(await r.admit(w, undefined)).toBe(true);
    await vi.advanceTimersByTimeAsync(250);
    expect(white.of('presence').length).toBe(before + 1);
    expect(white.of('presence').at(-1)).toMatchObject({ watchers: 50 });
    for (const w of crowd) expect(w.of('presence').length).toBeLessThanOrEqual(1);
    // Nothing changed: nothing more is sent.
    await vi.advanceTimersByTimeAsync(1000);
    expect(white.of('presence').length).toBe(before + 1);
  });

  it('turns away the watcher past the cap', async () => {
    const r = room({}, { maxWatchers: 2 });
    await started(r);
    for (let i = 0; i < 2; i++) expect(await r.admit(new FakeMember(), undefined)).toBe(true);
    const late = new FakeMember();
    expect(await r.admit(late, undefined)).toBe(false);
    expect(late.of('error')[0]?.code).toBe('too-many-watchers');
    expect(late.closedWith).toBe(WATCHERS_FULL_CLOSE);
  });

  it('leaves memory when the only hello went away before it was let in', async () => {
    const r = room();
    const member = new FakeMember();
    member.open = false;
    expect(await r.admit(member, WHITE)).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(gone).toEqual([r]);
  });

  it('refuses with server-error when the store fails, and reports it once per burst', async () => {
    const r = room();
    const { white } = await started(r);
    store.failing = true;
    for (let i = 0; i < 5; i++) {
      r.act(white, { t: 'resign', seat: 'white' });
      await vi.advanceTimersByTimeAsync(0);
    }
    expect(white.of('error').map((e) => e.code)).toEqual(Array(5).fill('server-error'));
    expect(logged).toEqual(['storage: disk full']);
    now += 60_000;
    r.act(white, { t: 'resign', seat: 'white' });
    await vi.advanceTimersByTimeAsync(0);
    expect(logged.at(-1)).toBe('storage: disk full (and 4 more since the last report)');
  });

  it('counts the connections other processes hold: presence, the watcher cap, one write a moment', async () => {
    const others = new OtherProcesses();
    const r = room({}, { maxWatchers: 2 }, others);
    const { white, black } = await started(r);
    await vi.advanceTimersByTimeAsync(250);
    // Both arrivals told the others in one write.
    expect(others.told).toEqual([{ white: 1, black: 1, watchers: 0 }]);
    // Another process has Black on a second tab and a watcher.
    others.elsewhereNow = { white: 0, black: 1, watchers: 1 };
    r.presence.lookAround();
    await vi.advanceTimersByTimeAsync(250);
    expect(white.of('presence').at(-1)).toMatchObject({ watchers: 1 });
    // One more watcher here fills the cap of two; the next is turned away.
    expect(await r.admit(new FakeMember(), undefined)).toBe(true);
    expect(await r.admit(new FakeMember(), undefined)).toBe(false);
    // Black's tab here closes: still connected elsewhere, so still shown online.
    r.leave(black);
    await vi.advanceTimersByTimeAsync(250);
    expect(white.of('presence').at(-1)).toMatchObject({
      online: { white: true, black: true },
      watchers: 2,
    });
    expect(others.told.at(-1)).toEqual({ white: 1, black: 0, watchers: 1 });
    // And gone once the other process no longer has it.
    others.elsewhereNow = NOBODY;
    r.presence.lookAround();
    await vi.advanceTimersByTimeAsync(250);
    expect(white.of('presence').at(-1)).toMatchObject({ online: { white: true, black: false } });
  });
});

// The server core without sockets or storage: the referee's rulings and the table they
// change, with the time passed in by hand.

import { cellName, makeMoveText, moveFrom } from '@agon/engine';
import { DAY_MS, DRAW_AFTER_MOVES } from '@agon/protocol';
import { describe, expect, it } from 'vitest';
import { decide } from '../src/game/referee.ts';
import type { GameEvent, GameSetup } from '../src/game/store.ts';
import {
  abortDeadline,
  alarmAt,
  applyEvent,
  clockView,
  deadlineOf,
  newTable,
  outcomeOf,
  restoreTable,
  type Table,
  watched,
} from '../src/game/table.ts';
import { act, CLOCKED, refusal } from './rulings.ts';

/**
 * Plays the shortest way to a queen capture found from the start (White takes Black's queen on
 * f10 at 6 s, each move 2 or 3 s after the last) and answers a relocation of her, as text.
 */
function toQueenCapture(t: Table, log: GameEvent[]): { readonly relocation: string } {
  act(t, { t: 'join', token: 'b-hash' }, 0, log);
  const plays = [
    ['white', 'h9-g10', 1000],
    ['black', 'f11-f10', 3000],
    ['white', 'd9-e9', 6000],
  ] as const;
  for (const [seat, move, now] of plays) {
    act(t, { t: 'move', by: seat, seat, move, version: t.version }, now, log);
  }
  expect(t.game.position.owesQueen).toBe(true);
  return { relocation: makeMoveText(t.game.legalMoves()[0]!) };
}

describe('the referee', () => {
  it('R15: holds the mover to the piece they touched, in a touch-move game only', () => {
    const t = newTable('abcdefghij', { ...CLOCKED, touchMove: true });
    const log: GameEvent[] = [];
    act(t, { t: 'join', token: 'b-hash' }, 0, log);
    const touch = (by: 'white' | 'black' | null, cell: string) =>
      ({ t: 'touch', by, seat: by ?? 'white', cell, version: t.version }) as const;
    expect(refusal(t, touch(null, 'f1'))).toBe('spectator');
    expect(refusal(t, { ...touch('black', 'f11'), seat: 'black' })).toBe('not-your-turn');
    expect(refusal(t, touch('white', 'f11'))).toBe('illegal-move');
    expect(refusal(t, { ...touch('white', 'f1'), version: t.version + 1 })).toBe('stale');
    expect(act(t, touch('white', 'f1'), 10, log)).toMatchObject({ kind: 'touch', cell: 'f1' });
    const other = t.game.legalMoves().length;
    expect(other).toBeGreaterThan(0);
    // Only the touched piece's moves are legal now; touching another is refused.
    expect(new Set(t.game.legalMoves().map((m) => cellName(moveFrom(m))))).toEqual(new Set(['f1']));
    expect(refusal(t, touch('white', 'e1'))).toBe('illegal-move');
    expect(refusal(t, touch('white', 'f1'))).toBe('illegal-move');
    const elsewhere = 'e1-e2';
    expect(
      refusal(t, { t: 'move', by: 'white', seat: 'white', move: elsewhere, version: t.version }),
    ).toBe('illegal-move');
    const move = makeMoveText(t.game.legalMoves()[0]!);
    act(t, { t: 'move', by: 'white', seat: 'white', move, version: t.version }, 20, log);
    // The stored log replays to the same game, touch and all.
    const again = restoreTable({ id: t.id, createdAt: 0, setup: t.setup, events: log }, 30);
    expect(again.game.moves).toEqual(t.game.moves);
    // Without R15 there is nothing to touch.
    const plain = newTable('abcdefghik', CLOCKED);
    act(plain, { t: 'join', token: 'b-hash' }, 0, []);
    expect(refusal(plain, { t: 'touch', by: 'white', seat: 'white', cell: 'f1', version: 1 })).toBe(
      'illegal-move',
    );
  });

  it("R16: only the captor places a captured queen, on her owner's turn, on the captor's clock", () => {
    const t = newTable('abcdefghij', { ...CLOCKED, captorPlacesQueen: true });
    const log: GameEvent[] = [];
    const { relocation } = toQueenCapture(t, log);
    // Black's turn, but White captured Black's queen: White chooses, on White's clock.
    expect(t.game.position.turnColour).toBe('black');
    expect(clockView(t, 6000)).toMatchObject({ white: 59_000, black: 60_000, running: 'white' });
    const owner = decide(
      t,
      { t: 'move', by: 'black', seat: 'black', move: relocation, version: t.version },
      7000,
    );
    expect(owner).toEqual({
      ok: false,
      error: {
        code: 'captor-chooses',
        message: 'White captured your queen and chooses where she goes (R16)',
      },
    });
    expect(
      refusal(t, { t: 'move', by: 'black', seat: 'white', move: relocation, version: t.version }),
    ).toBe('not-your-seat');
    expect(refusal(t, { t: 'flag' }, 6000 + 58_999)).toBe('no-flag');
    const chosen = act(
      t,
      { t: 'move', by: 'white', seat: 'white', move: relocation, version: t.version },
      10_000,
      log,
    );
    // The event names the captor, who paid the 4 s of choosing and gets the increment.
    expect(chosen).toMatchObject({ kind: 'move', seat: 'white', move: relocation, spent: 4000 });
    // The relocation was Black's turn (R16): it is White's own turn now, still on White's clock.
    expect(t.game.position.turnColour).toBe('white');
    expect(t.game.position.owesQueen).toBe(false);
    expect(clockView(t, 10_000)).toMatchObject({ white: 57_000, black: 60_000, running: 'white' });
    // The stored log replays to the same game and clocks.
    const again = restoreTable({ id: t.id, createdAt: 0, setup: t.setup, events: log }, 10_000);
    expect(again.game.moves).toEqual(t.game.moves);
    expect(clockView(again, 10_000)).toEqual(clockView(t, 10_000));
  });

  it('R16: a captor who runs out of time while choosing loses on time', () => {
    const t = newTable('abcdefghij', { ...CLOCKED, captorPlacesQueen: true });
    toQueenCapture(t, []);
    expect(refusal(t, { t: 'flag' }, 6000 + 58_999)).toBe('no-flag');
    expect(decide(t, { t: 'flag' }, 6000 + 59_000)).toMatchObject({
      ok: true,
      event: { kind: 'timeout', seat: 'white' },
    });
  });

  it('R10: the owner places their captured queen, and the captor may not', () => {
    const t = newTable('abcdefghij', CLOCKED);
    const log: GameEvent[] = [];
    const { relocation } = toQueenCapture(t, log);
    expect(clockView(t, 6000)).toMatchObject({ running: 'black' });
    expect(
      refusal(t, { t: 'move', by: 'white', seat: 'white', move: relocation, version: t.version }),
    ).toBe('not-your-turn');
    const own = act(
      t,
      { t: 'move', by: 'black', seat: 'black', move: relocation, version: t.version },
      9000,
      log,
    );
    expect(own).toMatchObject({ seat: 'black', spent: 3000 });
    expect(clockView(t, 9000)).toMatchObject({ white: 59_000, black: 59_000, running: 'white' });
  });

  it("R16 with R15: touch-move binds neither the captor's choice nor lets the owner take it", () => {
    const t = newTable('abcdefghij', { ...CLOCKED, captorPlacesQueen: true, touchMove: true });
    toQueenCapture(t, []);
    const queen = cellName(t.game.position.queenCell[1]!);
    const touch = (by: 'white' | 'black') =>
      decide(t, { t: 'touch', by, seat: by, cell: queen, version: t.version }, 7000);
    expect(touch('black')).toMatchObject({ ok: false, error: { code: 'captor-chooses' } });
    expect(touch('white')).toMatchObject({
      ok: false,
      error: { code: 'illegal-move', message: expect.stringContaining('R16') },
    });
  });

  it('seats the first visitor, then no one', () => {
    const t = newTable('abcdefghij', CLOCKED);
    const log: GameEvent[] = [];
    expect(act(t, { t: 'join', token: 'b-hash' }, 0, log)).toMatchObject({ seat: 'black' });
    expect(refusal(t, { t: 'join', token: 'x' })).toBe('seats-taken');
  });

  it('charges the mover the time since the last move, adds the increment, and flags at zero', () => {
    const t = newTable('abcdefghij', CLOCKED);
    const log: GameEvent[] = [];
    act(t, { t: 'join', token: 'b-hash' }, 0, log);
    const move = (seat: 'white' | 'black', text: string, now: number) =>
      act(t, { t: 'move', by: seat, seat, move: text, version: t.version }, now, log);
    // White's first move is free: the clocks start with it.
    expect(move('white', 'f1-f2', 5000)).toMatchObject({ spent: 0 });
    expect(clockView(t, 5000)).toMatchObject({ white: 60_000, black: 60_000, running: 'black' });
    expect(move('black', 'f11-f10', 15_000)).toMatchObject({ spent: 10_000 });
    expect(clockView(t, 15_000)).toMatchObject({ black: 52_000, running: 'white' });
    expect(refusal(t, { t: 'flag' }, 15_000 + 59_999)).toBe('no-flag');
    const timeout = act(t, { t: 'flag' }, 15_000 + 60_000, log);
    expect(timeout).toMatchObject({ kind: 'timeout', seat: 'white' });
    expect(
      refusal(t, { t: 'move', by: 'white', seat: 'white', move: 'f2-f3', version: t.version }),
    ).toBe('game-over');
  });

  it('ends on the clocks the players really had: a resignation or an agreed draw charges the running clock', () => {
    for (const end of ['resign', 'draw'] as const) {
      const t = newTable('abcdefghij', CLOCKED);
      const log: GameEvent[] = [];
      act(t, { t: 'join', token: 'b-hash' }, 0, log);
      act(
        t,
        { t: 'move', by: 'white', seat: 'white', move: 'f1-f2', version: t.version },
        1000,
        log,
      );
      act(
        t,
        { t: 'move', by: 'black', seat: 'black', move: 'f11-f10', version: t.version },
        5000,
        log,
      );
      if (end === 'draw')
        act(t, { t: 'draw', by: 'black', seat: 'black', action: 'offer' }, 6000, log);
      // White thinks for 44 s on their turn, then resigns or takes the draw.
      const last =
        end === 'resign'
          ? { t: 'resign' as const, by: 'white' as const, seat: 'white' as const }
          : {
              t: 'draw' as const,
              by: 'white' as const,
              seat: 'white' as const,
              action: 'accept' as const,
            };
      act(t, last, 49_000, log);
      const final = { white: 60_000 - 44_000, black: 60_000 - 4000 + 2000, running: null };
      expect(clockView(t, 49_000)).toMatchObject(final);
      expect(clockView(t, 120_000)).toMatchObject(final);
      // The stored log gives the same final clocks back.
      const stored = { id: t.id, createdAt: 0, setup: CLOCKED, events: log };
      expect(clockView(restoreTable(stored, 200_000), 200_000)).toMatchObject(final);
    }
  });

  it('replays a stored log into the same table, charging the mover for the time before a crash but not for the downtime', () => {
    const t = newTable('abcdefghij', CLOCKED);
    const log: GameEvent[] = [];
    act(t, { t: 'join', token: 'b-hash' }, 0, log);
    act(t, { t: 'move', by: 'white', seat: 'white', move: 'f1-f2', version: 1 }, 1000, log);
    act(t, { t: 'draw', by: 'black', seat: 'black', action: 'offer' }, 2000, log);
    act(t, { t: 'move', by: 'black', seat: 'black', move: 'f11-f10', version: 3 }, 4000, log);
    const stored = { id: t.id, createdAt: 0, setup: CLOCKED, events: log };
    // The server died at once after Black's move (last alive at 4000) and came back at 90 s.
    const back = restoreTable(stored, 90_000, { from: 4000, to: 90_000 });
    expect(back.version).toBe(t.version);
    expect(back.game.moves).toEqual(t.game.moves);
    expect(back.seats).toEqual(t.seats);
    expect(back.drawOffer).toBe('black');
    expect(clockView(back, 90_000)).toEqual(clockView(t, 4000));
    // White had thought for 3 s when the server died: those are charged, the downtime is not.
    const later = restoreTable(stored, 90_000, { from: 7000, to: 90_000 });
    expect(clockView(later, 90_000)).toEqual(clockView(t, 7000));
    // And time since the restart counts as usual.
    expect(clockView(later, 91_000)).toEqual(clockView(t, 8000));
  });

  it('charges the mover up to the last note of life when the clock was set back during the downtime', () => {
    const t = newTable('abcdefghij', CLOCKED);
    const log: GameEvent[] = [];
    act(t, { t: 'join', token: 'b-hash' }, 0, log);
    act(t, { t: 'move', by: 'white', seat: 'white', move: 'f1-f2', version: 1 }, 1000, log);
    act(t, { t: 'move', by: 'black', seat: 'black', move: 'f11-f10', version: 2 }, 4000, log);
    const stored = { id: t.id, createdAt: 0, setup: CLOCKED, events: log };
    // White had thought for 3 s when the server was last alive (7 s); it came back on a clock
    // set back to read 2 s, before even Black's move.
    const back = restoreTable(stored, 2000, { from: 7000, to: 2000 });
    expect(clockView(back, 2000)).toEqual(clockView(t, 7000));
    // Time since the restart counts as usual.
    expect(clockView(back, 2500)).toEqual(clockView(t, 7500));
    // Set back by less: the restart reads 5 s, after Black's move but before the last note.
    const less = restoreTable(stored, 5000, { from: 7000, to: 5000 });
    expect(clockView(less, 5000)).toEqual(clockView(t, 7000));
    // A game loaded later, on a turn begun after the restart, is charged as usual.
    const after = restoreTable(stored, 6000, { from: 3000, to: 3500 });
    expect(clockView(after, 6000)).toEqual(clockView(t, 6000));
  });

  it('withdraws a draw offer when its receiver moves instead of answering', () => {
    const t = newTable('abcdefghij', { ...CLOCKED, clock: null });
    const log: GameEvent[] = [];
    act(t, { t: 'join', token: 'b-hash' }, 0, log);
    act(t, { t: 'draw', by: 'black', seat: 'black', action: 'offer' }, 0, log);
    expect(refusal(t, { t: 'draw', by: 'black', seat: 'black', action: 'offer' })).toBe(
      'already-offered',
    );
    act(t, { t: 'move', by: 'white', seat: 'white', move: 'f1-f2', version: t.version }, 0, log);
    expect(t.drawOffer).toBeUndefined();
    expect(refusal(t, { t: 'draw', by: 'white', seat: 'white', action: 'accept' })).toBe(
      'no-draw-offer',
    );
  });

  it('does not start play, or take moves, until both seats are taken', () => {
    const t = newTable('abcdefghij', CLOCKED);
    expect(refusal(t, { t: 'move', by: 'white', seat: 'white', move: 'f1-f2', version: 0 })).toBe(
      'waiting-for-opponent',
    );
    expect(refusal(t, { t: 'resign', by: 'white', seat: 'white' })).toBeUndefined();
  });

  describe('before both sides of a lobby game have moved', () => {
    const LOBBY: GameSetup = {
      ...CLOCKED,
      seats: { white: 'w-hash', black: 'b-hash' },
      players: { white: 'whiteplayr', black: 'blackplayr' },
    };
    const first = (t: Table, seat: 'white' | 'black', move: string, log: GameEvent[]) =>
      act(t, { t: 'move', by: seat, seat, move, version: t.version }, 0, log);

    it('aborts a resignation, counting for nobody, until both have moved', () => {
      for (const rated of [true, false]) {
        const t = newTable('abcdefghij', { ...LOBBY, rated });
        const log: GameEvent[] = [];
        expect(act(t, { t: 'resign', by: 'black', seat: 'black' }, 5, log)).toEqual({
          kind: 'abort',
          seat: 'black',
          at: 5,
        });
        expect(outcomeOf(t)).toEqual({ winner: null, reason: 'aborted' });
      }
      const t = newTable('abcdefghij', LOBBY);
      const log: GameEvent[] = [];
      first(t, 'white', 'f1-f2', log);
      expect(act(t, { t: 'resign', by: 'white', seat: 'white' }, 5, log).kind).toBe('abort');
      const played = newTable('abcdefghij', LOBBY);
      first(played, 'white', 'f1-f2', log);
      first(played, 'black', 'f11-f10', log);
      expect(act(played, { t: 'resign', by: 'black', seat: 'black' }, 5, log).kind).toBe('resign');
      // A game by link has no abort: its resignation is one, whenever.
      const link = newTable('abcdefghij', { ...CLOCKED, seats: LOBBY.seats });
      expect(act(link, { t: 'resign', by: 'white', seat: 'white' }, 5, log).kind).toBe('resign');
    });

    it('tells the pages the time left for the first move of each side, until both have moved', () => {
      const t = newTable('abcdefghij', LOBBY, 1000);
      const log: GameEvent[] = [];
      expect(clockView(t, 8000)).toMatchObject({ running: null, first: 23_000 });
      act(
        t,
        { t: 'move', by: 'white', seat: 'white', move: 'f1-f2', version: t.version },
        9000,
        log,
      );
      expect(clockView(t, 19_000)).toMatchObject({ running: 'black', first: 20_000 });
      act(
        t,
        { t: 'move', by: 'black', seat: 'black', move: 'f11-f10', version: t.version },
        20_000,
        log,
      );
      expect(clockView(t, 20_000)).not.toHaveProperty('first');
      // A game by link waits for nobody's first move.
      const link = newTable('abcdefghij', { ...CLOCKED, seats: LOBBY.seats });
      expect(clockView(link, 0)).not.toHaveProperty('first');
    });

    it('aborts a draw agreed in a casual game, and takes no draw offer in a rated one', () => {
      const casual = newTable('abcdefghij', { ...LOBBY, rated: false });
      const log: GameEvent[] = [];
      act(casual, { t: 'draw', by: 'white', seat: 'white', action: 'offer' }, 1, log);
      expect(
        act(casual, { t: 'draw', by: 'black', seat: 'black', action: 'accept' }, 2, log),
      ).toEqual({ kind: 'abort', seat: 'black', at: 2 });
      const rated = newTable('abcdefghij', { ...LOBBY, rated: true });
      const offer = { t: 'draw', by: 'white', seat: 'white', action: 'offer' } as const;
      expect(refusal(rated, offer)).toBe('too-early');
      // Each side's tenth move made, a draw may be offered and agreed.
      for (let i = 0; i < 2 * DRAW_AFTER_MOVES; i++) {
        const seat = rated.game.position.turnColour;
        const legal = rated.game.legalMoves().find((m) => {
          rated.game.play(m);
          const quiet = !rated.game.outcome && rated.game.occurrences() === 1;
          rated.game.undo();
          return quiet;
        })!;
        act(
          rated,
          { t: 'move', by: seat, seat, move: makeMoveText(legal), version: rated.version },
          0,
          log,
        );
        if (i < 2 * DRAW_AFTER_MOVES - 1 && rated.game.position.turnColour === 'white') {
          expect(refusal(rated, offer)).toBe('too-early');
        }
      }
      expect(act(rated, offer, 3, log).kind).toBe('draw-offer');
      expect(
        act(rated, { t: 'draw', by: 'black', seat: 'black', action: 'accept' }, 4, log).kind,
      ).toBe('draw-accept');
      expect(outcomeOf(rated)).toEqual({ winner: null, reason: 'agreement' });
    });
  });

  describe('a correspondence game (days per move)', () => {
    const DAYS: GameSetup = {
      variant: 'standard',
      clock: null,
      days: 2,
      seats: { white: 'w-hash', black: 'b-hash' },
      players: { white: 'whiteplayr', black: 'blackplayr' },
      rated: true,
    };
    const play = (t: Table, seat: 'white' | 'black', move: string, at: number, log: GameEvent[]) =>
      act(t, { t: 'move', by: seat, seat, move, version: t.version }, at, log);

    it('gives each mover the whole of its days again, and is lost by a deadline let pass', () => {
      const t = newTable('abcdefghij', DAYS, 0);
      const log: GameEvent[] = [];
      expect(clockView(t, 0)).toMatchObject({ days: 2, initial: 2 * DAY_MS, running: null });
      play(t, 'white', 'f1-f2', DAY_MS, log);
      play(t, 'black', 'f11-f10', 2 * DAY_MS, log);
      // White thought for a day, yet has two days for the next move, not one.
      expect(clockView(t, 2 * DAY_MS)).toMatchObject({ white: 2 * DAY_MS, black: 2 * DAY_MS });
      expect(alarmAt(t)).toBe(4 * DAY_MS);
      expect(deadlineOf(t)).toBe(4 * DAY_MS);
      // Not a process's to watch in memory: the store keeps the deadline.
      expect(watched(t)).toBe(false);
      expect(refusal(t, { t: 'flag' }, 4 * DAY_MS - 1)).toBe('no-flag');
      expect(decide(t, { t: 'flag' }, 4 * DAY_MS)).toMatchObject({
        ok: true,
        event: { kind: 'timeout', seat: 'white' },
      });
    });

    it('with weekends off, counts no Saturday or Sunday against a deadline', () => {
      // 1 January 1970, the epoch, was a Thursday: day 1 is a Friday, days 2 and 3 the weekend.
      const t = newTable('abcdefghij', { ...DAYS, days: 1, weekendsOff: true }, 0);
      const log: GameEvent[] = [];
      play(t, 'white', 'f1-f2', DAY_MS, log);
      // Black's first move is due by the end of Friday, not on Saturday's.
      expect(abortDeadline(t)).toBe(2 * DAY_MS);
      play(t, 'black', 'f11-f10', 1.5 * DAY_MS, log);
      // White's day from Friday noon: twelve hours of Friday, twelve of Monday.
      expect(alarmAt(t)).toBe(4.5 * DAY_MS);
      expect(deadlineOf(t)).toBe(4.5 * DAY_MS);
      expect(clockView(t, 2.5 * DAY_MS)).toMatchObject({ white: DAY_MS / 2, weekendsOff: true });
      expect(clockView(t, 4 * DAY_MS)).toMatchObject({ white: DAY_MS / 2 });
      expect(clockView(t, 4.25 * DAY_MS)).toMatchObject({ white: DAY_MS / 4 });
      expect(refusal(t, { t: 'flag' }, 4.5 * DAY_MS - 1)).toBe('no-flag');
      expect(decide(t, { t: 'flag' }, 4.5 * DAY_MS)).toMatchObject({
        ok: true,
        event: { kind: 'timeout', seat: 'white' },
      });
      // Replayed from the store, the same deadline.
      const again = restoreTable(
        { id: t.id, createdAt: 0, setup: t.setup, events: log },
        2 * DAY_MS,
      );
      expect(alarmAt(again)).toBe(4.5 * DAY_MS);
    });

    it('is called off, not lost, when a first move is not made in the days', () => {
      const t = newTable('abcdefghij', DAYS, 0);
      const log: GameEvent[] = [];
      // The 30 seconds of a live lobby game do not apply.
      expect(refusal(t, { t: 'abort' }, 60_000)).toBe('no-flag');
      play(t, 'white', 'f1-f2', DAY_MS, log);
      expect(abortDeadline(t)).toBe(3 * DAY_MS);
      expect(decide(t, { t: 'abort' }, 3 * DAY_MS)).toMatchObject({
        ok: true,
        event: { kind: 'abort', seat: 'black' },
      });
      const ended = restoreTable({ id: t.id, createdAt: 0, setup: DAYS, events: log }, 0);
      applyEvent(ended, { kind: 'abort', seat: 'black', at: 3 * DAY_MS });
      expect(outcomeOf(ended)).toEqual({ winner: null, reason: 'aborted' });
      expect(deadlineOf(ended)).toBeNull();
    });
  });
});

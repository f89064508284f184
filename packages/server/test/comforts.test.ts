// Takebacks and quick messages in the referee and the table, with the time passed in by hand:
// what is allowed, what each event does to the board and the clocks, and that the stored log
// replays to the same game.

import { type Colour, cellName, makeMoveText, moveFrom } from '@agon/engine';
import { QUICK_MESSAGE_GAP_MS } from '@agon/protocol';
import { describe, expect, it } from 'vitest';
import type { Command } from '../src/game/referee.ts';
import type { GameEvent, GameSetup } from '../src/game/store.ts';
import { clockView, newTable, restoreTable, type Table } from '../src/game/table.ts';
import { act, CLOCKED, move, refusal } from './rulings.ts';

/** A casual lobby game: players known, not rated. */
const CASUAL: GameSetup = { ...CLOCKED, players: { white: 'p-w', black: 'p-b' }, rated: false };
const RATED: GameSetup = { ...CASUAL, rated: true };

/** A table with both seats taken (at 0) and a log of its events. */
function game(setup: GameSetup): { t: Table; log: GameEvent[] } {
  const t = newTable('abcdefghij', setup);
  const log: GameEvent[] = [];
  act(t, { t: 'join', token: 'b-hash' }, 0, log);
  return { t, log };
}

const takeback = (
  seat: Colour,
  action: 'offer' | 'accept' | 'decline',
  by: Colour | null = seat,
): Command => ({ t: 'takeback', by, seat, action });

const replayed = (t: Table, log: GameEvent[], now: number): Table =>
  restoreTable({ id: t.id, createdAt: 0, setup: t.setup, events: log }, now);

describe('takebacks', () => {
  it("undo the asker's last move and the reply after it, with no time given back", () => {
    const { t, log } = game(CLOCKED);
    const first = move(t, 'white', 1000, log);
    move(t, 'black', 3000, log);
    move(t, 'white', 6000, log);
    expect(clockView(t, 6000)).toMatchObject({ white: 59_000, black: 60_000, running: 'black' });
    // Black's last move was answered by White: both go, and Black chooses again.
    expect(act(t, takeback('black', 'offer'), 7000, log)).toMatchObject({ kind: 'takeback-offer' });
    expect(t.takebackOffer).toBe('black');
    expect(refusal(t, takeback('black', 'accept'))).toBe('no-takeback-offer');
    expect(refusal(t, takeback('black', 'offer'))).toBe('already-offered');
    expect(refusal(t, takeback('white', 'offer'))).toBe('already-offered');
    const stale = t.version;
    expect(act(t, takeback('white', 'accept'), 9000, log)).toEqual({
      kind: 'takeback-accept',
      seat: 'white',
      undone: 2,
      spent: 3000,
      at: 9000,
    });
    expect(t.game.moves.map(makeMoveText)).toEqual([first]);
    expect(t.game.chooser).toBe('black');
    expect(t.takebackOffer).toBeUndefined();
    // Black's 3 s of thought up to the takeback stay spent; Black's clock runs again from there.
    expect(clockView(t, 9000)).toMatchObject({ white: 59_000, black: 57_000, running: 'black' });
    // A move made on the board before the takeback is stale.
    const old = makeMoveText(t.game.legalMoves()[0]!);
    expect(
      refusal(t, { t: 'move', by: 'black', seat: 'black', move: old, version: stale }, 9500),
    ).toBe('stale');
    move(t, 'black', 10_000, log);
    // The log replays to the same game, clocks and offers.
    const again = replayed(t, log, 10_000);
    expect(again.game.moves).toEqual(t.game.moves);
    expect(again.version).toBe(t.version);
    expect(again.boardVersion).toBe(t.boardVersion);
    expect(clockView(again, 10_000)).toEqual(clockView(t, 10_000));
  });

  it('undo only the last move when the opponent has not replied yet', () => {
    const { t, log } = game(CLOCKED);
    move(t, 'white', 1000, log);
    move(t, 'black', 2000, log);
    act(t, takeback('black', 'offer'), 2500, log);
    expect(act(t, takeback('white', 'accept'), 3000, log)).toMatchObject({ undone: 1 });
    expect(t.game.moves).toHaveLength(1);
    expect(t.game.chooser).toBe('black');
  });

  it('are declined, and not asked again until a move is made', () => {
    const { t, log } = game(CLOCKED);
    move(t, 'white', 1000, log);
    act(t, takeback('white', 'offer'), 1500, log);
    expect(refusal(t, takeback('white', 'decline'))).toBe('no-takeback-offer');
    act(t, takeback('black', 'decline'), 2000, log);
    expect(t.takebackOffer).toBeUndefined();
    expect(t.game.moves).toHaveLength(1);
    expect(refusal(t, takeback('white', 'offer'))).toBe('no-takeback');
    expect(refusal(t, takeback('black', 'accept'))).toBe('no-takeback-offer');
    move(t, 'black', 3000, log);
    expect(refusal(t, takeback('white', 'offer'))).toBeUndefined();
    expect(replayed(t, log, 3000).takebackDeclined).toBeUndefined();
  });

  it('are cancelled by a move', () => {
    const { t, log } = game(CLOCKED);
    move(t, 'white', 1000, log);
    move(t, 'black', 2000, log);
    act(t, takeback('black', 'offer'), 2500, log);
    // White moves instead of answering: the asking was about another board.
    move(t, 'white', 3000, log);
    expect(t.takebackOffer).toBeUndefined();
    expect(refusal(t, takeback('white', 'accept'))).toBe('no-takeback-offer');
    expect(replayed(t, log, 3000).takebackOffer).toBeUndefined();
  });

  it('are refused in rated games, before a move, to watchers and after the end', () => {
    const rated = game(RATED);
    move(rated.t, 'white', 1000, rated.log);
    move(rated.t, 'black', 2000, rated.log);
    move(rated.t, 'white', 3000, rated.log);
    expect(refusal(rated.t, takeback('white', 'offer'))).toBe('rated-game');
    const { t, log } = game(CLOCKED);
    expect(refusal(t, takeback('white', 'offer'))).toBe('no-takeback');
    expect(refusal(t, takeback('white', 'offer', null))).toBe('spectator');
    expect(refusal(t, takeback('white', 'offer', 'black'))).toBe('not-your-seat');
    move(t, 'white', 1000, log);
    act(t, { t: 'resign', by: 'black', seat: 'black' }, 2000, log);
    expect(refusal(t, takeback('white', 'offer'))).toBe('game-over');
  });

  it("keep a casual lobby game past both sides' first moves", () => {
    const { t, log } = game(CASUAL);
    move(t, 'white', 1000, log);
    move(t, 'black', 2000, log);
    expect(refusal(t, takeback('black', 'offer'))).toBe('no-takeback');
    move(t, 'white', 3000, log);
    expect(refusal(t, takeback('white', 'offer'))).toBeUndefined();
  });

  it('R15: take the touch back with the board it was made on', () => {
    const { t, log } = game({ ...CLOCKED, touchMove: true });
    move(t, 'white', 1000, log);
    move(t, 'black', 2000, log);
    act(t, takeback('black', 'offer'), 2500, log);
    const cell = cellName(moveFrom(t.game.legalMoves()[0]!));
    act(t, { t: 'touch', by: 'white', seat: 'white', cell, version: t.version }, 2600, log);
    expect(t.game.touched).toBeGreaterThanOrEqual(0);
    act(t, takeback('white', 'accept'), 3000, log);
    expect(t.game.touched).toBe(-1);
    expect(t.game.chooser).toBe('black');
    expect(replayed(t, log, 3000).game.touched).toBe(-1);
  });

  it("R16: the captor's placing of a queen is the captor's move to take back", () => {
    const { t, log } = game({ ...CLOCKED, captorPlacesQueen: true });
    const plays = [
      ['white', 'h9-g10', 1000],
      ['black', 'f11-f10', 3000],
      ['white', 'd9-e9', 6000],
    ] as const;
    for (const [seat, m, now] of plays) {
      act(t, { t: 'move', by: seat, seat, move: m, version: t.version }, now, log);
    }
    expect(t.game.position.owesQueen).toBe(true);
    move(t, 'white', 7000, log); // White places Black's queen, on Black's turn
    act(t, takeback('white', 'offer'), 7500, log);
    expect(act(t, takeback('black', 'accept'), 8000, log)).toMatchObject({ undone: 1 });
    // Back to the placement: Black's turn, White chooses, on White's clock.
    expect(t.game.position.owesQueen).toBe(true);
    expect(t.game.chooser).toBe('white');
    expect(clockView(t, 8000)?.running).toBe('white');
  });
});

describe('quick messages', () => {
  const say = (seat: Colour, by: Colour | null = seat): Command => ({
    t: 'say',
    by,
    seat,
    message: 'good-luck',
  });

  it('are logged for the seat that says them, and make no move stale', () => {
    const { t, log } = game(CLOCKED);
    const version = t.version;
    expect(act(t, say('white'), 100, log)).toEqual({
      kind: 'say',
      seat: 'white',
      message: 'good-luck',
      at: 100,
    });
    const m = makeMoveText(t.game.legalMoves()[0]!);
    expect(refusal(t, { t: 'move', by: 'white', seat: 'white', move: m, version }, 200)).toBe(
      undefined,
    );
    expect(refusal(t, say('white', null))).toBe('spectator');
    expect(refusal(t, say('black', 'white'))).toBe('not-your-seat');
    expect(replayed(t, log, 200).said).toEqual(t.said);
  });

  it(`come ${QUICK_MESSAGE_GAP_MS} ms apart and five a minute per seat`, () => {
    const { t, log } = game(CLOCKED);
    act(t, say('white'), 0, log);
    expect(refusal(t, say('white'), 1999)).toBe('too-many-messages');
    // The other seat has its own count.
    expect(refusal(t, say('black'), 1000)).toBeUndefined();
    for (const now of [2000, 4000, 6000, 8000]) act(t, say('white'), now, log);
    expect(refusal(t, say('white'), 10_000)).toBe('too-many-messages');
    expect(refusal(t, say('white'), 59_999)).toBe('too-many-messages');
    expect(refusal(t, say('white'), 60_000)).toBeUndefined();
    // The limit holds after a restart: it is read from the log.
    expect(refusal(replayed(t, log, 10_000), say('white'), 10_000)).toBe('too-many-messages');
  });

  it('may be said after the end, and the game keeps only the latest', () => {
    const { t, log } = game(CLOCKED);
    move(t, 'white', 1000, log);
    act(t, { t: 'resign', by: 'black', seat: 'black' }, 2000, log);
    for (let i = 0; i < 30; i++) act(t, say(i % 2 ? 'black' : 'white'), 2000 + i * 30_000, log);
    expect(t.said).toHaveLength(20);
    expect(t.said.at(-1)?.version).toBe(t.version);
  });
});

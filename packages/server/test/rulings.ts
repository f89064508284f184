// The referee's rulings applied to a table by hand, for the in-process tests of a game's rules:
// the time is passed in, and every event kept in a log that a test may replay.

import { type Colour, makeMoveText } from '@agon/engine';
import { type Command, decide } from '../src/game/referee.ts';
import type { GameEvent, GameSetup } from '../src/game/store.ts';
import { applyEvent, type Table } from '../src/game/table.ts';

/** A game of 1+2 on the standard board, White's seat taken. */
export const CLOCKED: GameSetup = {
  variant: 'standard',
  clock: { initial: 60_000, increment: 2000 },
  seats: { white: 'w-hash' },
};

/** Rules on a command and applies the event; fails the test on a refusal. */
export function act(t: Table, c: Command, now: number, log: GameEvent[]): GameEvent {
  const ruling = decide(t, c, now);
  if (!ruling.ok) throw new Error(`${ruling.error.code}: ${ruling.error.message}`);
  applyEvent(t, ruling.event);
  log.push(ruling.event);
  return ruling.event;
}

/** The code of the refusal of `c` at `now`; undefined if it would be allowed. */
export const refusal = (t: Table, c: Command, now = 0): string | undefined => {
  const ruling = decide(t, c, now);
  return ruling.ok ? undefined : ruling.error.code;
};

/** `seat` plays the engine's first legal move at `now`; answers its text. */
export function move(t: Table, seat: Colour, now: number, log: GameEvent[]): string {
  const text = makeMoveText(t.game.legalMoves()[0]!);
  act(t, { t: 'move', by: seat, seat, move: text, version: t.version }, now, log);
  return text;
}

// The house bots' search threads: every level of the roster answers a legal move off the main
// thread, and under R16 a bot that captured a queen chooses where she goes, as the captor.

import { makeMoveText, parseMoveText } from '@agon/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { HOUSE_BOTS } from '../src/bot/house.ts';
import { Thinker } from '../src/bot/thinker.ts';
import { startFor } from '../src/game/table.ts';

const thinker = new Thinker(2);
afterAll(() => thinker.close());

/** The game after `moves` under `captorPlacesQueen`. */
function played(moves: readonly string[], captorPlacesQueen = false) {
  const game = startFor({ variant: 'standard', captorPlacesQueen });
  for (const text of moves) {
    const move = parseMoveText(text);
    if (move.ok) game.play(move.value);
  }
  return game;
}

/** Whether `move` is legal after `moves` under `captorPlacesQueen`. */
function legal(moves: readonly string[], move: string, captorPlacesQueen = false): boolean {
  const game = played(moves, captorPlacesQueen);
  const parsed = parseMoveText(move);
  return parsed.ok && game.legalMoves().map(makeMoveText).includes(makeMoveText(parsed.value));
}

describe('the house bots’ search threads', () => {
  it('answer a legal move at every level of the roster, several at once', async () => {
    const thoughts = await Promise.all(
      HOUSE_BOTS.map((bot) =>
        thinker.think({ rules: { variant: 'standard' }, moves: [], level: bot.level, seed: 1 }),
      ),
    );
    for (const thought of thoughts) {
      expect(thought.move).not.toBeNull();
      expect(legal([], thought.move!)).toBe(true);
    }
  });

  it("place a captured queen as the captor under R16, on the owner's turn", async () => {
    // White takes Black's queen on f10: Black's turn, White chooses her cell.
    const moves = ['h9-g10', 'f11-f10', 'd9-e9'];
    const game = played(moves, true);
    expect(game.position.turnColour).toBe('black');
    expect(game.chooser).toBe('white');
    const rules = { variant: 'standard', captorPlacesQueen: true } as const;
    for (const level of [1, 9]) {
      const thought = await thinker.think({ rules, moves, level, seed: 2 });
      expect(thought.move).toMatch(/^f10@/);
      expect(legal(moves, thought.move!, true)).toBe(true);
    }
  });
});

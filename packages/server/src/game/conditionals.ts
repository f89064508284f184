// Conditional moves in a game of days (docs/notebook.md): lines of turns a player set from a
// position where the opponent chooses. When a committed turn leaves a line's next turn to that
// player, the server plays it for them at once (room.ts); when the game leaves every line,
// they are dropped. Lines are kept per player and game, read only by their player and by the
// process committing a move, so they work the same on one process and in a cluster.

import { type Colour, Game, makeMoveText, PASS_MOVE, parseMoveText } from '@agon/engine';
import type { Checked, ConditionalLines, Refusal } from '@agon/protocol';

/** Where conditional moves are kept, per game and player. */
export interface ConditionalStore {
  /** A player's conditional moves in a game, if they keep any. */
  conditionalLines(game: string, player: string): Promise<ConditionalLines | undefined>;
  /** Replaces a player's conditional moves in a game; undefined drops them. */
  saveConditionalLines(
    game: string,
    player: string,
    lines: ConditionalLines | undefined,
  ): Promise<void>;
}

/** The store of a server whose games keep no conditional moves (the tests of one game). */
export const NO_CONDITIONALS: ConditionalStore = {
  conditionalLines: async () => undefined,
  saveConditionalLines: async () => undefined,
};

/** What the game's turns so far make of a player's lines. */
export interface Followed {
  /** The lines the game is still on, with a turn left; undefined: none. */
  readonly kept: ConditionalLines | undefined;
  /** The next turn of the lines kept, which the server plays if it is the player's to choose. */
  readonly next: string | undefined;
}

/**
 * Follows `lines` along `moves`, the game's turns in canonical notation: a line stays while
 * the turns since its start are its first turns and it has a turn left. Lines that agree so
 * far agree on the player's next turn (checkLines refuses any that do not).
 */
export function followLines(lines: ConditionalLines, moves: readonly string[]): Followed {
  const played = moves.slice(lines.from);
  // Fewer turns than the lines start from: a takeback undid their position.
  if (moves.length < lines.from) return { kept: undefined, next: undefined };
  const live = lines.lines.filter(
    (line) => line.length > played.length && played.every((m, i) => line[i] === m),
  );
  if (live.length === 0) return { kept: undefined, next: undefined };
  return { kept: { from: lines.from, lines: live }, next: live[0]![played.length] };
}

/** The refusal of conditional moves. */
const refuse = (message: string): { readonly ok: false; readonly error: Refusal } => ({
  ok: false,
  error: { code: 'bad-lines', message },
});

/**
 * Checks `lines` that the player at `seat` sets in `game` as it is now: set while the opponent
 * chooses, from the turn the game is at; every turn legal in turn from there (under the game's
 * R15 and R16), the player's turns never `pass`, each line ending with a turn of the player's,
 * and lines that share their first turns agreeing on the player's next. Answers the lines in
 * canonical notation.
 */
export function checkLines(
  game: Game,
  seat: Colour,
  lines: ConditionalLines,
): Checked<ConditionalLines> {
  if (game.outcome) return refuse('the game is over');
  if (lines.from !== game.moves.length) {
    return {
      ok: false,
      error: {
        code: 'stale',
        message: `the game has ${game.moves.length} turns played, not ${lines.from}: read it again`,
      },
    };
  }
  if (game.chooser === seat) {
    return refuse("it is your turn: conditional moves start with your opponent's turn");
  }
  const canonical: string[][] = [];
  /** The player's turn each run of first turns leads to, by the turns before it. */
  const answers = new Map<string, string>();
  for (const [n, line] of lines.lines.entries()) {
    const replay = new Game(game.initial, game.options);
    for (const m of game.moves) replay.play(m);
    const texts: string[] = [];
    let last: Colour | undefined;
    for (const [i, text] of line.entries()) {
      const where = `line ${n + 1}, turn ${i + 1} (${text.slice(0, 12)})`;
      const chooser = replay.chooser;
      if (!chooser) return refuse(`${where}: the game is over before it`);
      const move = parseMoveText(text);
      if (!move.ok) return refuse(`${where}: ${move.error.message}`);
      if (chooser === seat && move.value === PASS_MOVE) {
        return refuse(`${where}: pass only follows a touch (R15), never a conditional move`);
      }
      const played = replay.play(move.value);
      if (!played.ok) return refuse(`${where}: ${played.error.message}`);
      const canon = makeMoveText(move.value);
      if (chooser === seat) {
        const before = texts.join(' ');
        const known = answers.get(before);
        if (known !== undefined && known !== canon) {
          return refuse(`${where}: another line answers the same turns with ${known}`);
        }
        answers.set(before, canon);
      }
      texts.push(canon);
      last = chooser;
    }
    if (last !== seat)
      return refuse(`line ${n + 1} ends with your opponent's turn: add your answer`);
    canonical.push(texts);
  }
  return { ok: true, value: { from: lines.from, lines: canonical } };
}

// The built-in contenders of `agon match`, which need no process: `random`, a uniformly random
// legal move, and `novice`, a model of a person who has just learned the rules. Both draw from
// a seeded generator so that a match can be replayed.

import {
  type Game,
  type Move,
  makeMoveText,
  moveFrom,
  moveKind,
  moveTo,
  type Position,
  ring,
  STEP,
  seededRandom,
} from '@agon/engine';
import type { Contender } from './contender.ts';

/** The names `--a` and `--b` accept for built-in players. */
const BUILT_IN = ['random', 'novice'] as const;

/** One of the built-in players. */
type BuiltInName = (typeof BUILT_IN)[number];

/** Whether a `--a`/`--b` command names a built-in player. */
export function isBuiltIn(command: string): command is BuiltInName {
  return (BUILT_IN as readonly string[]).includes(command);
}

/** A built-in player: `random` or `novice`. */
export class BuiltInMover implements Contender {
  /** It cannot crash. */
  readonly alive = true;
  /** It chooses as captor under R16 by itself. */
  readonly scoresRelocations = false;
  private random = seededRandom(0);

  /** A player whose choices in a game follow that game's seed mixed with `salt`. */
  constructor(
    readonly name: BuiltInName,
    private readonly salt: number,
  ) {}

  /** Restarts its generator from `seed`. */
  async newGame(seed: number): Promise<void> {
    this.random = seededRandom(seed ^ this.salt);
  }

  /** Its turn, or under R16 its choice as captor; `none` when there is none. */
  async move(game: Game): Promise<string> {
    const moves = game.legalMoves();
    if (moves.length === 0) return 'none';
    const captor = game.chooser !== game.position.turnColour;
    const pool =
      this.name === 'random'
        ? moves
        : captor
          ? noviceCaptorChoices(game.position, moves)
          : noviceChoices(game.position, moves);
    return makeMoveText(pool[Math.floor(this.random() * pool.length)]!);
  }

  /** Nothing to let go. */
  async close(): Promise<void> {}
}

// What someone who knows the rules and the goal but does not yet look ahead plays: a turn
// that completes their throne ring (R11) if there is one, else the steps that capture most
// (R9), else the steps that bring a piece nearest the throne, the queen first; relocations
// and placements go wherever the rules allow. The opponent's threats go unseen.
function noviceChoices(pos: Position, moves: readonly Move[]): Move[] {
  const us = pos.turn;
  return bestOf(moves, (move) => {
    pos.make(move);
    const wins = pos.throneRing() === us;
    pos.unmake();
    if (wins) return 1e6;
    if (moveKind(move) !== STEP) return 0;
    const from = moveFrom(move);
    const inward = ring[from]! - ring[moveTo(move)]!;
    const queen = pos.pieceAt(from)?.role === 'queen';
    return pos.stepCaptures(move) * 1000 + inward * (queen ? 20 : 10);
  });
}

// The novice as captor under R16 (the relocations are the owner's, `pos.turn`): never a cell
// that completes the owner's throne ring (R11), a cell that makes the owner lose if there is
// one, else a cell as far from the throne as there is, the mirror of its own greed.
function noviceCaptorChoices(pos: Position, moves: readonly Move[]): Move[] {
  const owner = pos.turnColour;
  return bestOf(moves, (move) => {
    pos.make(move);
    const winner = pos.outcome()?.winner;
    pos.unmake();
    return winner === owner ? -1e6 : winner !== undefined ? 1e6 : ring[moveTo(move)]!;
  });
}

// The moves of highest score, all of them when several tie.
function bestOf(moves: readonly Move[], score: (move: Move) => number): Move[] {
  let best: Move[] = [];
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const move of moves) {
    const s = score(move);
    if (s > bestScore) {
      bestScore = s;
      best = [move];
    } else if (s === bestScore) best.push(move);
  }
  return best;
}

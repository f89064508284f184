// Game review: every position of a game searched for a fixed time, then each move judged by
// how much it lowered the mover's chances. The judging is plain arithmetic on the chances, so
// it is tested without an engine; the searching runs in the analysis Worker.

import type { Colour } from '@agon/engine';
import { positionCommand } from '../lib/engine-client.ts';
import { parseInfo, type Score } from './analyst.ts';

/** What the engine said about one position: its score, best line and White's chances. */
export interface Verdict {
  readonly score: Score;
  readonly pv: readonly string[];
  /** White's chances (0-1: a win 1, a draw half) by the engine's score. */
  readonly chances: number;
}

/** How bad a move was, by the drop in the mover's chances. */
export type Mark = 'inaccuracy' | 'mistake' | 'blunder';

/**
 * The drops in the mover's chances (0-1) from which a move is marked: 5, 10 and 15 points of
 * the expected result, the scale lichess uses (10, 20 and 30 on its -1..1 scale).
 */
const THRESHOLDS: readonly (readonly [Mark, number])[] = [
  ['blunder', 0.15],
  ['mistake', 0.1],
  ['inaccuracy', 0.05],
];

/** One move of a reviewed game. */
export interface MoveReview {
  /** The turn's number from 1: the move that leads to position `ply`. */
  readonly ply: number;
  readonly mover: Colour;
  /** How much the move lowered the mover's chances (0 when it did not). */
  readonly loss: number;
  readonly mark: Mark | undefined;
  /** The engine's best move instead, when another move was played; and its line. */
  readonly best: readonly string[] | undefined;
}

/** A player's summary: how many of each mark, and the average loss per move. */
export interface Summary {
  readonly counts: Readonly<Record<Mark, number>>;
  readonly averageLoss: number;
  readonly moves: number;
}

/** The mark for a drop in chances, or undefined below every threshold. */
export function markFor(loss: number): Mark | undefined {
  return THRESHOLDS.find(([, limit]) => loss >= limit)?.[0];
}

/**
 * Judges each move of a game from the verdicts on its positions (`verdicts[i]` after `i`
 * turns; one more than the moves). `moves` are the moves in notation and `movers` who chose
 * each (the side to move, or under R16 the captor placing a captured queen).
 */
export function judge(
  verdicts: readonly Verdict[],
  moves: readonly string[],
  movers: readonly Colour[],
): MoveReview[] {
  return moves.map((move, i) => {
    const mover = movers[i]!;
    const before = verdicts[i]!.chances;
    const after = verdicts[i + 1]!.chances;
    const drop = mover === 'white' ? before - after : after - before;
    const loss = Math.max(0, drop);
    const bestLine = verdicts[i]!.pv;
    const best = bestLine[0] !== undefined && bestLine[0] !== move ? bestLine : undefined;
    return { ply: i + 1, mover, loss, mark: markFor(loss), best };
  });
}

/** Each player's summary of a reviewed game. */
export function summarise(reviews: readonly MoveReview[]): Record<Colour, Summary> {
  const of = (colour: Colour): Summary => {
    const mine = reviews.filter((r) => r.mover === colour);
    const counts = { inaccuracy: 0, mistake: 0, blunder: 0 };
    for (const r of mine) if (r.mark) counts[r.mark]++;
    const total = mine.reduce((sum, r) => sum + r.loss, 0);
    return { counts, averageLoss: mine.length ? total / mine.length : 0, moves: mine.length };
  };
  return { white: of('white'), black: of('black') };
}

/** Searches one position for a fixed time in a Worker and reports the engine's verdict. */
export class Reviewer {
  private worker: Worker | undefined;
  /** Rejects the evaluation under way, for `stop`. */
  private stopped: ((e: Error) => void) | undefined;

  /** Workers come from `spawn`; `chances` turns a score for `turn` into White's chances. */
  constructor(
    private readonly spawn: () => Worker,
    private readonly chances: (score: Score, turn: Colour) => number,
  ) {}

  /**
   * The verdict on the position after `moves` from `startApn`, searched for `movetime` ms
   * (under R16 when `captor`); `turn` is the side to move there. Rejects when stopped.
   */
  evaluate(
    startApn: string,
    moves: readonly string[],
    turn: Colour,
    movetime: number,
    captor: boolean,
  ): Promise<Verdict> {
    this.worker ??= this.spawn();
    const worker = this.worker;
    return new Promise((resolve, reject) => {
      let last: { score: Score; pv: readonly string[] } | undefined;
      worker.onmessage = (e: MessageEvent<string>) => {
        const info = parseInfo(e.data);
        if (info && info.rank === 1) last = { score: info.score, pv: info.pv };
        if (!e.data.startsWith('bestmove')) return;
        // A finished game has no score: it is decided, by the rules, from the moves.
        const score = last?.score ?? { kind: 'cp', value: 0 };
        resolve({ score, pv: last?.pv ?? [], chances: this.chances(score, turn) });
      };
      worker.onerror = () => reject(new Error('the engine failed'));
      this.stopped = reject;
      worker.postMessage(
        [
          'setoption name MultiPV value 1',
          `setoption name CaptorPlacesQueen value ${captor}`,
          positionCommand(startApn, moves),
          `go movetime ${movetime}`,
        ].join('\n'),
      );
    });
  }

  /** Stops the search under way; its promise rejects. */
  stop(): void {
    this.worker?.terminate();
    this.worker = undefined;
    this.stopped?.(new Error('stopped'));
    this.stopped = undefined;
  }
}

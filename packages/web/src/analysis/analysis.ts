// The analysis board's state: the study (main line and side lines), where the board is, and
// what the engine says about it. The engine thinks about whatever position is shown, all the
// time, in its own Worker.

import {
  type Colour,
  type Game,
  type Move,
  makeApn,
  makeMove,
  makeMoveText,
  moveFrom,
  moveTo,
  NO_CELL,
  PLACEMENT,
  parseMoveText,
  whiteChances,
} from '@agon/engine';
import { computed, signal } from '@preact/signals';
import type { AnalysisSource } from '../app/analysis-link.ts';
import { boardConfigOf, moveCells } from '../app/board-feed.ts';
import type { BoardConfig } from '../board/config.ts';
import type { Analyst, Line, Score } from './analyst.ts';
import { type Cursor, Study } from './study.ts';

/** How many best lines the engine shows, at most. */
export const MAX_LINES = 3;

/** White's chances (0-1) for a score from `turn`'s view. */
export function chancesOf(score: Score, turn: Colour): number {
  if (score.kind === 'cp') return whiteChances(score.value, turn);
  const moverWins = score.kind === 'win';
  return moverWins === (turn === 'white') ? 1 : 0;
}

/** The analysis board of one study. */
export class AnalysisBoard {
  /** Where the board is. */
  readonly cursor = signal<Cursor>({ line: -1, ply: 0 });
  /** Bumped after every change to the (mutable) study. */
  readonly version = signal(0);
  /** The engine's best lines for the position shown. */
  readonly lines = signal<readonly Line[]>([]);
  /** How many lines to show (1 to MAX_LINES). */
  readonly count = signal(2);
  /** Whether the board is turned round. */
  readonly flipped = signal(false);
  private readonly study: Study;
  private readonly startApn: string;

  /** Opens `source` for analysis; `analyst` thinks about each position shown. */
  constructor(
    source: AnalysisSource,
    private readonly analyst: Analyst,
  ) {
    this.study = new Study(source.start, source.moves);
    this.startApn = makeApn(source.start);
    this.cursor.value = { line: -1, ply: Math.min(source.ply, source.moves.length) };
  }

  /** The study (read it; change it through the board). */
  get lineStudy(): Study {
    this.version.value;
    return this.study;
  }

  /** The game up to the board's position. */
  readonly game = computed((): Game => this.lineStudy.gameAt(this.cursor.value));

  /** The position on the board as APN. */
  readonly apn = computed(() => makeApn(this.game.value.position));

  /** White's chances by the best line, or undefined before the engine has spoken. */
  readonly chances = computed(() => {
    const best = this.lines.value[0];
    return best && chancesOf(best.score, this.game.value.position.turnColour);
  });

  /** What the board shows and allows: any legal move, for either side. */
  readonly boardConfig = computed((): BoardConfig => {
    const game = this.game.value;
    const moves = game.moves;
    const best = this.lines.value[0]?.pv[0];
    const hint = best === undefined ? undefined : parseMoveText(best);
    return {
      ...boardConfigOf({
        position: game.position,
        lastMove: moves[moves.length - 1],
        legal: game.legalMoves(),
      }),
      orientation: this.flipped.value ? 'black' : 'white',
      hint: hint?.ok ? moveCells(hint.value) : [],
    };
  });

  /** Starts the engine on the position shown; call again whenever it changes. */
  think(): void {
    this.lines.value = [];
    const game = this.game.value;
    if (game.outcome) {
      this.analyst.stop();
      return;
    }
    this.analyst.analyse(this.startApn, game.moves.map(makeMoveText), this.count.value, (lines) => {
      this.lines.value = lines;
    });
  }

  /** Stops the engine (the page is left). */
  stop(): void {
    this.analyst.stop();
  }

  /** Plays a legal move on the board, on whatever line it is. */
  play(move: Move): void {
    if (!this.game.value.legalMoves().includes(move)) return;
    this.cursor.value = this.study.play(this.cursor.value, move);
    this.version.value++;
  }

  /** The board's `move` event. */
  moveFromBoard(from: number, to: number): void {
    const move = this.game.value.legalMoves().find((m) => moveFrom(m) === from && moveTo(m) === to);
    if (move !== undefined) this.play(move);
  }

  /** The board's `place` event. */
  placeFromBoard(to: number): void {
    this.play(makeMove(PLACEMENT, NO_CELL, to));
  }

  /** Plays an engine line's moves up to and including its `index`-th. */
  playLine(line: Line, index: number): void {
    for (const text of line.pv.slice(0, index + 1)) {
      const move = parseMoveText(text);
      if (!move.ok) return;
      this.play(move.value);
    }
  }

  /** Shows the position after `ply` turns of the line the board is on (clamped to it). */
  goTo(ply: number, line = this.cursor.value.line): void {
    const cursor = { line, ply };
    const end = this.study.lineEnd(cursor);
    const first = line < 0 ? 0 : this.study.variations[line]!.at + 1;
    const clamped = Math.max(line < 0 ? 0 : first - 1, Math.min(end, ply));
    // Back past a side line's first move is the main line.
    this.cursor.value = { line: line >= 0 && clamped < first ? -1 : line, ply: clamped };
  }

  /** Makes side line `index` the main line. */
  promote(index: number): void {
    const { line, ply } = this.cursor.value;
    const at = this.study.variations[index]!.at;
    this.study.promote(index);
    // On the promoted line the board stays put; elsewhere it goes back to the branch point.
    this.cursor.value = { line: -1, ply: line === index ? ply : Math.min(ply, at) };
    this.version.value++;
  }

  /** Deletes side line `index`; a board on it goes back to where it branched. */
  remove(index: number): void {
    const v = this.study.variations[index]!;
    const cursor = this.cursor.value;
    this.study.remove(index);
    if (cursor.line === index) this.cursor.value = { line: -1, ply: v.at };
    else if (cursor.line > index) this.cursor.value = { line: cursor.line - 1, ply: cursor.ply };
    this.version.value++;
  }
}

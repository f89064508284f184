// The analysis board's state: the study (main line and side lines), where the board is, and
// what the engine says about it. The engine thinks about whatever position is shown, all the
// time, in its own Worker.

import {
  type Colour,
  type Game,
  type Move,
  makeAgn,
  makeApn,
  makeMoveText,
  parseMoveText,
  whiteChances,
} from '@agon/engine';
import { computed, signal } from '@preact/signals';
import type { BoardConfig } from '../board/config.ts';
import type { AnalysisSource } from '../lib/analysis-link.ts';
import { boardConfigOf, moveCells, moveOfTap } from '../lib/board-feed.ts';
import type { Analyst, Line, Score } from './analyst.ts';
import {
  judge,
  type MoveReview,
  type Reviewer,
  type Summary,
  summarise,
  type Verdict,
} from './review.ts';
import { type Cursor, Study } from './study.ts';

/** How long the review searches each position, in ms. */
const REVIEW_MOVETIME = 250;

/** A reviewed main line: the verdict on every position, each move judged, each player summed up. */
export interface Review {
  /** The main line it judged, in notation (a changed main line needs a new review). */
  readonly moves: readonly string[];
  readonly verdicts: readonly Verdict[];
  readonly judged: readonly MoveReview[];
  readonly summary: Readonly<Record<Colour, Summary>>;
}

/** Stored reviews, by the game they judged, so that opening it again does not redo the work. */
export interface ReviewStore {
  load(key: string): Review | undefined;
  save(key: string, review: Review): void;
}

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
  /** R16: the captor chooses a captured queen's cell in this study's games. */
  private get captor(): boolean {
    return this.study.options.captorPlacesQueen === true;
  }
  private readonly startApn: string;

  /** The review of the main line, when there is one for the main line as it is now. */
  readonly review = signal<Review | undefined>(undefined);
  /** While a review runs: how many positions of how many are done. */
  readonly reviewing = signal<{ readonly done: number; readonly total: number } | undefined>(
    undefined,
  );

  /**
   * Opens `source` for analysis; `analyst` thinks about each position shown, `reviewer`
   * reviews games, and `reviews` keeps the reviews made.
   */
  constructor(
    source: AnalysisSource,
    private readonly analyst: Analyst,
    private readonly reviewer?: Reviewer,
    private readonly reviews?: ReviewStore,
    private readonly keep?: (source: AnalysisSource) => void,
  ) {
    this.study = new Study(source.start, source.moves, source.variations, source.options);
    this.startApn = makeApn(source.start);
    this.cursor.value = { line: -1, ply: Math.min(source.ply, source.moves.length) };
    this.review.value = this.reviews?.load(this.reviewKey());
  }

  private reviewKey(): string {
    // The same moves judged under R16 are another review.
    const rule = this.captor ? ' R16' : '';
    return `${this.startApn}${rule} ${this.study.main.map(makeMoveText).join(' ')}`;
  }

  /**
   * Reviews the main line: every position searched for REVIEW_MOVETIME ms, then each move
   * judged. Keeps the result; `stopReview` abandons it.
   */
  async startReview(): Promise<void> {
    const reviewer = this.reviewer;
    if (!reviewer || this.reviewing.value) return;
    // The main line as it is now (the study replaces it, never changes it, if it changes).
    const line = this.study.main;
    const moves = line.map(makeMoveText);
    const verdicts: Verdict[] = [];
    this.reviewing.value = { done: 0, total: moves.length + 1 };
    // One game played along the main line: each position is searched, then the move made.
    const game = this.study.gameAt({ line: -1, ply: 0 });
    try {
      for (let ply = 0; ply <= moves.length; ply++) {
        const end = game.outcome;
        // A position the rules have decided is scored by them, not searched.
        verdicts.push(
          end
            ? {
                score: { kind: 'cp', value: 0 },
                pv: [],
                chances: end.winner === undefined ? 0.5 : end.winner === 'white' ? 1 : 0,
              }
            : await reviewer.evaluate(
                this.startApn,
                moves.slice(0, ply),
                game.position.turnColour,
                REVIEW_MOVETIME,
                this.captor,
              ),
        );
        this.reviewing.value = { done: ply + 1, total: moves.length + 1 };
        const next = line[ply];
        if (next !== undefined) game.play(next);
      }
    } catch {
      this.reviewing.value = undefined;
      return;
    }
    // Under R16 a captured queen's placement is the captor's choice, and the captor's mistake.
    const judged = judge(verdicts, moves, game.choosers());
    const review: Review = { moves, verdicts, judged, summary: summarise(judged) };
    this.reviews?.save(this.reviewKey(), review);
    this.review.value = review;
    this.reviewing.value = undefined;
  }

  /** Abandons the review under way. */
  stopReview(): void {
    this.reviewer?.stop();
    this.reviewing.value = undefined;
  }

  /** The review of the move that led to the position shown, on the main line. */
  readonly judgedHere = computed((): MoveReview | undefined => {
    const review = this.review.value;
    const cursor = this.cursor.value;
    if (!review || cursor.line >= 0) return undefined;
    return review.judged[cursor.ply - 1];
  });

  /**
   * Shows the better move: back to before the move judged, then the engine's line played out
   * on the board one turn at a time, as a side line.
   */
  async showBetter(judged: MoveReview, pause: number): Promise<void> {
    if (!judged.best) return;
    this.goTo(judged.ply - 1, -1);
    for (const text of judged.best.slice(0, 6)) {
      await new Promise((r) => setTimeout(r, pause));
      const move = parseMoveText(text);
      if (!move.ok || !this.game.value.legalMoves().includes(move.value)) return;
      this.play(move.value);
    }
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
    const moves = game.moves.map(makeMoveText);
    this.analyst.analyse(this.startApn, moves, this.count.value, this.captor, (lines) => {
      this.lines.value = lines;
    });
  }

  /** Stops the engine and any review (the page is left). */
  stop(): void {
    this.analyst.stop();
    this.stopReview();
  }

  /** Plays a legal move on the board, on whatever line it is. */
  play(move: Move): void {
    if (!this.game.value.legalMoves().includes(move)) return;
    const length = this.study.main.length;
    this.cursor.value = this.study.play(this.cursor.value, move);
    if (this.study.main.length !== length) this.mainChanged();
    this.changed();
  }

  /** The board's `move` event (no `from`: a placement). */
  moveFromBoard(from: number | undefined, to: number): void {
    const move = moveOfTap(this.game.value.legalMoves(), from, to);
    if (move !== undefined) this.play(move);
  }

  /** The board's `place` event. */
  placeFromBoard(to: number): void {
    this.moveFromBoard(undefined, to);
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

  // A new main line: its review, if it had one, is kept under it.
  private mainChanged(): void {
    this.review.value = this.reviews?.load(this.reviewKey());
  }

  // Every change to the study is kept, so that a reload opens it as it was left.
  private changed(): void {
    this.version.value++;
    this.keep?.({
      start: this.study.start,
      options: this.study.options,
      moves: this.study.main,
      variations: this.study.variations,
      ply: this.cursor.value.ply,
    });
  }

  /** The study as AGN: the main line with its side lines in brackets. */
  readonly agn = computed(() => {
    const study = this.lineStudy;
    return makeAgn(study.gameAt({ line: -1, ply: study.main.length }), new Map(), study.variations);
  });

  /** Makes side line `index` the main line (a review of the old one no longer applies). */
  promote(index: number): void {
    const { line, ply } = this.cursor.value;
    const at = this.study.variations[index]!.at;
    this.study.promote(index);
    // On the promoted line the board stays put; elsewhere it goes back to the branch point.
    this.cursor.value = { line: -1, ply: line === index ? ply : Math.min(ply, at) };
    this.mainChanged();
    this.changed();
  }

  /** The study's lines from turn `ply` of the main line on, in notation (Study.linesFrom). */
  linesFrom(ply: number): string[][] {
    return this.study.linesFrom(ply).map((line) => line.map(makeMoveText));
  }

  /** Deletes side line `index`; a board on it goes back to where it branched. */
  remove(index: number): void {
    const v = this.study.variations[index]!;
    const cursor = this.cursor.value;
    this.study.remove(index);
    if (cursor.line === index) this.cursor.value = { line: -1, ply: v.at };
    else if (cursor.line > index) this.cursor.value = { line: cursor.line - 1, ply: cursor.ply };
    this.changed();
  }
}

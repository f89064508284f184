// One puzzle being solved: the position on the board, the solver's moves checked against the
// line (engine's acceptsMove, as the set's verifier checks it), the opponent's scripted reply
// after a short pause, a wrong move answered by the engine's best reply and explained, Retry,
// and the solution stepped through. The first try decides the result: solved without a
// mistake, or failed by a wrong move or a look at the solution. Under R16 the solver also
// picks the cell of the queen they captured, on the opponent's turn (solverChooses), and that
// choice is checked against the line like their own moves. In a storm a wrong move is not
// answered: the puzzle ends at once.

import {
  acceptsMove,
  Game,
  type Move,
  makeApn,
  makeMoveText,
  type PuzzleLine,
  parseMoveText,
  solverChooses,
  solverMoves,
} from '@agon/engine';
import { batch, computed, signal } from '@preact/signals';
import type { BoardConfig } from '../board/config.ts';
import { type Phrase, phrase } from '../i18n/ui.ts';
import { boardConfigOf, moveOfTap } from '../lib/board-feed.ts';
import { Cancelled, type ComputerPlayer } from '../lib/engine-client.ts';
import { refusal } from '../lib/refusal.ts';
import { preferences } from '../lib/settings.ts';
import { playCaptureSound, playMoveSound } from '../lib/sound.ts';
import { explainTap } from '../lib/taps.ts';
import { refutationOf, refutationText } from './explain.ts';
import { pt } from './text.ts';

/** How long the opponent's answer waits after the solver's move has landed. */
export const REPLY_PAUSE_MS = 500;
/** How long the engine looks for the best answer to a wrong move. */
const REFUTE_MOVETIME = 400;

const wait = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * Where the puzzle stands: the solver's turn, the opponent answering a right move or refuting
 * a wrong one, failed (Retry or the solution), solved, or the solution shown.
 */
type Phase = 'solving' | 'replying' | 'refuting' | 'failed' | 'solved' | 'solution';

/** A puzzle on the board, for the player to solve. */
export class PuzzleSession {
  /** Where the puzzle stands. */
  readonly phase = signal<Phase>('solving');
  /** The status line's words. */
  readonly status = signal<Phrase>(() => pt('status.start'));
  /** How the first try ended, once it has: solved without a mistake, or not. */
  readonly result = signal<boolean | undefined>(undefined);
  /** The solution's ply shown while it is stepped through. */
  readonly solutionPly = signal(0);
  private game: Game;
  /** The index in the line of the solver's next move. */
  private step = 0;
  private token = 0;
  // Bumped after every change to the (mutable) game, so the board and the move list follow.
  private readonly version = signal(0);

  /**
   * `engine` answers wrong moves (unless `refute` is false: a storm's); `settled` hears the
   * first try's result once, with its moves from the start as text (up to the wrong move, or
   * to where the try ended): what the server judges again.
   */
  constructor(
    readonly line: PuzzleLine,
    private readonly engine: ComputerPlayer,
    private readonly settled: (solved: boolean, moves: readonly string[]) => void,
    private readonly refutes = true,
  ) {
    this.game = new Game(line.start());
  }

  /** The number of the solver's moves the puzzle asks for. */
  get length(): number {
    return solverMoves(this.line.moves.length);
  }

  /** What the board shows and allows: moves only on the solver's turn. */
  readonly boardConfig = computed((): BoardConfig => {
    this.version.value;
    const game = this.game;
    const open = this.phase.value === 'solving';
    return {
      ...boardConfigOf({
        position: game.position,
        lastMove: game.moves.at(-1),
        legal: open ? game.legalMoves() : undefined,
      }),
      orientation: this.line.solver,
    };
  });

  /** The moves on the board since the puzzle's start, as text. */
  readonly moves = computed((): string[] => {
    this.version.value;
    return this.game.moves.map(makeMoveText);
  });

  /** The solver's move from the board, from `from` to `to`. */
  moveFromBoard(from: number, to: number): void {
    const move = moveOfTap(this.game.legalMoves(), from, to);
    if (move !== undefined) this.play(move);
  }

  /** A placement from the board. */
  placeFromBoard(to: number): void {
    const move = moveOfTap(this.game.legalMoves(), undefined, to);
    if (move !== undefined) this.play(move);
  }

  /** Why a tap was not a move, in the status line. */
  rejectFromBoard(from: number | undefined, to: number): void {
    if (this.phase.value === 'solving') {
      this.status.value = explainTap(this.game, from, to, this.line.solver).text;
    }
  }

  /** A typed move: played, or why it cannot be. */
  playTyped(text: string): Phrase | undefined {
    if (this.phase.value !== 'solving') return phrase('refuse.notYourTurn');
    const parsed = parseMoveText(text.trim());
    if (!parsed.ok) return phrase('typed.notMove', { text: text.trim() });
    const why = refusal(this.game.position, parsed.value);
    if (why) return why;
    this.play(parsed.value);
    return undefined;
  }

  /** The solver's legal move: the line's (then the reply follows), or a wrong one refuted. */
  play(move: Move): void {
    if (this.phase.value !== 'solving') return;
    const before = this.game.position;
    const right = acceptsMove(this.line, this.step, before, move);
    this.make(move);
    if (!right) {
      void this.refute();
      return;
    }
    if (this.step >= this.line.moves.length - 1) {
      batch(() => {
        this.phase.value = 'solved';
        this.status.value = () => pt('status.solved');
        this.settle(true);
      });
      return;
    }
    this.step++;
    if (this.solversTurn()) {
      // The solver captured the queen: under R16 they place her too, then play on.
      const placing = this.step % 2 === 1;
      batch(() => {
        this.version.value++;
        this.status.value = () => pt(placing ? 'status.placeQueen' : 'status.good');
      });
      return;
    }
    this.phase.value = 'replying';
    this.status.value = () => pt('status.good');
    void this.reply();
  }

  /** Whether the line's move at the step now is the solver's to choose. */
  private solversTurn(): boolean {
    return solverChooses(this.line.puzzle, this.step, this.game.position);
  }

  /** Back to the position before the wrong move, to try again. */
  retry(): void {
    if (this.phase.value !== 'failed') return;
    this.token++;
    this.reset(this.step);
    batch(() => {
      this.phase.value = 'solving';
      this.status.value = () => pt('status.start');
    });
  }

  /** The solution from the puzzle's start, stepped through move by move (a failed try). */
  showSolution(): void {
    this.token++;
    this.engine.cancel();
    // The try so far, before the board goes back to the start.
    const tried = this.moves.value;
    this.reset(0);
    batch(() => {
      this.phase.value = 'solution';
      this.solutionPly.value = 0;
      this.status.value = () => pt('status.solution');
      this.settle(false, tried);
    });
  }

  /** Shows the solution after its `ply`-th move (0: the start). */
  showPly(ply: number): void {
    if (this.phase.value !== 'solution') return;
    const to = Math.max(0, Math.min(this.line.moves.length, ply));
    this.reset(to);
    batch(() => {
      this.solutionPly.value = to;
      this.status.value = () =>
        pt(to === this.line.moves.length ? 'status.solutionEnd' : 'status.solution');
    });
  }

  /** Stops the answer under way (the page moves on). */
  stop(): void {
    this.token++;
    this.engine.cancel();
  }

  private settle(
    solved: boolean,
    moves: readonly string[] = this.game.moves.map(makeMoveText),
  ): void {
    if (this.result.value !== undefined) return;
    this.result.value = solved;
    this.settled(solved, moves);
  }

  private make(move: Move): void {
    const captured = this.game.position.capturedBy(move);
    if (!this.game.play(move).ok) return;
    // Starting a clip takes a while on a slow phone: a task of its own, as in a game.
    if (preferences.value.sound) setTimeout(captured.length ? playCaptureSound : playMoveSound);
    this.version.value++;
  }

  /** The game replayed along the line to its `ply`-th move. */
  private reset(ply: number): void {
    const game = new Game(this.line.start());
    for (const move of this.line.moves.slice(0, ply)) game.play(move);
    this.game = game;
    this.version.value++;
  }

  private async reply(): Promise<void> {
    const token = this.token;
    await wait(REPLY_PAUSE_MS);
    if (token !== this.token) return;
    this.make(this.line.moves[this.step]!);
    this.step++;
    batch(() => {
      this.phase.value = 'solving';
      this.status.value = () => pt('status.good');
    });
  }

  private async refute(): Promise<void> {
    const token = ++this.token;
    const movesLeft = this.length - (this.step >> 1);
    if (!this.refutes) {
      batch(() => {
        this.phase.value = 'failed';
        this.status.value = () => pt('status.wrong');
        this.settle(false);
      });
      return;
    }
    batch(() => {
      this.phase.value = 'refuting';
      this.status.value = () => pt('status.checking');
      this.settle(false);
    });
    const started = performance.now();
    // A wrong cell for the captured queen (R16) leaves the solver to move: nothing to answer.
    const over =
      this.game.outcome !== undefined || this.game.position.turnColour === this.line.solver;
    let reply: Move | undefined;
    if (!over) {
      try {
        const text = await this.engine.bestMove({
          startApn: makeApn(this.game.initial),
          moves: this.game.moves.map(makeMoveText),
          level: 10,
          movetime: REFUTE_MOVETIME,
        });
        const parsed = text === undefined ? undefined : parseMoveText(text);
        reply = parsed?.ok && this.game.position.isLegal(parsed.value) ? parsed.value : undefined;
      } catch (e) {
        if (e instanceof Cancelled || token !== this.token) return;
      }
      await wait(REPLY_PAUSE_MS - (performance.now() - started));
    }
    if (token !== this.token) return;
    const pos = this.game.position.clone();
    const refutation = refutationOf(pos, reply, this.line.puzzle.goal, movesLeft);
    if (reply !== undefined && !over) this.make(reply);
    const opponent = this.line.solver === 'white' ? 'black' : 'white';
    batch(() => {
      this.phase.value = 'failed';
      this.status.value = () => refutationText(refutation, opponent);
    });
  }
}

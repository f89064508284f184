// The puzzle page's state and what the page does with it: which puzzle is shown (the one the
// address names, or the picker's choice), the session solving it, the player's record and
// streak, and the address kept in step with the puzzle, as the play page's match.ts is for a
// game. Which puzzle comes next is the picker's; the solving is the session's. Components read
// its signals and call its methods.

import {
  type Puzzle,
  type PuzzleLine,
  type PuzzleTheme,
  readPuzzle,
  replayPuzzle,
} from '@agon/engine';
import { batch, signal } from '@preact/signals';
import type { ComputerPlayer } from '../lib/engine-client.ts';
import { type PuzzleAddress, puzzleAddress, puzzlePath } from './address.ts';
import { type Difficulty, dailyPuzzle, pickPuzzle, pickStreakPuzzle, utcDay } from './picker.ts';
import { ratePuzzle } from './rating.ts';
import { PuzzleSession } from './session.ts';
import { afterPuzzle, loadRecord, type PuzzleRecord, saveRecord } from './store.ts';
import { pt } from './text.ts';

/** How far from their rating the player wants their puzzles; kept for the visit. */
const difficulty = signal<Difficulty>('normal');

/** A streak under way: how many solved, the puzzles it has shown, and whether it ended. */
export interface Streak {
  readonly solved: number;
  readonly seen: ReadonlySet<string>;
  readonly over: boolean;
}

const NEW_STREAK: Streak = { solved: 0, seen: new Set(), over: false };

/** The address of the page now. */
function here(): PuzzleAddress {
  return puzzleAddress(location) ?? { mode: 'rated' };
}

/** The puzzle page over a set of puzzles, with its engine for the answers to wrong moves. */
export class Trainer {
  /** The address shown: the mode, and a rated puzzle's id and theme. */
  readonly address = signal<PuzzleAddress>(here());
  /** The player's record on this device. */
  readonly record = signal<PuzzleRecord>(loadRecord());
  /** How the last rated puzzle moved the rating, if it did. */
  readonly change = signal<number | undefined>(undefined);
  readonly streak = signal<Streak>(NEW_STREAK);
  /** Said over the puzzle: the one the address named is not in the set. */
  readonly notice = signal<string | undefined>(undefined);
  /** The puzzle being solved; undefined when there is none to show. */
  readonly session = signal<PuzzleSession | undefined>(undefined);
  /** Bumped for each puzzle shown, the same puzzle again too: each gets a fresh board. */
  readonly shown = signal(0);
  /** How far from their rating the player wants their puzzles. */
  readonly difficulty = difficulty;

  private readonly moved = (): void => {
    this.address.value = here();
    this.open(this.address.value);
  };

  /** `engine` answers wrong moves; it is ended when the page goes (`stop`). */
  constructor(
    private readonly puzzles: readonly Puzzle[],
    private readonly engine: ComputerPlayer,
  ) {}

  /** Shows the puzzle the address asks for, and follows the browser's back and forward. */
  start(): void {
    addEventListener('popstate', this.moved);
    this.open(this.address.value);
  }

  /** The page goes: the answer under way is dropped and the engine ended. */
  stop(): void {
    removeEventListener('popstate', this.moved);
    this.session.value?.stop();
    this.engine.end();
  }

  /** Moves to another address (a mode, a theme), which opens its puzzle. */
  go(to: PuzzleAddress): void {
    history.pushState(null, '', puzzlePath(to));
    this.address.value = to;
    this.open(to);
  }

  /** The next puzzle: after the day's puzzle, the player's own puzzles follow. */
  next(): void {
    const now = this.address.value;
    if (now.mode === 'daily') this.go({ mode: 'rated' });
    else this.open(now.mode === 'rated' ? { mode: 'rated', theme: now.theme } : now);
  }

  /** Rated puzzles of one theme, or of any (undefined). */
  chooseTheme(theme: PuzzleTheme | undefined): void {
    this.go({ mode: 'rated', theme });
  }

  /** Another difficulty, which the next puzzle follows at once. */
  chooseDifficulty(to: Difficulty): void {
    difficulty.value = to;
    this.next();
  }

  /** The result of a first try: the rating moves (once per puzzle), the streak goes on or ends. */
  private settled(puzzle: Puzzle, mode: PuzzleAddress['mode'], solved: boolean): void {
    if (mode === 'streak') {
      const now = this.streak.value;
      const best = Math.max(this.record.value.bestStreak, now.solved + (solved ? 1 : 0));
      batch(() => {
        this.streak.value = { ...now, solved: now.solved + (solved ? 1 : 0), over: !solved };
        this.record.value = { ...this.record.value, bestStreak: best };
      });
      saveRecord(this.record.value);
      return;
    }
    const before = this.record.value;
    const again = before.played.includes(puzzle.id);
    const rating = again ? before.rating : ratePuzzle(before.rating, puzzle.rating, solved);
    batch(() => {
      this.record.value = afterPuzzle(before, puzzle.id, rating, solved);
      this.change.value = again ? undefined : rating.rating - before.rating.rating;
    });
    saveRecord(this.record.value);
  }

  /** The puzzle the address asks for (or the picker's choice), and a notice when it is gone. */
  private choose(
    to: PuzzleAddress,
    pool: readonly Puzzle[],
  ): { puzzle?: Puzzle | undefined; missing?: string } {
    if (to.mode === 'daily') return { puzzle: dailyPuzzle(pool, utcDay(new Date())) };
    if (to.mode === 'streak') {
      const now = this.streak.value.over ? NEW_STREAK : this.streak.value;
      const puzzle = pickStreakPuzzle(pool, now.solved, now.seen);
      if (puzzle) this.streak.value = { ...now, seen: new Set([...now.seen, puzzle.id]) };
      return { puzzle };
    }
    const named = to.id ? pool.find((p) => p.id === to.id) : undefined;
    if (named) return { puzzle: named };
    const record = this.record.value;
    const puzzle = pickPuzzle(pool, {
      rating: record.rating.rating,
      difficulty: difficulty.value,
      theme: to.theme,
      played: new Set(record.played),
    });
    return to.id ? { puzzle, missing: pt('unknown', { id: to.id }) } : { puzzle };
  }

  /** Sets up the puzzle the address asks for, or the picker's next one. */
  private open(to: PuzzleAddress): void {
    this.session.value?.stop();
    let pool = this.puzzles;
    for (;;) {
      const { puzzle, missing } = this.choose(to, pool);
      if (!puzzle) {
        this.session.value = undefined;
        return;
      }
      const read = readPuzzle(puzzle);
      const line = read.ok ? replayPuzzle(read.value) : read;
      if (line.ok) {
        this.show(to, puzzle, line.value, missing);
        return;
      }
      // A puzzle the rules refuse is left out, and another is chosen.
      pool = pool.filter((p) => p !== puzzle);
    }
  }

  /** Shows `chosen`, replayed as `line`, for the address `to`. */
  private show(
    to: PuzzleAddress,
    chosen: Puzzle,
    line: PuzzleLine,
    missing: string | undefined,
  ): void {
    const mode = to.mode;
    batch(() => {
      this.notice.value = missing;
      this.change.value = undefined;
      this.shown.value++;
      this.session.value = new PuzzleSession(line, this.engine, (solved) =>
        this.settled(chosen, mode, solved),
      );
    });
    // The address names the puzzle shown, so it can be shared or reloaded.
    if (mode === 'rated') {
      const path = puzzlePath({ mode, id: chosen.id, ...(to.theme && { theme: to.theme }) });
      if (path !== location.pathname + location.search) history.replaceState(null, '', path);
    }
  }
}

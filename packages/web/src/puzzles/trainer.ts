// The puzzle page's state and what the page does with it: which puzzle is shown (the one the
// address names, or the picker's choice), the session solving it, the player's record, streak
// and storm run, the server's answers when the player has a lobby identity (sync.ts), and the
// address kept in step with the puzzle, as the play page's match.ts is for a game. Which puzzle
// comes next is the picker's; the solving is the session's; a storm's arithmetic is storm.ts's.
// Components read its signals and call its methods.

import {
  type Puzzle,
  type PuzzleLine,
  type PuzzleTheme,
  readPuzzle,
  replayPuzzle,
} from '@agon/engine';
import type { PuzzleDashboard } from '@agon/protocol';
import { batch, signal } from '@preact/signals';
import type { ComputerPlayer } from '../lib/engine-client.ts';
import { type PuzzleAddress, puzzleAddress, puzzlePath } from './address.ts';
import {
  type Difficulty,
  dailyPuzzle,
  pickPuzzle,
  pickStormPuzzle,
  pickStreakPuzzle,
  utcDay,
} from './picker.ts';
import { ratePuzzle } from './rating.ts';
import { PuzzleSession } from './session.ts';
import { listPuzzles } from './set.ts';
import { afterPuzzle, loadRecord, type PuzzleRecord, saveRecord, weakestFirst } from './store.ts';
import { afterStormPuzzle, type StormState, startStorm, tickStorm } from './storm.ts';
import { PuzzleSync, queuedAttempts } from './sync.ts';
import { pt } from './text.ts';

/** How often a storm's clock is read while it runs. */
const TICK_MS = 200;

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
  /** The storm run: undefined before the first, then the one under way or just ended. */
  readonly storm = signal<StormState | undefined>(undefined);
  /** The storm's clock: the time now, read each tick while a run is under way. */
  readonly now = signal(0);
  /** Whether the best storm score was beaten by the run just ended. */
  readonly newBest = signal(false);
  /** The server's dashboard, when the player has an identity and it answered. */
  readonly dashboard = signal<PuzzleDashboard | undefined>(undefined);
  /** Said under the rating: a try kept on the device to send later. */
  readonly syncNote = signal<string | undefined>(undefined);
  /** The server rates the player's tries (they have a lobby identity). */
  readonly online: boolean;
  private puzzles: readonly Puzzle[];
  private stormSeen = new Set<string>();
  /** The server's choice of the next rated puzzle, asked after each rated try, and its themes. */
  private upcoming: { readonly id: string; readonly themes: string } | undefined;
  private ticker: ReturnType<typeof setInterval> | undefined;

  private readonly moved = (): void => {
    this.address.value = here();
    this.open(this.address.value);
  };

  /**
   * `engine` answers wrong moves; it is ended when the page goes (`stop`). `clock` tells the
   * time (a storm's), `sync` is the server's puzzle API.
   */
  constructor(
    puzzles: readonly Puzzle[],
    private readonly engine: ComputerPlayer,
    private readonly clock: () => number = () => Date.now(),
    private readonly sync: PuzzleSync = new PuzzleSync(),
  ) {
    this.puzzles = puzzles;
    this.online = sync.online;
  }

  /** Shows the puzzle the address asks for, and follows the browser's back and forward. */
  start(): void {
    addEventListener('popstate', this.moved);
    this.open(this.address.value);
    void this.fromServer();
  }

  /** The page goes: the answer under way is dropped and the engine ended. */
  stop(): void {
    removeEventListener('popstate', this.moved);
    this.stopClock();
    this.session.value?.stop();
    this.engine.end();
  }

  /**
   * What the server adds, when it answers: the puzzles found in people's games, the puzzles'
   * learned ratings, and with an identity the player's rating (the tries kept from before sent
   * first). Without an answer the page goes on with the set and the device's record.
   */
  private async fromServer(): Promise<void> {
    const [found, learned] = await Promise.all([this.sync.found(), this.sync.ratings()]);
    let puzzles = this.puzzles;
    if (found) {
      try {
        const known = new Set(puzzles.map((p) => p.id));
        puzzles = [...puzzles, ...listPuzzles(found).filter((p) => !known.has(p.id))];
      } catch {
        // Not a set: the shipped one is enough.
      }
    }
    const ratings = learned?.ratings;
    if (ratings) {
      puzzles = puzzles.map((p) => {
        const r = ratings[p.id];
        return typeof r === 'number' && Number.isFinite(r) ? { ...p, rating: Math.round(r) } : p;
      });
    }
    this.puzzles = puzzles;
    if (!this.online) return;
    await this.sync.flush();
    // The note stays while a try still waits to be sent.
    if (queuedAttempts().length === 0) this.syncNote.value = undefined;
    await this.readDashboard();
  }

  /** The player's dashboard read from the server, its rating taken as theirs. */
  private async readDashboard(): Promise<void> {
    const dashboard = await this.sync.dashboard();
    if (!dashboard) return;
    batch(() => {
      this.dashboard.value = dashboard;
      this.record.value = { ...this.record.value, rating: dashboard.rating };
    });
    saveRecord(this.record.value);
  }

  /** The dashboard's figures: the server's with an identity, else the device's. */
  figures(): PuzzleDashboard {
    const server = this.dashboard.value;
    if (server) return server;
    const record = this.record.value;
    const themes = weakestFirst(record.themes);
    return {
      rating: record.rating,
      history: record.history,
      themes,
      attempts: record.played.length,
      solved: record.solved.length,
    };
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
    else this.open(now.mode === 'rated' ? { mode: 'rated', themes: now.themes } : now);
  }

  /** Rated puzzles of some themes, or of any (none). */
  chooseThemes(themes: readonly PuzzleTheme[]): void {
    this.go({ mode: 'rated', themes });
  }

  /** A storm run from its start: the clock runs, the first (easy) puzzle is shown. */
  startStorm(): void {
    const now = this.clock();
    this.stormSeen = new Set();
    batch(() => {
      this.newBest.value = false;
      this.now.value = now;
      this.storm.value = startStorm(now);
    });
    this.stopClock();
    this.ticker = setInterval(() => this.tick(), TICK_MS);
    this.open({ mode: 'storm' });
  }

  /** The storm's clock read again; the run ends when the time is gone. */
  tick(): void {
    const run = this.storm.value;
    if (!run || run.over) return;
    const now = this.clock();
    const after = tickStorm(run, now);
    batch(() => {
      this.now.value = now;
      if (after.over) this.endStorm(after);
    });
  }

  private stopClock(): void {
    if (this.ticker !== undefined) clearInterval(this.ticker);
    this.ticker = undefined;
  }

  /** The run is over: the clock stops, the board goes, the best score is kept. */
  private endStorm(run: StormState): void {
    this.stopClock();
    this.session.value?.stop();
    const best = this.record.value.bestStorm;
    batch(() => {
      this.storm.value = run;
      this.session.value = undefined;
      this.newBest.value = run.score > best;
      if (run.score > best) this.record.value = { ...this.record.value, bestStorm: run.score };
    });
    saveRecord(this.record.value);
  }

  /** Another difficulty, which the next puzzle follows at once. */
  chooseDifficulty(to: Difficulty): void {
    difficulty.value = to;
    this.next();
  }

  /** The result of a first try: the rating moves (once per puzzle), the streak goes on or ends. */
  private settled(
    puzzle: Puzzle,
    mode: PuzzleAddress['mode'],
    solved: boolean,
    moves: readonly string[],
  ): void {
    if (mode === 'storm') {
      const run = this.storm.value;
      if (!run || run.over) return;
      const now = this.clock();
      const after = afterStormPuzzle(run, solved, now);
      this.now.value = now;
      if (after.over) {
        this.endStorm(after);
        return;
      }
      this.storm.value = after;
      // The next puzzle at once; the status line says how the last one went.
      this.open({ mode: 'storm' });
      const said = solved
        ? pt('storm.solved', { count: after.score })
        : pt('storm.missed', { seconds: 10 });
      const session = this.session.value;
      if (session) session.status.value = () => said;
      return;
    }
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
    // A retry of a puzzle tried before is practice: it moves nothing.
    if (before.played.includes(puzzle.id)) return;
    const rating = ratePuzzle(before.rating, puzzle.rating, solved);
    batch(() => {
      this.record.value = afterPuzzle(before, puzzle, rating, solved, this.clock());
      this.change.value = rating.rating - before.rating.rating;
    });
    saveRecord(this.record.value);
    if (this.online) void this.send(puzzle, moves, before.rating.rating);
  }

  /**
   * A rated first try sent to the server, whose rating replaces the device's; kept to send
   * later (and said so) when it cannot be sent now.
   */
  private async send(puzzle: Puzzle, moves: readonly string[], was: number): Promise<void> {
    const shown = this.shown.value;
    const sent = await this.sync.attempt({ puzzle: puzzle.id, moves });
    if (sent.kind === 'queued') {
      this.syncNote.value = pt('sync.queued');
      return;
    }
    if (sent.kind !== 'answered') return;
    void this.askNext();
    const player = sent.reply.player;
    batch(() => {
      this.syncNote.value = undefined;
      const record = this.record.value;
      const history = [...record.history];
      if (history.length) history[history.length - 1] = { at: this.clock(), rating: player.rating };
      this.record.value = { ...record, rating: player, history };
      // Still on that puzzle: its change is the server's.
      if (this.shown.value === shown) {
        this.change.value = sent.reply.counted ? player.rating - was : undefined;
      }
    });
    saveRecord(this.record.value);
  }

  /** Asks the server which rated puzzle should come next, for the themes chosen now. */
  private async askNext(): Promise<void> {
    const to = this.address.value;
    const themes = to.mode === 'rated' ? (to.themes ?? []) : [];
    const next = await this.sync.next(themes);
    this.upcoming = next && { id: next.id, themes: themes.join(',') };
  }

  /** The puzzle the address asks for (or the picker's choice), and a notice when it is gone. */
  private choose(
    to: PuzzleAddress,
    pool: readonly Puzzle[],
  ): { puzzle?: Puzzle | undefined; missing?: string } {
    if (to.mode === 'daily') return { puzzle: dailyPuzzle(pool, utcDay(new Date(this.clock()))) };
    if (to.mode === 'dashboard') return {};
    if (to.mode === 'storm') {
      const run = this.storm.value;
      if (!run || run.over) return {};
      const puzzle = pickStormPuzzle(pool, run.score, this.stormSeen);
      if (puzzle) this.stormSeen.add(puzzle.id);
      return { puzzle };
    }
    if (to.mode === 'streak') {
      const now = this.streak.value.over ? NEW_STREAK : this.streak.value;
      const puzzle = pickStreakPuzzle(pool, now.solved, now.seen);
      if (puzzle) this.streak.value = { ...now, seen: new Set([...now.seen, puzzle.id]) };
      return { puzzle };
    }
    const named = to.id ? pool.find((p) => p.id === to.id) : undefined;
    if (named) return { puzzle: named };
    const record = this.record.value;
    // The server's choice, when it made one for these themes and it is new to the player.
    const upcoming = this.upcoming;
    this.upcoming = undefined;
    const wanted = (to.themes ?? []).join(',');
    if (!to.id && difficulty.value === 'normal' && upcoming?.themes === wanted) {
      const chosen = pool.find((p) => p.id === upcoming.id);
      if (chosen && !record.played.includes(chosen.id)) return { puzzle: chosen };
    }
    const puzzle = pickPuzzle(pool, {
      rating: record.rating.rating,
      difficulty: difficulty.value,
      themes: to.themes,
      played: new Set(record.played),
    });
    return to.id ? { puzzle, missing: pt('unknown', { id: to.id }) } : { puzzle };
  }

  /** Sets up the puzzle the address asks for, or the picker's next one. */
  private open(to: PuzzleAddress): void {
    this.session.value?.stop();
    if (to.mode === 'dashboard' && this.online) void this.readDashboard();
    // Leaving a storm under way ends it.
    if (to.mode !== 'storm' && this.storm.value && !this.storm.value.over) {
      this.stopClock();
      this.storm.value = undefined;
    }
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
      this.session.value = new PuzzleSession(
        line,
        this.engine,
        (solved, moves) => this.settled(chosen, mode, solved, moves),
        mode !== 'storm',
      );
    });
    // The address names the puzzle shown, so it can be shared or reloaded.
    if (mode === 'rated') {
      const path = puzzlePath({ mode, id: chosen.id, ...(to.themes && { themes: to.themes }) });
      if (path !== location.pathname + location.search) history.replaceState(null, '', path);
    }
  }
}

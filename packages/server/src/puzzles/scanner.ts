// The search for puzzles in people's games (docs/puzzle-server.md): a finished lobby game is
// queued in the store as it is settled; a worker claims queued games one at a time and scans
// each in a child process at the lowest priority (nice 19), never on a request's path. A claim
// is a lease: a process that dies with a game claimed leaves it to be claimed again once the
// lease is over, by itself restarted or by another process of the cluster.

import { type ChildProcess, fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { constants, setPriority } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type FoundPuzzle, makeApn, type Puzzle, puzzleIdOf } from '@agon/engine';
import type { OutcomeView } from '@agon/protocol';
import type { Problems } from '../common/problems.ts';
import type { GameStore } from '../game/store.ts';
import { restoreTable } from '../game/table.ts';
import type { ScanAnswer, ScanJob } from './scan-child.ts';
import type { PuzzleStore } from './store.ts';

/** Turns from the start a scan passes over, as the generator does: an opening is no blunder. */
export const SCAN_SKIP = 8;
/** Games shorter than this many turns are not scanned: too few positions after the opening. */
const MIN_PLIES = SCAN_SKIP + 4;

/** How the worker runs. */
export interface ScanOptions {
  /** How long a claim holds a game (ms); a claimer dead longer than this loses it. */
  readonly leaseMs: number;
  /** The longest one game's scan may take (ms) before its child is stopped as a failed try. */
  readonly timeoutMs: number;
  /** Failed tries before a game is given up. */
  readonly tries: number;
  /** How often the queue is looked at for games queued by other processes (ms). */
  readonly pollMs: number;
}

export const DEFAULT_SCAN: ScanOptions = {
  leaseMs: 30 * 60_000,
  timeoutMs: 20 * 60_000,
  tries: 3,
  pollMs: 60_000,
};

/** Whether a finished game is worth a scan: not called off (aborted), and long enough. */
function scannable(outcome: OutcomeView, plies: number): boolean {
  return outcome.reason !== 'aborted' && plies >= MIN_PLIES;
}

/**
 * The puzzles of `found` not yet known (by position), each with an id no known puzzle has:
 * the position's hash, or with 2, 3... after it when another position has that hash.
 */
function namePuzzles(found: readonly FoundPuzzle[], known: readonly Puzzle[]): Puzzle[] {
  const ids = new Set(known.map((p) => p.id));
  const positions = new Set(known.map((p) => p.apn));
  const named: Puzzle[] = [];
  for (const p of found) {
    if (positions.has(p.apn)) continue;
    const base = puzzleIdOf(p.apn);
    let id = base;
    for (let n = 2; ids.has(id); n++) id = `${base}${n}`;
    ids.add(id);
    positions.add(p.apn);
    named.push({ id, ...p });
  }
  return named;
}

/** Starts the child with tsx's loader, as the server itself runs. */
function startChild(): ChildProcess {
  const require = createRequire(import.meta.url);
  const tsxPackage = require.resolve('tsx/package.json');
  const loader = (require(tsxPackage) as { exports: Record<string, string> }).exports['.']!;
  const child = fork(fileURLToPath(new URL('./scan-child.ts', import.meta.url)), [], {
    execArgv: ['--import', pathToFileURL(join(dirname(tsxPackage), loader)).href],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  if (child.pid !== undefined) {
    try {
      setPriority(child.pid, constants.priority.PRIORITY_LOW);
    } catch {
      // A system that refuses (no such right) still scans, at the priority it gives.
    }
  }
  return child;
}

/** Runs `job` in a child process: its answer, or a rejection if it fails or takes too long. */
function runChild(job: ScanJob, timeoutMs: number, started: (c: ChildProcess) => void) {
  return new Promise<ScanAnswer>((resolve, reject) => {
    const child = startChild();
    started(child);
    let answer: ScanAnswer | undefined;
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('message', (m: ScanAnswer) => {
      answer = m;
    });
    child.once('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (answer) resolve(answer);
      else reject(new Error(`the puzzle scan stopped (${signal ?? `exit ${code}`})`));
    });
    child.send(job);
  });
}

/** What the scanner works with. */
interface ScannerContext {
  readonly store: PuzzleStore;
  readonly games: GameStore;
  /** The shipped set, whose puzzles are not found again. */
  readonly set: () => readonly Puzzle[];
  readonly problems: Problems;
  readonly now: () => number;
}

/** Queues finished games and, when it works, scans them one at a time. */
export class PuzzleScanner {
  private timer: NodeJS.Timeout | undefined;
  /** The work under way, while there is some. */
  private working: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private child: ChildProcess | undefined;

  /** `options`: the worker's; undefined, this process queues games but scans none. */
  constructor(
    private readonly context: ScannerContext,
    private readonly options: ScanOptions | undefined,
  ) {
    if (!options) return;
    this.timer = setInterval(() => this.kick(), options.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Queues a lobby game that has just ended, if it is worth a scan; its promise is the queueing. */
  async queue(id: string, outcome: OutcomeView, plies: number): Promise<void> {
    if (!scannable(outcome, plies)) return;
    await this.context.store.queueScan(id, this.context.now());
    this.kick();
  }

  /** Works the queue soon, unless already working (then once more when done). */
  kick(): void {
    if (!this.options || this.stopped) return;
    if (this.working) {
      this.again = true;
      return;
    }
    this.working = this.drain().then(
      () => this.done(),
      (e: unknown) => {
        this.context.problems.report('puzzle-scan', e);
        this.done();
      },
    );
  }

  private done(): void {
    this.working = undefined;
    if (this.again) {
      this.again = false;
      this.kick();
    }
  }

  /** Scans claimed games until none waits. */
  private async drain(): Promise<void> {
    const { store, now } = this.context;
    const options = this.options!;
    for (;;) {
      if (this.stopped) return;
      const game = await store.claimScan(now(), options.leaseMs);
      if (game === undefined) return;
      try {
        const puzzles = await this.scan(game);
        await store.finishScan(game, puzzles, now());
      } catch (e) {
        if (!this.stopped) this.context.problems.report('puzzle-scan', e);
        await store.releaseScan(game, now(), options.tries);
      }
    }
  }

  /** The new puzzles of one game, named; none for a game that is gone. */
  private async scan(id: string): Promise<Puzzle[]> {
    const stored = await this.context.games.load(id);
    if (!stored) return [];
    const table = restoreTable(stored, this.context.now());
    const job: ScanJob = {
      game: id,
      apn: makeApn(table.game.initial),
      moves: [...table.game.moves],
      skip: SCAN_SKIP,
      captorPlacesQueen: table.game.captorPlacesQueen,
    };
    const answer = await runChild(job, this.options!.timeoutMs, (c) => {
      this.child = c;
      if (this.stopped) c.kill('SIGKILL');
    });
    this.child = undefined;
    const known = [...this.context.set(), ...(await this.context.store.foundPuzzles())];
    return namePuzzles(answer.puzzles, known);
  }

  /**
   * Stops working: a scan under way is ended and its game given back as a failed try, so the
   * next process to work the queue takes it up again.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.child?.kill('SIGKILL');
    await this.working;
  }
}

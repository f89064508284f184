// The child process that scans one finished game for puzzles (scanner.ts starts it at the
// lowest priority): it is sent the game's start and moves, answers what it found, and exits.
// A process of its own, so that a search of minutes never holds the server's event loop.

import { type FoundPuzzle, parseApn, Searcher } from '@agon/engine';
import { emptyHarvest, scanGame } from '@agon/engine/puzzler';

/** What the scanner sends: the game's id, starting position (APN), moves and rules. */
export interface ScanJob {
  readonly game: string;
  readonly apn: string;
  readonly moves: readonly number[];
  /** Turns from the start that are passed over: an opening is nobody's mistake. */
  readonly skip: number;
  /** R16: the captor places a captured queen, so the puzzles are judged (and played) by it. */
  readonly captorPlacesQueen: boolean;
}

/** What the child answers. */
export interface ScanAnswer {
  readonly puzzles: readonly FoundPuzzle[];
  readonly examined: number;
}

// A server that died leaves no scan behind for long: its child goes as soon as it notices.
process.once('disconnect', () => process.exit(0));

process.once('message', (job: ScanJob) => {
  const start = parseApn(job.apn);
  if (!start.ok) throw new Error(start.error.message);
  const harvest = emptyHarvest();
  // A small table, as the generator's: every judgement clears it first.
  scanGame(new Searcher(2), start.value, job.moves, job.skip, harvest, {}, undefined, {
    source: 'people',
    game: job.game,
    captorPlacesQueen: job.captorPlacesQueen,
  });
  const answer: ScanAnswer = { puzzles: harvest.puzzles, examined: harvest.examined };
  process.send!(answer, () => process.exit(0));
});

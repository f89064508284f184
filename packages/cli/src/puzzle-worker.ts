// A thread of `agon puzzles` or `agon verify-puzzles`: plays and scans its games (or proves
// its puzzles) and reports each one as soon as it is done.

import { parentPort } from 'node:worker_threads';
import { parseAgn, parseApn, Searcher } from '@agon/engine';
import { emptyHarvest, levelGame, scanGame, verifyPuzzle } from '@agon/engine/puzzler';
import type { PuzzleJob, PuzzleReport, VerifyJob } from './puzzles.ts';
import { threadData } from './thread.ts';

// The opening moves of a game are nobody's blunder: the search starts after them.
const SKIP = 8;

const job = threadData<PuzzleJob | VerifyJob>();
// Small, since every judgement clears it first (see searchTo in the engine's puzzler/judge.ts).
const searcher = new Searcher(2);
const send = (report: PuzzleReport): void => parentPort!.postMessage(report);

if (job.kind === 'verify') {
  for (const puzzle of job.puzzles) {
    const verdict = verifyPuzzle(searcher, puzzle);
    send({
      kind: 'verdict',
      id: puzzle.id,
      ...(verdict.ok ? {} : { problem: verdict.error.message }),
    });
  }
} else {
  for (const game of job.games) {
    const start = parseApn(game.apn);
    if (!start.ok) throw new Error(start.error.message);
    const played = levelGame(start.value, game.white, game.black, game.seed, 300, game.captor);
    const harvest = emptyHarvest();
    scanGame(searcher, played.initial, played.moves, SKIP, harvest, {}, job.scanDepth, {
      source: 'engine',
      game: `engine-${game.seed}`,
      captorPlacesQueen: game.captor,
    });
    send({ kind: 'harvest', harvest });
  }
  for (const { text, name } of job.records) {
    const record = parseAgn(text);
    if (!record.ok) continue; // checked by the command before the threads started
    const harvest = emptyHarvest();
    scanGame(
      searcher,
      record.value.game.initial,
      record.value.game.moves,
      0,
      harvest,
      {},
      job.scanDepth,
      {
        source: job.source,
        game: name,
        captorPlacesQueen: record.value.game.captorPlacesQueen,
      },
    );
    send({ kind: 'harvest', harvest });
  }
}

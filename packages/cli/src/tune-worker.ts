// A self-play thread of `agon tune`: plays its share of the games and sends each one's
// outcome and samples to the main thread as soon as the game is over.

import { parentPort } from 'node:worker_threads';
import { playGame, randomOpening, STANDARD_APN, searchPlayer, seededRandom } from '@agon/engine';
import { samplesOf } from '@agon/engine/tune';
import { positionFromApn } from './args.ts';
import { threadData } from './thread.ts';
import type { PlayedGame, SelfPlay } from './tune.ts';

const job = threadData<SelfPlay>();
const start = positionFromApn('tune', STANDARD_APN);
const random = seededRandom(job.seed);
for (let i = 0; i < job.games; i++) {
  const opening = randomOpening(start, 4 + Math.floor(random() * 7), random);
  // A fresh player each game, so a game does not depend on the ones before it.
  const player = searchPlayer(job.weights, { nodes: job.nodes });
  const game = playGame(start, opening, player, player, job.maxPlies);
  const played: PlayedGame = {
    ending: game.outcome ? `${game.outcome.reason} ${game.resultText}` : 'unfinished',
    samples: samplesOf(game, opening.length),
  };
  parentPort!.postMessage(played);
}

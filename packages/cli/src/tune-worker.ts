// A self-play thread of `agon tune`: plays its share of the games and sends each one's
// outcome and samples to the main thread as soon as the game is over.

import { parentPort } from 'node:worker_threads';
import {
  parseApn,
  playGame,
  randomOpening,
  STANDARD_APN,
  samplesOf,
  searchPlayer,
  seededRandom,
  WEIGHTS,
} from '@agon/engine';
import { threadData } from './thread.ts';
import type { PlayedGame, SelfPlay } from './tune.ts';

const job = threadData<SelfPlay>();
const start = parseApn(STANDARD_APN);
if (!start.ok) throw new Error(start.error.message); // the constant is valid
const random = seededRandom(job.seed);
for (let i = 0; i < job.games; i++) {
  const opening = randomOpening(start.value, 4 + Math.floor(random() * 7), random);
  // A fresh player each game, so a game does not depend on the ones before it.
  const player = searchPlayer(WEIGHTS, { nodes: job.nodes });
  const game = playGame(start.value, opening, player, player, job.maxPlies);
  const played: PlayedGame = {
    ending: game.outcome ? `${game.outcome.reason} ${game.resultText}` : 'unfinished',
    samples: samplesOf(game, opening.length),
  };
  parentPort!.postMessage(played);
}

import {
  playGame,
  randomOpening,
  samplesOf,
  searchPlayer
} from "./chunk-ZSZLODXN.js";
import {
  STANDARD_APN,
  positionFromApn,
  seededRandom,
  threadData
} from "./chunk-TYN2BYO5.js";

// packages/cli/src/tune-worker.ts
import { parentPort } from "node:worker_threads";
var job = threadData();
var start = positionFromApn("tune", STANDARD_APN);
var random = seededRandom(job.seed);
for (let i = 0; i < job.games; i++) {
  const opening = randomOpening(start, 4 + Math.floor(random() * 7), random);
  const player = searchPlayer(job.weights, { nodes: job.nodes });
  const game = playGame(start, opening, player, player, job.maxPlies);
  const played = {
    ending: game.outcome ? `${game.outcome.reason} ${game.resultText}` : "unfinished",
    samples: samplesOf(game, opening.length)
  };
  parentPort.postMessage(played);
}

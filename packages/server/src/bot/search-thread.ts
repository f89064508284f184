// The house bots' searches, in a worker thread (thinker.ts starts it): a search of level 9 takes
// a good part of a second, which on the main thread would hold up every person's game.

import { parentPort } from 'node:worker_threads';
import { makeMoveText, parseMoveText, playLevel, Searcher, seededRandom } from '@agon/engine';
import { startFor } from '../game/table.ts';
import type { Question, Thought } from './thought.ts';

const port = parentPort!;
const searcher = new Searcher();

port.on('message', ({ ref, rules, moves, level, seed }: Question) => {
  const started = performance.now();
  const game = startFor(rules);
  for (const text of moves) {
    const move = parseMoveText(text);
    if (move.ok) game.play(move.value);
  }
  const captor = game.position.turnColour !== game.chooser;
  const found = playLevel(searcher, game.position, game.history(), level, seededRandom(seed), {
    captorPlacesQueen: game.captorPlacesQueen,
  });
  const thought: Thought = found
    ? {
        ref,
        move: makeMoveText(found.move),
        // The search scores for the side to move; under R16 the captor chooses for the other.
        score: captor ? -found.info.score : found.info.score,
        nodes: found.info.nodes,
        ms: performance.now() - started,
      }
    : { ref, move: null, score: 0, nodes: 0, ms: performance.now() - started };
  port.postMessage(thought);
});

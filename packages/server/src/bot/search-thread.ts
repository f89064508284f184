// The house bots' searches, in a worker thread (thinker.ts starts it): a search of level 9 takes
// a good part of a second, which on the main thread would hold up every person's game.

import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { makeMoveText, parseMoveText, playLevel, Searcher, seededRandom } from '@agon/engine';
import { startFor } from '../game/table.ts';
import type { Question, Thought } from './thought.ts';

// The bots give way to people: on Linux a thread has a niceness of its own, so at 19 the
// searches take the cores only when people's games leave them idle. At normal priority, on a busy
// 2-core machine, 200 bot games took people's moves from 0.3 s to 1.4 s at the 99th percentile
// (docs/online.md, "Bots"). Elsewhere the call would lower the whole server: it is left out.
if (process.platform === 'linux') {
  try {
    setPriority(19);
  } catch {
    // Refused (a container's seccomp): the searches run at the server's priority.
  }
}

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

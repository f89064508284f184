// Two sets of the evaluation's R16 weights (CAPTOR_FEATURES) against each other, both sides
// searching under R16 (the captor places a captured queen) at one of the computer's levels,
// in this process: the engine's `--weights` flag and AEP set only the standard weights, so an
// `agon match` cannot tell two R16 weight sets apart. Each random opening (2 to 6 turns from
// the seed) is played twice with the colours swapped, as `agon match` plays them.
//
//   npx tsx bench/r16-eval.ts --a=W1,W2,W3 --b=W1,W2,W3 [--level L] [--games N] [--seed S]
//                             [--max-plies P]
//
// Prints A's wins, draws and losses with the Elo difference and its 95% interval, and the
// games' mean length; a game still going after P turns (default 400) is a draw.
import { parseArgs } from 'node:util';
import {
  CAPTOR_FEATURES,
  Game,
  playLevel,
  randomOpening,
  Searcher,
  STANDARD_APN,
  seededRandom,
  WEIGHTS,
} from '@agon/engine';
import { positionFromApn } from '../packages/cli/src/args.ts';
import { eloSummary, scoreOf } from '../packages/cli/src/elo.ts';

const usage =
  'usage: npx tsx bench/r16-eval.ts --a=W1,W2,W3 --b=W1,W2,W3 [--level L] [--games N] [--seed S] [--max-plies P]';
const { values } = parseArgs({
  options: {
    a: { type: 'string' },
    b: { type: 'string' },
    level: { type: 'string', default: '7' },
    games: { type: 'string', default: '80' },
    seed: { type: 'string', default: '1' },
    'max-plies': { type: 'string', default: '400' },
  },
});

function weightsOf(text: string | undefined): Int32Array {
  const parts = (text ?? '').split(',');
  if (parts.length !== CAPTOR_FEATURES.length || parts.some((p) => !/^-?\d+$/.test(p))) {
    console.error(`${usage}\n(weights in the order ${CAPTOR_FEATURES.join(',')})`);
    process.exit(2);
  }
  return Int32Array.from(parts, Number);
}

const a = weightsOf(values.a);
const b = weightsOf(values.b);
const level = Number(values.level);
const games = Number(values.games);
const seed = Number(values.seed);
const maxPlies = Number(values['max-plies']);
const start = positionFromApn('r16-eval', STANDARD_APN);
const random = seededRandom(seed);
const openings = Array.from({ length: Math.ceil(games / 2) }, () =>
  randomOpening(start, 2 + Math.floor(random() * 5), random),
);
const tally = { wins: 0, draws: 0, losses: 0 };
let turns = 0;
for (let i = 0; i < games; i++) {
  const aWhite = i % 2 === 0;
  // A fresh table each game, so a game does not depend on the ones before it.
  const searchers = { a: new Searcher(4, WEIGHTS, a), b: new Searcher(4, WEIGHTS, b) };
  const choices = seededRandom(seed + i);
  const game = new Game(start, { captorPlacesQueen: true });
  for (const move of openings[i >> 1]!) game.play(move);
  while (!game.outcome && game.moves.length < maxPlies) {
    const chooser = game.chooser!;
    const searcher = (chooser === 'white') === aWhite ? searchers.a : searchers.b;
    const played = playLevel(searcher, game.position, game.history(), level, choices, {
      captorPlacesQueen: true,
    });
    if (!played) throw new Error(`no move in game ${i + 1} at turn ${game.moves.length + 1}`);
    game.play(played.move);
  }
  const winner = game.outcome?.winner;
  if (winner === undefined) tally.draws++;
  else if ((winner === 'white') === aWhite) tally.wins++;
  else tally.losses++;
  turns += game.moves.length;
  console.log(
    `game ${i + 1}/${games}  ${aWhite ? 'A-B' : 'B-A'}  ${game.resultText}  [A +${tally.wins} =${tally.draws} -${tally.losses}]  ${game.moves.length} turns${game.outcome ? `, ${game.outcome.reason}` : ', at the turn limit'}`,
  );
}
console.log(`A ${values.a} against B ${values.b}, level ${level}, seed ${seed}, under R16`);
console.log(`A wins ${tally.wins}, draws ${tally.draws}, losses ${tally.losses}`);
console.log(`score ${(scoreOf(tally) * 100).toFixed(1)}%`);
console.log(eloSummary(tally));
console.log(`mean length ${(turns / games).toFixed(1)} turns`);

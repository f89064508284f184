// `agon tune`: tunes the evaluation weights by self-play (tune.ts in the engine): a Texel fit
// to the results of games shared among worker threads, or SPSA on game pairs.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import {
  CAPTOR_FEATURES,
  CAPTOR_WEIGHTS,
  FEATURE_COUNT,
  FEATURES,
  STANDARD_APN,
  seededRandom,
  WEIGHTS,
} from '@agon/engine';
import { fitWeights, type Sample, spsa } from '@agon/engine/tune';
import { Args, positionFromApn } from './args.ts';
import { type Command, CommandError } from './command.ts';
import { startThread } from './thread.ts';

/** A thread's share of the self-play. */
export interface SelfPlay {
  readonly games: number;
  readonly nodes: number;
  readonly seed: number;
  readonly maxPlies: number;
  /** The weights both sides play with. */
  readonly weights: Int32Array;
}

/** What a thread sends for each game: how it ended and its samples. */
export interface PlayedGame {
  readonly ending: string;
  readonly samples: Sample[];
}

// Long enough for almost every game to finish; the rest count as draws.
const MAX_PLIES = 300;

/** The `tune` command. */
export const tuneCommand: Command = {
  name: 'tune',
  summary: 'tune the evaluation weights by self-play (Texel fit or SPSA)',
  usage: `usage: agon tune --games <N> --nodes <N> [--seed <S>] [--samples <file>]
                 [--iterations <K>] [--concurrency <C>] [--from <weights>]
       agon tune --pairs <N> --nodes <N> [--seed <S>] [--from <weights>]
                 [--queen-placement captor]

With --games (Texel's method): plays N games of the engine against itself, each from a
random opening of 4 to 10 turns, searching the given nodes a move. Every position after
the opening becomes a sample labelled with the game's result, and the weights are fitted
to the samples (logistic regression of the result on the evaluation features). Prints the
games' endings, the number of samples, the scale k and the loss before and after.

With --pairs (SPSA): plays N game pairs, each between two copies of the weights nudged in
opposite random directions (same random opening, colours swapped), and moves the weights
toward the copy that scored better; the queen's values are kept rising toward the throne.
Prints the running pair score every 100 pairs. With --queen-placement captor the games are
played under R16 (the captor places a captured queen) and the weights tuned are the R16
ones (CAPTOR_FEATURES), the others staying as they are.

Both end with the new weights: a TypeScript array in the order of FEATURES, each value
commented with its name and old and new value, then the same as one --weights list for
agon engine, so that agon match can measure them against the old ones.

  --games <N>        self-play games; 0 with --samples fits the samples in the file
  --pairs <N>        SPSA game pairs
  --nodes <N>        search nodes a move
  --seed <S>         seeds the openings (default 1); the same seed and concurrency give
                     the same games
  --from <weights>   start from these weights (as agon engine --weights takes them)
                     instead of the built-in ones
  --samples <file>   JSON samples to fit along with the new games'; the new samples are
                     added to the file (created if missing)
  --queen-placement captor
                     with --pairs: tune the R16 weights in games under R16; --from
                     then gives those
  --iterations <K>   gradient steps of the fit (default 2000)
  --concurrency <C>  threads playing games (default 2)`,

  async run(argv) {
    const args = new Args('tune', argv, {
      games: 'value',
      pairs: 'value',
      nodes: 'value',
      seed: 'value',
      from: 'value',
      samples: 'value',
      iterations: 'value',
      concurrency: 'value',
      'queen-placement': 'value',
    });
    args.expectPositionals(0);
    const r16 = args.captorPlacesQueen() === true;
    const names = r16 ? CAPTOR_FEATURES : FEATURES;
    const initial = args.weights('from', names) ?? (r16 ? CAPTOR_WEIGHTS : WEIGHTS);
    const seed = args.integer('seed', 0, 2147483647) ?? 1;
    const nodes = args.integer('nodes', 1, 1_000_000_000);
    const pairs = args.integer('pairs', 1, 10_000_000);
    if (pairs !== undefined) {
      if (args.has('games') || args.has('samples') || args.has('iterations')) {
        throw new CommandError(
          'tune: --pairs (SPSA) goes without --games, --samples, --iterations',
        );
      }
      if (nodes === undefined) throw new CommandError('tune: give --nodes a move');
      runSpsa(initial, pairs, nodes, seed, r16);
      return;
    }
    if (r16) throw new CommandError('tune: --queen-placement captor goes with --pairs (SPSA)');
    const games = args.integer('games', 0, 10_000_000);
    if (games === undefined) {
      throw new CommandError('tune: give --games or --pairs (see agon help tune)');
    }
    if (games > 0 && nodes === undefined) throw new CommandError('tune: give --nodes a move');
    const iterations = args.integer('iterations', 1, 10_000_000) ?? 2000;
    const concurrency = args.integer('concurrency', 1, 256) ?? 2;
    const file = args.value('samples');
    const loaded = file !== undefined && existsSync(file) ? readSamples(file) : [];
    if (games === 0 && loaded.length === 0) {
      throw new CommandError('tune: no games and no samples: give --games, or --samples <file>');
    }

    const played = await selfPlay(games, nodes ?? 0, seed, concurrency, initial);
    const endings = new Map<string, number>();
    for (const { ending } of played) endings.set(ending, (endings.get(ending) ?? 0) + 1);
    const fresh = played.flatMap((p) => p.samples);
    const samples = [...loaded, ...fresh];
    if (file !== undefined && games > 0) writeSamples(file, samples);

    say(`games ${games}`);
    for (const [ending, count] of [...endings].sort()) say(`  ${ending}  ${count}`);
    say(`samples ${samples.length} (${fresh.length} new, ${loaded.length} from file)`);
    if (samples.length === 0) throw new CommandError('tune: the games gave no samples to fit');
    const fit = fitWeights(samples, initial, iterations);
    say(`k ${fit.k.toFixed(1)}`);
    say(`loss before ${fit.lossBefore.toFixed(6)}, after ${fit.lossAfter.toFixed(6)}`);
    sayWeights(initial, fit.weights);
  },
};

function say(text: string): void {
  process.stdout.write(`${text}\n`);
}

// SPSA runs on this thread: each pair depends on the weights the pairs before it left.
function runSpsa(
  initial: Int32Array,
  pairs: number,
  nodes: number,
  seed: number,
  r16: boolean,
): void {
  let recent = 0;
  const theta = spsa(positionFromApn('tune', STANDARD_APN), initial, {
    iterations: pairs,
    nodes,
    seed,
    captorPlacesQueen: r16,
    onIteration(k, _weights, pairScore) {
      recent += pairScore;
      if (k % 100 === 0 || k === pairs) {
        const n = k % 100 || 100;
        say(
          `pairs ${k}: mean pair score of the last ${n}, plus minus minus, ${(recent / n).toFixed(2)}`,
        );
        recent = 0;
      }
    },
  });
  say(`pairs ${pairs} at ${nodes} nodes a move${r16 ? ', under R16' : ''}`);
  sayWeights(
    initial,
    Int32Array.from(theta, (w) => Math.round(w)),
    r16 ? CAPTOR_FEATURES : FEATURES,
  );
}

function sayWeights(
  old: Int32Array,
  weights: Int32Array,
  names: readonly string[] = FEATURES,
): void {
  say(`weights, in the order of ${names === FEATURES ? 'FEATURES' : 'CAPTOR_FEATURES'}:`);
  say('[');
  const width = Math.max(...Array.from(weights, (w) => String(w).length)) + 1;
  names.forEach((feature, i) => {
    const value = `${weights[i]},`.padEnd(width);
    say(`  ${value} // ${feature}: ${old[i]} -> ${weights[i]}`);
  });
  say(']');
  const flag = names === FEATURES ? '--weights' : '--from (with --queen-placement captor)';
  say(`as ${flag}: ${Array.from(weights).join(',')}`);
}

// Shares the games among threads, each seeded from `seed`. The games come back in thread
// order, not finishing order, so that the fit does not depend on timing.
async function selfPlay(
  games: number,
  nodes: number,
  seed: number,
  concurrency: number,
  weights: Int32Array,
): Promise<PlayedGame[]> {
  const random = seededRandom(seed);
  const threads: Promise<PlayedGame[]>[] = [];
  let done = 0;
  // Long runs show their progress at the terminal.
  const progress = (): void => {
    if (process.stderr.isTTY) process.stderr.write(`\rgames ${++done}/${games}`);
  };
  for (let i = 0; i < concurrency; i++) {
    const share = Math.floor(games / concurrency) + (i < games % concurrency ? 1 : 0);
    const job: SelfPlay = {
      games: share,
      nodes,
      seed: Math.floor(random() * 2 ** 31),
      maxPlies: MAX_PLIES,
      weights,
    };
    if (share === 0) continue;
    const worker = startThread('tune-worker', job);
    threads.push(
      new Promise((resolve, reject) => {
        const mine: PlayedGame[] = [];
        worker.on('message', (played: PlayedGame) => {
          mine.push(played);
          progress();
        });
        worker.on('error', reject);
        worker.on('exit', (code) =>
          code === 0 ? resolve(mine) : reject(new Error(`tune: a game thread stopped (${code})`)),
        );
      }),
    );
  }
  const played = (await Promise.all(threads)).flat();
  if (process.stderr.isTTY && games > 0) process.stderr.write('\n');
  return played;
}

// On disk: the feature names, so that samples from an older feature set are refused, and
// each sample as [features, result].
interface SampleFile {
  readonly features: readonly string[];
  readonly samples: readonly [number[], number][];
}

function readSamples(file: string): Sample[] {
  let data: SampleFile;
  try {
    data = JSON.parse(readFileSync(file, 'utf8')) as SampleFile;
  } catch (e) {
    throw new CommandError(`tune: cannot read samples from ${file}: ${(e as Error).message}`);
  }
  if (
    !Array.isArray(data?.features) ||
    data.features.join(' ') !== FEATURES.join(' ') ||
    !Array.isArray(data.samples)
  ) {
    throw new CommandError(
      `tune: ${file} does not hold samples for the current features (${FEATURES.join(' ')})`,
    );
  }
  return data.samples.map((s, i) => {
    const [features, result] = Array.isArray(s) ? s : [];
    if (
      !Array.isArray(features) ||
      features.length !== FEATURE_COUNT ||
      ![0, 0.5, 1].includes(result as number)
    ) {
      throw new CommandError(`tune: ${file}: sample ${i + 1} is not [features, result]`);
    }
    return { features: Int16Array.from(features), result: result as number };
  });
}

function writeSamples(file: string, samples: readonly Sample[]): void {
  const data: SampleFile = {
    features: FEATURES,
    samples: samples.map((s) => [Array.from(s.features), s.result]),
  };
  try {
    writeFileSync(file, `${JSON.stringify(data)}\n`);
  } catch (e) {
    throw new CommandError(`tune: cannot write ${file}: ${(e as Error).message}`);
  }
}

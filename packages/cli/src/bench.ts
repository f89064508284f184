// `agon bench`: a fixed perft and search workload, to compare engine speed across changes
// and machines. The positions and depths never change, so the perft totals are a checksum of
// move generation, and the search node count a fingerprint of the search and evaluation:
// a change to either that should not alter play must leave it as it was.

import {
  makeMoveText,
  PLACEMENT_APN,
  type Position,
  parseApn,
  perft,
  Searcher,
  STANDARD_APN,
} from '@agon/engine';
import { Args } from './args.ts';
import type { Command } from './command.ts';

interface Run {
  readonly name: string;
  readonly apn: string;
  readonly depth: number;
}

const AFTER_PLACEMENT = '4Gg/6g/8/9/7q2/Qg5G3/1G*8/1g1G1gG2/3G4/2g4/6 w';
const LONG_GAME = '6/G4g1/6G1/3g2q2/5g4/Q3G3G2/2g4G2/2g2G3/8/7/4g1 w';

// The middle-game positions come from seeded random games. Between them they exercise the
// relocation of a captured queen, of a captured guard after placement, and the steps of a
// long game with pieces drawn toward the throne. Depths keep the whole bench to seconds.
const RUNS: readonly Run[] = [
  { name: 'standard start', apn: STANDARD_APN, depth: 6 },
  { name: 'placement start', apn: PLACEMENT_APN, depth: 3 },
  {
    name: 'captured queen to relocate',
    apn: 'g3g1/1G5/5G2/9/10/1gQ*g7/6G1Gq/6g2/4g3/1G3G1/6 w',
    depth: 5,
  },
  { name: 'after placement, guard captured', apn: AFTER_PLACEMENT, depth: 6 },
  { name: 'standard game, 62 turns in', apn: LONG_GAME, depth: 6 },
];

// Each searched by a fresh searcher to a fixed depth, a few seconds in all: no clock is
// involved, so the node counts repeat exactly.
const SEARCHES: readonly Run[] = [
  { name: 'standard start', apn: STANDARD_APN, depth: 8 },
  { name: 'placement start', apn: PLACEMENT_APN, depth: 5 },
  { name: 'after placement, guard captured', apn: AFTER_PLACEMENT, depth: 8 },
  { name: 'standard game, 62 turns in', apn: LONG_GAME, depth: 9 },
];

/** The `bench` command. */
export const benchCommand: Command = {
  name: 'bench',
  summary: 'time a fixed set of perft runs and searches',
  usage: `usage: agon bench

Runs perft on a fixed set of positions and depths (standard start, placement start and
three middle-game positions, two of them with captured pieces) and prints, for each, its nodes and
time, then "total nodes N" and "nodes/s N". Times are the CPU time of this process, so that
other programs running on the machine change them little.

Then searches four positions (the two starts and two of the middle games), each with a
new searcher to a fixed depth, and prints for each a line "search <name>" with the
depth, nodes, time and best move, then "search nodes N", "search nodes/s N" and
"fingerprint N", N the search nodes again: a change to the search or the evaluation
that alters play almost always alters it.

The node counts never change from run to run; only the times do.`,

  async run(argv) {
    new Args('bench', argv, {}).expectPositionals(0);
    let nodes = 0;
    let seconds = 0;
    for (const run of RUNS) {
      const started = cpuSeconds();
      const count = perft(positionOf(run), run.depth);
      const took = cpuSeconds() - started;
      nodes += count;
      seconds += took;
      process.stdout.write(
        `${run.name.padEnd(32)} depth ${run.depth}  ${String(count).padStart(10)} nodes  ${took.toFixed(3)} s\n`,
      );
    }
    process.stdout.write(`total nodes ${nodes}\nnodes/s ${Math.round(nodes / seconds)}\n`);

    nodes = 0;
    seconds = 0;
    for (const run of SEARCHES) {
      const started = cpuSeconds();
      const info = new Searcher(16).search(positionOf(run), [], { depth: run.depth });
      const took = cpuSeconds() - started;
      const count = info?.nodes ?? 0;
      nodes += count;
      seconds += took;
      const best = info ? makeMoveText(info.pv[0]!) : 'none';
      process.stdout.write(
        `search ${run.name.padEnd(32)} depth ${run.depth}  ${String(count).padStart(10)} nodes  ${took.toFixed(3)} s  best ${best}\n`,
      );
    }
    process.stdout.write(
      `search nodes ${nodes}\nsearch nodes/s ${Math.round(nodes / seconds)}\nfingerprint ${nodes}\n`,
    );
  },
};

// User and system time of this process: the bench is one thread, so on a quiet machine this
// is its wall time, and on a busy one it is still the time the engine itself took.
function cpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

function positionOf(run: Run): Position {
  const pos = parseApn(run.apn);
  if (!pos.ok) throw new Error(`bench position "${run.name}": ${pos.error.message}`);
  return pos.value;
}

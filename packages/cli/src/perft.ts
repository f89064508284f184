// `agon perft`: counts move paths (RULES.md, notes) to check move generation against other
// implementations, so the output is plain numbers that scripts can compare.

import { perft, perftDivide, STANDARD_APN } from '@agon/engine';
import { Args, positionFromApn } from './args.ts';
import { type Command, CommandError } from './command.ts';

/** The `perft` command. */
export const perftCommand: Command = {
  name: 'perft',
  summary: 'count the move paths to a depth (tests move generation)',
  usage: `usage: agon perft <depth> [--apn "<APN>"] [--divide]

Counts the positions reached by every sequence of <depth> turns (perft, RULES.md notes)
from the standard start or from the position --apn gives. The count is the last line
of output. A position ended by R11 or R12 has no children; R13 is ignored.

  --apn "<APN>"  start from this position (NOTATION.md), quoted as one argument
  --divide       first print "<move>: <count>" for each legal turn, sorted by move text

Timing goes to standard error.`,

  async run(argv) {
    const args = new Args('perft', argv, { apn: 'value', divide: 'switch' });
    args.expectPositionals(1);
    const depth = parseDepth(args.positionals[0]);
    const pos = positionFromApn('perft', args.value('apn') ?? STANDARD_APN);
    const started = performance.now();
    let total: number;
    if (args.has('divide')) {
      const rows = perftDivide(pos, depth).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      process.stdout.write(rows.map(([move, nodes]) => `${move}: ${nodes}\n`).join(''));
      // perftDivide has no rows at depth 0, where the one leaf is the position itself.
      total = depth === 0 ? 1 : rows.reduce((sum, [, nodes]) => sum + nodes, 0);
    } else {
      total = perft(pos, depth);
    }
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(`${total}\n`);
    process.stderr.write(
      `perft ${depth}: ${total} nodes in ${seconds.toFixed(3)} s (${Math.round(total / Math.max(seconds, 1e-6))} nodes/s)\n`,
    );
  },
};

const MAX_DEPTH = 64;

function parseDepth(text: string | undefined): number {
  if (text === undefined) throw new CommandError('perft: give a depth, like agon perft 4');
  const depth = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  // Far beyond any depth that finishes; the bound only keeps buffer sizes sane.
  if (!(depth <= MAX_DEPTH)) {
    throw new CommandError(
      `perft: bad depth "${text}": give a whole number from 0 to ${MAX_DEPTH}`,
    );
  }
  return depth;
}

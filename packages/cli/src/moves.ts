// `agon moves`: the legal turns of a position as text, one position or a stream of them, so
// other programs can check their move generation against the engine's.

import { makeMoveText, type Position, parseApn, STANDARD_APN } from '@agon/engine';
import { Args, positionFromApn } from './args.ts';
import { type Command, CommandError } from './command.ts';
import { inputLines, Output } from './io.ts';

/** The `moves` command. */
export const movesCommand: Command = {
  name: 'moves',
  summary: 'list the legal turns of a position, or of many read from stdin',
  usage: `usage: agon moves [--apn "<APN>"]
       agon moves --batch < positions.txt

Prints every legal turn in canonical move text (NOTATION.md), one per line, sorted by
character code (so e10-e9 comes before e2-e1), for the standard start or the position
--apn gives. Prints nothing when the game is over in that position (R11 throne ring or
R12 no legal move).

  --apn "<APN>"  the position, quoted as one argument
  --batch        read one APN per line from standard input; for each input line print
                 one output line: the legal turns separated by single spaces (same
                 order), an empty line when the game is over, or "error: <message>"
                 when the line is not a valid APN. A blank input line is not an APN and
                 gets an error line too, so output line N always answers input line N.
                 Exit status is 0 even when some lines are errors.`,

  async run(argv) {
    const args = new Args('moves', argv, { apn: 'value', batch: 'switch' });
    args.expectPositionals(0);
    if (args.has('batch')) {
      if (args.has('apn')) {
        throw new CommandError('moves: --batch reads positions from stdin; drop --apn');
      }
      await batch();
      return;
    }
    const pos = positionFromApn('moves', args.value('apn') ?? STANDARD_APN);
    process.stdout.write(
      turnTexts(pos)
        .map((t) => `${t}\n`)
        .join(''),
    );
  },
};

/** Legal turns in canonical text, sorted; none once R11 or R12 has ended the game. */
function turnTexts(pos: Position): string[] {
  return pos.outcome() ? [] : pos.legalMoves().map(makeMoveText).sort();
}

async function batch(): Promise<void> {
  const out = new Output();
  for await (const line of inputLines()) {
    const pos = parseApn(line);
    await out.line(pos.ok ? turnTexts(pos.value).join(' ') : `error: ${pos.error.message}`);
  }
  await out.flush();
}

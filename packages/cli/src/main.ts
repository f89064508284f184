// The `agon` command: picks a subcommand from the table and turns every failure into one
// line on standard error and exit status 2, never a stack trace.

import { benchCommand } from './bench.ts';
import { botCommand } from './bot.ts';
import { type Command, CommandError } from './command.ts';
import { engineCommand } from './engine.ts';
import { matchCommand } from './match.ts';
import { movesCommand } from './moves.ts';
import { perftCommand } from './perft.ts';
import { playCommand } from './play.ts';
import { puzzlesCommand, verifyPuzzlesCommand } from './puzzles.ts';
import { robustnessCommand } from './robustness.ts';
import { tuneCommand } from './tune.ts';

/** `agon help [command]`. */
const helpCommand: Command = {
  name: 'help',
  summary: 'show this list, or the usage of one command',
  usage: 'usage: agon help [<command>]',
  async run(argv) {
    const [name, extra] = argv;
    if (extra !== undefined) throw new CommandError(`help: unexpected argument "${extra}"`);
    process.stdout.write(`${name === undefined ? overview() : find(name).usage}\n`);
  },
};

// Each command is a file exporting a Command and a row here.
const COMMANDS: readonly Command[] = [
  playCommand,
  movesCommand,
  perftCommand,
  benchCommand,
  engineCommand,
  matchCommand,
  tuneCommand,
  puzzlesCommand,
  verifyPuzzlesCommand,
  robustnessCommand,
  botCommand,
  helpCommand,
];

function overview(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    'usage: agon <command> [<args>]',
    '',
    "Agon (Queen's Guard, 1842), the hexagonal race to the throne.",
    '',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'agon help <command> or agon <command> --help shows the usage of one command.',
    'Errors in the arguments or input exit with status 2.',
  ].join('\n');
}

function find(name: string): Command {
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) throw new CommandError(`unknown command "${name}" (agon help lists them)`);
  return command;
}

/** Runs `agon` on its arguments (after the program name) and returns the exit status. */
export async function main(argv: readonly string[]): Promise<number> {
  // Output piped into `head` and the like may close early; that is not an error. Other
  // write errors cannot be reported on a broken stream, only in the exit status.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (e: NodeJS.ErrnoException) => process.exit(e.code === 'EPIPE' ? 0 : 2));
  }
  try {
    const [name, ...rest] = argv;
    if (name === undefined) throw new CommandError('no command given (agon help lists them)');
    if (name === '--help' || name === '-h') {
      await helpCommand.run([]);
    } else if (rest.includes('--help') || rest.includes('-h')) {
      await helpCommand.run([name]);
    } else {
      await find(name).run(rest);
    }
    // A command that ran to its end may still report a failure found (robustness, verify).
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (e) {
    process.stderr.write(`agon: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
}

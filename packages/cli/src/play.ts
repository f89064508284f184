// `agon play`: two people, one terminal. Reads standard input a line at a time, so a game
// can also be scripted: printf 'f1-f2\nquit\n' | agon play

import { createInterface } from 'node:readline';
import { Game, PLACEMENT_APN, STANDARD_APN } from '@agon/engine';
import { Args, positionFromApn } from './args.ts';
import { type Command, CommandError } from './command.ts';
import { readRecord } from './record.ts';
import { Session } from './session.ts';

/** The `play` command. */
export const playCommand: Command = {
  name: 'play',
  summary: 'play a game for two people in the terminal',
  usage: `usage: agon play [--touch-move] [--variant standard|placement] [--apn "<APN>"]
                 [--load <file>]

Starts a game for two people at one terminal: the standard start unless a flag says
otherwise. Type moves like f1-f2 at the prompt, or help for the other commands (moves,
board, touch, undo, save, load, resign, draw, quit). Input may be piped in; the game
ends quietly at the end of input.

  --touch-move       play with the touch-move house rule (R15)
  --variant <name>   standard (R4) or placement (R14)
  --apn "<APN>"      start from this position
  --load <file>      go on with the game recorded in an AGN file (its TouchMove tag
                     decides touch-move)`,

  async run(argv) {
    const args = new Args('play', argv, {
      'touch-move': 'switch',
      variant: 'value',
      apn: 'value',
      load: 'value',
    });
    args.expectPositionals(0);
    const { game, tags } = startingGame(args);
    const tty = process.stdin.isTTY === true;
    const say = (text: string): void => {
      process.stdout.write(`${text}\n`);
    };
    const session = new Session(game, tags, say);
    const input = createInterface({
      input: process.stdin,
      output: tty ? process.stdout : undefined,
      terminal: tty,
      crlfDelay: Number.POSITIVE_INFINITY,
    });
    // Without a listener readline only pauses on Ctrl-C, which would leave the player stuck.
    input.on('SIGINT', () => input.close());
    session.start();
    const ask = (): void => {
      input.setPrompt(session.prompt);
      if (tty) input.prompt();
    };
    ask();
    let quit = false;
    for await (const line of input) {
      // Piped input is not echoed, so print it after the prompt to keep a readable transcript.
      if (!tty) say(session.prompt + line);
      quit = !session.handle(line);
      if (quit) break;
      ask();
    }
    input.close();
    // End of input at the keyboard leaves the cursor after the prompt.
    if (tty && !quit) say('');
  },
};

function startingGame(args: Args): { game: Game; tags: ReadonlyMap<string, string> } {
  const starts = ['variant', 'apn', 'load'].filter((flag) => args.has(flag));
  if (starts.length > 1) {
    throw new CommandError(`play: give only one of --variant, --apn and --load`);
  }
  const touchMove = args.has('touch-move');
  const file = args.value('load');
  if (file !== undefined) {
    if (touchMove) {
      throw new CommandError(
        `play: the record's TouchMove tag decides touch-move; drop --touch-move`,
      );
    }
    const record = readRecord(file);
    if (!record.ok) throw new CommandError(`play: ${record.error.message}`);
    return record.value;
  }
  const variant = args.value('variant') ?? 'standard';
  if (variant !== 'standard' && variant !== 'placement') {
    throw new CommandError(`play: unknown variant "${variant}": it is standard or placement`);
  }
  const apn = args.value('apn') ?? (variant === 'placement' ? PLACEMENT_APN : STANDARD_APN);
  const game = new Game(positionFromApn('play', apn), { touchMove });
  const now = new Date();
  const date = `${now.getFullYear()}.${String(now.getMonth() + 1).padStart(2, '0')}.${String(now.getDate()).padStart(2, '0')}`;
  return {
    game,
    tags: new Map([
      ['Event', 'Casual game'],
      ['Date', date],
    ]),
  };
}

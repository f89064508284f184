// `agon play`: two people at one terminal, or one against the computer. Reads standard
// input a line at a time, so a game can also be scripted: printf 'f1-f2\nquit\n' | agon play

import { createInterface } from 'node:readline';
import { type Colour, Game, opposite, PLACEMENT_APN, STANDARD_APN } from '@agon/engine';
import { Args, positionFromApn } from './args.ts';
import { type Command, CommandError } from './command.ts';
import { Computer } from './computer.ts';
import { readRecord } from './record.ts';
import { type Opponents, Session } from './session.ts';

/** The `play` command. */
export const playCommand: Command = {
  name: 'play',
  summary: 'play a game in the terminal, for two people or against the computer',
  usage: `usage: agon play [--level <1-10> [--side white|black|random] [--movetime <ms>]]
                 [--touch-move] [--queen-placement owner|captor]
                 [--variant standard|placement] [--apn "<APN>"]
                 [--load <file>]

Starts a game at one terminal, for two people or, with --level, against the computer:
the standard start unless a flag says otherwise. Type moves like f1-f2 at the prompt, or
help for the other commands (moves, hint, board, touch, undo, save, load, resign, draw,
quit). Input may be piped in; the game ends quietly at the end of input.

  --level <1-10>     play against the computer at this level (10 is the strongest)
  --side <side>      your side against the computer: white (default), black or random
  --movetime <ms>    limit the computer's time per move (level 10 takes 2000 ms
                     unless told; lower levels stop at their own depth and nodes)

  --touch-move       play with the touch-move house rule (R15)
  --queen-placement <who>
                     who chooses a captured queen's cell: owner (R10, the default)
                     or captor (the historical rule, R16)
  --variant <name>   standard (R4) or placement (R14)
  --apn "<APN>"      start from this position
  --load <file>      go on with the game recorded in an AGN file (its TouchMove and
                     QueenPlacement tags decide those rules)`,

  async run(argv) {
    const args = new Args('play', argv, {
      'touch-move': 'switch',
      'queen-placement': 'value',
      variant: 'value',
      apn: 'value',
      load: 'value',
      level: 'value',
      side: 'value',
      movetime: 'value',
    });
    args.expectPositionals(0);
    const { game, tags } = startingGame(args);
    const opponents = opponentsOf(args);
    const { computer, engine } = opponents;
    if (computer) {
      tags.set(computer === 'white' ? 'White' : 'Black', `Computer (level ${engine.level})`);
      tags.set(computer === 'white' ? 'Black' : 'White', 'Player');
    }
    const tty = process.stdin.isTTY === true;
    const say = (text: string): void => {
      process.stdout.write(`${text}\n`);
    };
    const session = new Session(game, tags, say, opponents);
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

function opponentsOf(args: Args): Opponents {
  const level = args.integer('level', 1, 10);
  const movetime = args.integer('movetime', 1, 3_600_000);
  const side = args.value('side');
  if (level === undefined) {
    if (side !== undefined || movetime !== undefined) {
      throw new CommandError(
        'play: --side and --movetime are for a game against the computer: add --level',
      );
    }
    // For hints only, which search at full strength whatever the level.
    return { engine: new Computer(10, undefined, 0), computer: undefined };
  }
  if (side !== undefined && side !== 'white' && side !== 'black' && side !== 'random') {
    throw new CommandError(`play: unknown side "${side}": it is white, black or random`);
  }
  const human: Colour =
    side === 'black' || (side === 'random' && Math.random() < 0.5) ? 'black' : 'white';
  // The computer's choices at the lower levels vary from game to game.
  const seed = Math.floor(Math.random() * 2 ** 31);
  return { engine: new Computer(level, movetime, seed), computer: opposite(human) };
}

function startingGame(args: Args): { game: Game; tags: Map<string, string> } {
  const starts = ['variant', 'apn', 'load'].filter((flag) => args.has(flag));
  if (starts.length > 1) {
    throw new CommandError(`play: give only one of --variant, --apn and --load`);
  }
  const touchMove = args.has('touch-move');
  const captorPlacesQueen = args.captorPlacesQueen();
  const file = args.value('load');
  if (file !== undefined) {
    if (touchMove || captorPlacesQueen !== undefined) {
      throw new CommandError(
        `play: the record's tags decide touch-move and queen placement; drop --touch-move and --queen-placement`,
      );
    }
    const record = readRecord(file);
    if (!record.ok) throw new CommandError(`play: ${record.error.message}`);
    return { game: record.value.game, tags: new Map(record.value.tags) };
  }
  const variant = args.value('variant') ?? 'standard';
  if (variant !== 'standard' && variant !== 'placement') {
    throw new CommandError(`play: unknown variant "${variant}": it is standard or placement`);
  }
  const apn = args.value('apn') ?? (variant === 'placement' ? PLACEMENT_APN : STANDARD_APN);
  const game = new Game(positionFromApn('play', apn), {
    touchMove,
    captorPlacesQueen: captorPlacesQueen === true,
  });
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

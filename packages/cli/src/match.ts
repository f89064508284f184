// `agon match`: two engines play a series of games, to measure a change in strength. Each
// random opening is played twice with the colours swapped, so neither side gains from a
// lucky opening, and every move an engine sends is checked against the rules here.

import { writeFileSync } from 'node:fs';
import {
  type Colour,
  Game,
  type Move,
  makeAgn,
  makeMoveText,
  PLACEMENT_APN,
  type Position,
  parseMoveText,
  randomOpening,
  STANDARD_APN,
  seededRandom,
} from '@agon/engine';
import { AepClient } from './aep-client.ts';
import { Args, positionFromApn } from './args.ts';
import { BuiltInMover, isBuiltIn } from './builtin-mover.ts';
import { type Command, CommandError } from './command.ts';
import { type Contender, ContenderFailure, type ContenderSpec } from './contender.ts';
import { eloSummary, scoreOf, type Tally } from './elo.ts';

/** The `match` command. */
export const matchCommand: Command = {
  name: 'match',
  summary: 'play two engines against each other and estimate the Elo difference',
  usage: `usage: agon match --a "<command>" --b "<command>" --games <N> --movetime <ms>
                  [--level-a <L>] [--level-b <L>] [--set-a <N=V,...>] [--set-b <N=V,...>]
                  [--movetime-a <ms>] [--movetime-b <ms>] [--seed <S>] [--max-plies <P>]
                  [--variant standard|placement] [--queen-placement owner|captor]
                  [--concurrency <C>] [--pgn <file>]

Plays N games between engines A and B and prints a line per game, then A's wins, draws
and losses, the score and the Elo difference with its 95% interval. Each engine is a
command run through the shell that speaks AEP (PROTOCOL.md), such as "npx agon engine",
or a built-in player: random (uniformly random legal moves) or novice (a model of a
person who has just learned the rules: completes the throne ring when it can, else
captures most, else steps nearest the throne, queen first; never looks ahead). Each
opening (2 to 6 random turns from the seed) is played twice, A taking White in one game
and Black in the other. Every move is checked: an illegal move, bestmove none while the game goes
on, a crash or no bestmove within movetime + 1000 ms loses that game.

  --a, --b "<command>"  the two engines (quote a command with spaces)
  --games <N>           number of games
  --movetime <ms>       time for each move (go movetime)
  --movetime-a, --movetime-b
                        that engine's time for each move instead, for a match at
                        time odds (how much more time is worth)
  --level-a, --level-b  set the engine's Level option (1 to 10)
  --set-a, --set-b      set further AEP options, such as Contempt=60,Prune=1
  --seed <S>            seeds the openings and each game's Seed option (default 1)
  --max-plies <P>       a game still going after P turns is a draw (default 400)
  --variant <name>      standard (R4, default) or placement (R14)
  --queen-placement <who>
                        who chooses a captured queen's cell: owner (R10, default) or
                        captor (R16). Under R16 the captor's engine is asked for that
                        turn: with the CaptorPlacesQueen option set when it offers it;
                        an engine without the option searches the position after each
                        relocation for an equal share of its movetime and plays the one
                        it scores best for itself
  --concurrency <C>     games played at once, each with its own engine processes
                        (default 1)
  --pgn <file>          write every game to the file as AGN`,

  async run(argv) {
    const args = new Args('match', argv, {
      a: 'value',
      b: 'value',
      games: 'value',
      movetime: 'value',
      'movetime-a': 'value',
      'movetime-b': 'value',
      'level-a': 'value',
      'level-b': 'value',
      'set-a': 'value',
      'set-b': 'value',
      seed: 'value',
      'max-plies': 'value',
      variant: 'value',
      'queen-placement': 'value',
      concurrency: 'value',
      pgn: 'value',
    });
    args.expectPositionals(0);
    const plan = planOf(args);
    await new Match(plan).run();
  },
};

interface Plan {
  readonly a: ContenderSpec;
  readonly b: ContenderSpec;
  readonly games: number;
  /** Time for each move, by side. */
  readonly movetime: { readonly A: number; readonly B: number };
  readonly seed: number;
  readonly maxPlies: number;
  readonly start: Position;
  readonly variant: string;
  /** R16: the captor chooses a captured queen's cell. */
  readonly captorPlacesQueen: boolean;
  readonly concurrency: number;
  readonly pgn: string | undefined;
}

function planOf(args: Args): Plan {
  const required = (name: string): string => {
    const value = args.value(name);
    if (value === undefined) throw new CommandError(`match: give --${name} (see agon help match)`);
    return value;
  };
  const a = required('a');
  const b = required('b');
  required('games');
  required('movetime');
  const movetime = args.integer('movetime', 1, 3_600_000)!;
  const variant = args.value('variant') ?? 'standard';
  if (variant !== 'standard' && variant !== 'placement') {
    throw new CommandError(`match: unknown variant "${variant}": it is standard or placement`);
  }
  return {
    a: {
      command: a,
      level: args.integer('level-a', 1, 10),
      options: optionsOf(args, 'a'),
      salt: 0,
    },
    b: {
      command: b,
      level: args.integer('level-b', 1, 10),
      options: optionsOf(args, 'b'),
      salt: 0x5bd1e995,
    },
    games: args.integer('games', 1, 1_000_000)!,
    movetime: {
      A: args.integer('movetime-a', 1, 3_600_000) ?? movetime,
      B: args.integer('movetime-b', 1, 3_600_000) ?? movetime,
    },
    seed: args.integer('seed', 0, 2147483647) ?? 1,
    maxPlies: args.integer('max-plies', 1, 100_000) ?? 400,
    start: positionFromApn('match', variant === 'placement' ? PLACEMENT_APN : STANDARD_APN),
    variant,
    captorPlacesQueen: args.captorPlacesQueen() === true,
    concurrency: args.integer('concurrency', 1, 256) ?? 1,
    pgn: args.value('pgn'),
  };
}

/** One finished game, with A's side and why it ended. */
interface Played {
  readonly game: Game;
  readonly aColour: Colour;
  readonly ending: string;
  /** The side that lost by an illegal move, a crash or a timeout. */
  readonly forfeit: 'A' | 'B' | undefined;
  readonly white: string;
  readonly black: string;
}

// Engine processes for one game at a time: one per side.
interface Slot {
  a: Contender;
  b: Contender;
}

// A match in progress: the openings, the slots playing games and the running tally.
class Match {
  private readonly openings: Move[][] = [];
  private readonly played: Played[] = [];
  private readonly tally = { wins: 0, draws: 0, losses: 0 };
  private readonly forfeits = { A: 0, B: 0 };
  private readonly names = { A: 'A', B: 'B' };
  private readonly slots: Slot[] = [];
  private next = 0;

  constructor(private readonly plan: Plan) {
    // Drawn up front, so the openings do not depend on which slot finishes first.
    const random = seededRandom(plan.seed);
    for (let pair = 0; pair < Math.ceil(plan.games / 2); pair++) {
      this.openings.push(randomOpening(plan.start, 2 + Math.floor(random() * 5), random));
    }
  }

  async run(): Promise<void> {
    const { plan } = this;
    const say = (text: string): void => {
      process.stdout.write(`${text}\n`);
    };
    // A file that cannot be written should fail the match now, not after the games.
    if (plan.pgn !== undefined) this.writeRecords(plan.pgn);
    const count = Math.min(plan.concurrency, plan.games);
    const started = await startAll(
      Array.from({ length: count }, () => [plan.a, plan.b]).flat(),
      plan.captorPlacesQueen,
    );
    for (let i = 0; i < count; i++) this.slots.push({ a: started[2 * i]!, b: started[2 * i + 1]! });
    try {
      const { a, b } = this.slots[0]!;
      // Records must tell the sides apart even when both run the same engine.
      this.names.A = a.name === b.name ? `${a.name} A` : a.name;
      this.names.B = a.name === b.name ? `${b.name} B` : b.name;
      say(`A: ${this.names.A}`);
      say(`B: ${this.names.B}`);
      const { A, B } = plan.movetime;
      const movetime = A === B ? `${A} ms` : `A ${A} ms, B ${B} ms`;
      const rule = plan.captorPlacesQueen ? ', captor places the queen (R16)' : '';
      say(
        `${plan.games} games, ${plan.variant}${rule}, movetime ${movetime}, seed ${plan.seed}, max ${plan.maxPlies} turns`,
      );
      for (const [side, contender] of [
        ['A', a],
        ['B', b],
      ] as const) {
        if (contender.scoresRelocations) {
          say(`${side} has no CaptorPlacesQueen option: as captor it scores each relocation`);
        }
      }
      await Promise.all(this.slots.map((slot) => this.work(slot, say)));
    } finally {
      await Promise.all(this.slots.flatMap((slot) => [slot.a.close(), slot.b.close()]));
    }
    const t: Tally = this.tally;
    say(`A wins ${t.wins}, draws ${t.draws}, losses ${t.losses}`);
    say(`score ${(scoreOf(t) * 100).toFixed(1)}%`);
    say(eloSummary(t));
    say(`forfeits: A ${this.forfeits.A}, B ${this.forfeits.B}`);
    if (plan.pgn !== undefined) this.writeRecords(plan.pgn);
  }

  // Plays games on one slot until none are left.
  private async work(slot: Slot, say: (text: string) => void): Promise<void> {
    while (this.next < this.plan.games) {
      const index = this.next++;
      // An engine that crashed or hung lost its game; a fresh process plays the next.
      if (!slot.a.alive) slot.a = await restart(slot.a, this.plan.a, this.plan.captorPlacesQueen);
      if (!slot.b.alive) slot.b = await restart(slot.b, this.plan.b, this.plan.captorPlacesQueen);
      const played = await this.playGame(index, slot);
      this.played[index] = played;
      this.count(played);
      say(this.progress(index, played));
    }
  }

  private async playGame(index: number, slot: Slot): Promise<Played> {
    const { plan } = this;
    const aColour: Colour = index % 2 === 0 ? 'white' : 'black';
    const [white, black] = aColour === 'white' ? [slot.a, slot.b] : [slot.b, slot.a];
    const seed = (plan.seed + index) % 2147483648;
    const game = new Game(plan.start, { captorPlacesQueen: plan.captorPlacesQueen });
    for (const move of this.openings[index >> 1]!) game.play(move);
    const side = (colour: Colour): 'A' | 'B' => (colour === aColour ? 'A' : 'B');
    let forfeit: { colour: Colour; why: string } | undefined;
    try {
      await Promise.all([white.newGame(seed), black.newGame(seed)]);
    } catch (e) {
      if (!(e instanceof ContenderFailure)) throw e;
      forfeit = { colour: white.alive ? 'black' : 'white', why: e.message };
    }
    while (!forfeit && !game.outcome && game.moves.length < plan.maxPlies) {
      // Under R16 the captor chooses a captured queen's cell, so the captor's engine answers,
      // on the captor's time, and forfeits if it fails.
      const colour = game.chooser!;
      const mover = colour === 'white' ? white : black;
      const why = await answer(mover, game, plan.movetime[side(colour)]);
      if (why !== undefined) forfeit = { colour, why };
    }
    let ending: string;
    if (forfeit) {
      game.resign(forfeit.colour);
      ending = `${side(forfeit.colour)} forfeits: ${forfeit.why}`;
    } else if (game.outcome) {
      ending = describe(game);
    } else {
      game.agreeDraw();
      ending = 'adjudicated a draw at the turn limit';
    }
    return {
      game,
      aColour,
      ending,
      forfeit: forfeit && side(forfeit.colour),
      white: this.names[side('white')],
      black: this.names[side('black')],
    };
  }

  private count(played: Played): void {
    const winner = played.game.outcome?.winner;
    if (winner === undefined) this.tally.draws++;
    else if (winner === played.aColour) this.tally.wins++;
    else this.tally.losses++;
    if (played.forfeit) this.forfeits[played.forfeit]++;
  }

  private progress(index: number, played: Played): string {
    const t = this.tally;
    const [white, black] = played.aColour === 'white' ? ['A', 'B'] : ['B', 'A'];
    return `game ${index + 1}/${this.plan.games}  ${white}-${black}  ${played.game.resultText}  [A +${t.wins} =${t.draws} -${t.losses}]  ${played.game.moves.length} turns, ${played.ending}`;
  }

  private writeRecords(file: string): void {
    const records = this.played.map((p, i) => {
      const tags = new Map([
        ['Event', 'agon match'],
        ['Round', String(i + 1)],
        ['White', p.white],
        ['Black', p.black],
        ['Termination', p.ending],
      ]);
      return makeAgn(p.game, tags);
    });
    try {
      writeFileSync(file, records.join('\n'));
    } catch (e) {
      throw new CommandError(`match: cannot write ${file}: ${(e as Error).message}`);
    }
  }
}

// Asks `mover` for a move and plays it; says why the mover forfeits, if it does.
async function answer(mover: Contender, game: Game, movetime: number): Promise<string | undefined> {
  let text: string;
  try {
    text = await mover.move(game, movetime);
  } catch (e) {
    if (e instanceof ContenderFailure) return e.message;
    throw e;
  }
  if (text === 'none') return 'bestmove none while the game goes on';
  const move = parseMoveText(text);
  if (!move.ok) return `bad bestmove "${text}": ${move.error.message}`;
  const played = game.play(move.value);
  return played.ok
    ? undefined
    : `illegal move ${makeMoveText(move.value)}: ${played.error.message}`;
}

// --set-a or --set-b: `Name=Value` pairs, comma separated.
function optionsOf(args: Args, side: 'a' | 'b'): [string, string][] {
  const text = args.value(`set-${side}`);
  if (text === undefined) return [];
  return text.split(',').map((pair) => {
    const m = /^\s*([A-Za-z][A-Za-z0-9]*)=(\S+)\s*$/.exec(pair);
    if (!m) throw new CommandError(`match: --set-${side} takes Name=Value pairs, not "${pair}"`);
    return [m[1]!, m[2]!];
  });
}

// A built-in player, or an engine process after the AEP handshake, told the match's rule.
async function startContender(spec: ContenderSpec, captorPlacesQueen: boolean): Promise<Contender> {
  const command = spec.command;
  if (!isBuiltIn(command)) {
    return AepClient.start(command, spec.level, spec.options, captorPlacesQueen);
  }
  if (spec.level !== undefined || spec.options.length) {
    throw new CommandError(
      `match: the ${command} player has no options; drop its --level and --set flags`,
    );
  }
  return new BuiltInMover(command, spec.salt);
}

// Starts every contender at once; if one fails, lets the others go before reporting it.
async function startAll(
  specs: readonly ContenderSpec[],
  captorPlacesQueen: boolean,
): Promise<Contender[]> {
  const settled = await Promise.allSettled(
    specs.map((spec) => startContender(spec, captorPlacesQueen)),
  );
  const failed = settled.find((s) => s.status === 'rejected');
  if (!failed) return settled.map((s) => (s as PromiseFulfilledResult<Contender>).value);
  await Promise.all(settled.map((s) => (s.status === 'fulfilled' ? s.value.close() : undefined)));
  throw failed.reason;
}

async function restart(
  dead: Contender,
  spec: ContenderSpec,
  captorPlacesQueen: boolean,
): Promise<Contender> {
  await dead.close();
  return startContender(spec, captorPlacesQueen);
}

const REASONS = {
  'throne-ring': 'throne ring (R11)',
  'no-moves': 'no legal move (R12)',
  repetition: 'threefold repetition (R13)',
  resignation: 'resignation',
  agreement: 'agreed draw',
} as const;

function describe(game: Game): string {
  return REASONS[game.outcome!.reason];
}

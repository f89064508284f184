// `agon robustness`: many random positions, each searched briefly by an AEP engine process,
// checking that every answer is a legal move (or `bestmove none` exactly when the game is
// over) and arrives within movetime plus a margin. The engine's claim of robustness, measured.

import {
  Game,
  PLACEMENT_APN,
  type Position,
  parseApn,
  parseMoveText,
  STANDARD_APN,
  seededRandom,
} from '@agon/engine';
import { AepClient } from './aep-client.ts';
import { Args } from './args.ts';
import { type Command, CommandError } from './command.ts';
import { ownEngineCommand } from './engine.ts';

/** How late a bestmove may come after its movetime and still count as on time. */
const MARGIN_MS = 50;

/** `agon robustness`. */
export const robustnessCommand: Command = {
  name: 'robustness',
  summary: 'search many random positions with an engine and check every answer',
  usage: `usage: agon robustness [--engine "<command>"] [--positions <N>] [--movetime <ms>]
                       [--level <L>] [--seed <S>]

Plays random legal turns from the standard and placement starts to reach N positions
(some of them finished games), sends each to the engine as position apn and go movetime,
and checks that the answer is a legal move, or bestmove none exactly when the game is
over, and that it arrives within movetime + ${MARGIN_MS} ms. Prints the failures and a summary;
exits with status 1 when any answer failed.

  --engine "<command>"  the AEP engine (default: this agon's own engine)
  --positions <N>       number of positions (default 10000)
  --movetime <ms>       time per search (default 20)
  --level <L>           the engine's Level option (default 10)
  --seed <S>            seeds the random positions (default 1)`,

  async run(argv) {
    const args = new Args('robustness', argv, {
      engine: 'value',
      positions: 'value',
      movetime: 'value',
      level: 'value',
      seed: 'value',
    });
    args.expectPositionals(0);
    const command = args.value('engine') ?? ownEngineCommand();
    const count = args.integer('positions', 1, 10_000_000) ?? 10_000;
    const movetime = args.integer('movetime', 1, 60_000) ?? 20;
    const level = args.integer('level', 1, 10) ?? 10;
    const random = seededRandom(args.integer('seed', 0, 2 ** 31 - 1) ?? 1);
    const engine = await AepClient.start(command, level);
    let failures = 0;
    let late = 0;
    let over = 0;
    let worst = 0;
    const times: number[] = [];
    try {
      for (let i = 0; i < count; i++) {
        const pos = randomPosition(random);
        const game = new Game(pos);
        const finished = game.outcome !== undefined;
        if (finished) over++;
        const started = performance.now();
        let answer: string;
        try {
          answer = await engine.move(game, movetime);
        } catch (e) {
          throw new CommandError(
            `robustness: the engine failed at position ${i + 1}: ${(e as Error).message}`,
          );
        }
        const elapsed = performance.now() - started;
        times.push(elapsed);
        worst = Math.max(worst, elapsed);
        if (elapsed > movetime + MARGIN_MS) {
          late++;
          process.stdout.write(`position ${i + 1}: bestmove after ${elapsed.toFixed(1)} ms\n`);
        }
        const problem = check(pos, finished, answer);
        if (problem) {
          failures++;
          process.stdout.write(
            `position ${i + 1} (${game.position.turnColour} to move): ${problem}\n`,
          );
        }
        if ((i + 1) % 1000 === 0) process.stderr.write(`${i + 1} positions\n`);
      }
    } finally {
      await engine.close();
    }
    times.sort((a, b) => a - b);
    const pct = (p: number) =>
      times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
    process.stdout.write(
      [
        `positions ${count} (${over} with the game over), movetime ${movetime} ms, level ${level}`,
        `wrong answers ${failures}`,
        `later than movetime + ${MARGIN_MS} ms: ${late}`,
        `answer time ms: median ${pct(0.5)}, p99 ${pct(0.99)}, max ${worst.toFixed(1)}`,
        '',
      ].join('\n'),
    );
    if (failures > 0 || late > 0) process.exitCode = 1;
  },
};

// A position reached by random legal turns from either start; the walk may end the game.
function randomPosition(random: () => number): Position {
  const start = parseApn(random() < 0.8 ? STANDARD_APN : PLACEMENT_APN);
  if (!start.ok) throw new CommandError(start.error.message);
  const pos = start.value;
  const plies = Math.floor(random() * 160);
  for (let i = 0; i < plies && pos.throneRing() < 0; i++) {
    const moves = pos.legalMoves();
    if (moves.length === 0) break;
    pos.make(moves[Math.floor(random() * moves.length)]!);
  }
  return pos;
}

// What is wrong with `answer` for `pos`, or undefined when it is right.
function check(pos: Position, finished: boolean, answer: string): string | undefined {
  if (answer === 'none') return finished ? undefined : 'bestmove none while the game goes on';
  if (finished) return `bestmove ${answer} although the game is over`;
  const move = parseMoveText(answer);
  if (!move.ok) return `unreadable bestmove "${answer}": ${move.error.message}`;
  if (!pos.isLegal(move.value)) return `illegal bestmove ${answer}`;
  return undefined;
}

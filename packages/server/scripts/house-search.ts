// How long the house bots' searches take on their thread, per level, and the think time each
// level waits in a blitz game (3+2): every house bot searches the positions of a few games of
// random quiet openings, one search at a time on one thread, as a bot's turn does.
// Run: npx tsx packages/server/scripts/house-search.ts [games] [turns]

import { Game, makeMoveText, parseApn, STANDARD_APN } from '@agon/engine';
import { thinkTime } from '../src/bot/bot-player.ts';
import { HOUSE_BOTS } from '../src/bot/house.ts';
import { Thinker } from '../src/bot/thinker.ts';

const games = Number(process.argv[2] ?? 4);
const turns = Number(process.argv[3] ?? 30);

/** The move lists after each turn of a game where both sides play a random legal move. */
function positions(seed: number): string[][] {
  let a = seed;
  const random = () => {
    a = (a * 1103515245 + 12345) % 2 ** 31;
    return a / 2 ** 31;
  };
  const start = parseApn(STANDARD_APN);
  if (!start.ok) throw new Error(start.error.message);
  const game = new Game(start.value);
  const lists: string[][] = [];
  for (let i = 0; i < turns && !game.outcome; i++) {
    lists.push(game.moves.map(makeMoveText));
    const moves = game.legalMoves();
    game.play(moves[Math.floor(random() * moves.length)]!);
  }
  return lists;
}

const thinker = new Thinker(1);
const lists = Array.from({ length: games }, (_, g) => positions(g + 1)).flat();
// The first search starts the thread: it is not counted.
await thinker.think({ rules: { variant: 'standard' }, moves: [], level: 1, seed: 1 });
const blitz = { initial: 180_000, increment: 2000 };
console.log(`${lists.length} positions a level; think time at 3+2 with the whole clock left`);
for (const bot of HOUSE_BOTS) {
  const ms: number[] = [];
  for (const [i, moves] of lists.entries()) {
    const thought = await thinker.think({
      rules: { variant: 'standard' },
      moves,
      level: bot.level,
      seed: i,
    });
    ms.push(thought.ms);
  }
  ms.sort((x, y) => x - y);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!.toFixed(0);
  const think = thinkTime(bot.level, blitz.initial, blitz.increment);
  console.log(
    `level ${bot.level}: search median ${at(0.5)} ms, 90th ${at(0.9)} ms, most ${at(1)} ms; think time ${think} ms`,
  );
}
await thinker.close();

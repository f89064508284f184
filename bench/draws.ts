// What the drawn games of a match were: replays each game of an AGN record (`agon match
// --pgn`), scores every tenth position with a fixed search, and sorts the draws by that
// score, to tell a draw the engine thought won from a level one.
//
//   npx tsx bench/draws.ts <record.agn> [--nodes N] [--last M]
//
// A draw "held an edge" when one side stood 150 or more ahead (from White's view) in five
// samples running, 50 turns; it is "level" when no sample of its last 200 turns was 150 or
// more either way; the rest "swung" (captures and relocations moved the score both ways).
// With --last, the position each draw ended in is also searched afresh (no game history)
// with M nodes, far more than a match move's, to see whether a deeper look finds a win there,
// and its throne and ring 1 are printed (see shapeOf).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  Game,
  makeMoveText,
  opposite,
  type Position,
  parseAgn,
  pieceLetter,
  RING1,
  Searcher,
  THRONE,
  WIN_BOUND,
} from '@agon/engine';

const EDGE = 150;
const EVERY = 10;

const usage =
  'usage: npx tsx bench/draws.ts <record.agn> [--nodes N] [--last M], N and M positive whole numbers';
const args = parse();
function parse() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: { nodes: { type: 'string' }, last: { type: 'string' } },
    });
  } catch {
    return fail();
  }
}
function fail(): never {
  console.error(usage);
  process.exit(2);
}
// A node budget that is not a positive whole number would leave the search unbounded.
const budget = (text: string): number => {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 ? n : fail();
};
const file = args.positionals.length === 1 ? args.positionals[0]! : fail();
const nodes = args.values.nodes === undefined ? 100_000 : budget(args.values.nodes);
const lastNodes = args.values.last === undefined ? 0 : budget(args.values.last);

const records = readFileSync(file, 'utf8').split(/\n(?=\[Event)/);
const kinds = new Map<string, number[]>();
const endings: { game: number; score: number; shape: string }[] = [];
records.forEach((text, i) => {
  const parsed = parseAgn(text);
  if (!parsed.ok) {
    console.error(`game ${i + 1}: ${parsed.error.message}`);
    return;
  }
  const { game: played, tags } = parsed.value;
  if (tags.get('Result') !== '1/2-1/2') return;
  const game = new Game(played.initial);
  const searcher = new Searcher(16);
  const scores: number[] = [];
  for (const move of played.moves) {
    game.play(move);
    if (game.moves.length % EVERY !== 0 || game.outcome) continue;
    const info = searcher.search(game.position.clone(), game.history(), { nodes });
    scores.push(whiteScore(game, info?.score ?? 0));
  }
  const ending = (tags.get('Termination') ?? '').includes('limit') ? 'turn limit' : 'repetition';
  const kind = `${classify(scores)}, ${ending}`;
  kinds.set(kind, [...(kinds.get(kind) ?? []), i + 1]);
  console.log(`game ${i + 1}: ${kind}; White's score every ${EVERY} turns: ${scores.join(' ')}`);
  if (lastNodes > 0) {
    const info = new Searcher(64).search(game.position.clone(), [], { nodes: lastNodes });
    if (!info) return;
    const score = whiteScore(game, info.score);
    const shape = shapeOf(game.position);
    endings.push({ game: i + 1, score, shape });
    const line = info.pv.slice(0, 8).map(makeMoveText).join(' ');
    console.log(
      `  its last position (${shape}), ${lastNodes} nodes: depth ${info.depth}, White ${score}, ${line}`,
    );
  }
});
console.log('');
for (const [kind, games] of [...kinds].sort()) {
  console.log(`${kind}: ${games.length} (games ${games.join(', ')})`);
}
if (endings.length > 0) {
  const won = endings.filter((e) => Math.abs(e.score) >= WIN_BOUND).map((e) => e.game);
  const edge = endings.filter((e) => Math.abs(e.score) >= EDGE).map((e) => e.game);
  const largest = Math.max(...endings.map((e) => Math.abs(e.score)));
  console.log(
    `last positions searched with ${lastNodes} nodes: ${endings.length}; a win found in ` +
      `${won.length} (${won.join(', ') || 'none'}); 150 or more either way in ${edge.length} ` +
      `(${edge.join(', ') || 'none'}); largest score either way ${largest}`,
  );
  const shapes = new Map<string, number>();
  for (const { shape } of endings) shapes.set(shape, (shapes.get(shape) ?? 0) + 1);
  for (const [shape, n] of [...shapes].sort((a, b) => b[1] - a[1])) console.log(`  ${shape}: ${n}`);
}

// The throne and ring 1 of a position in the terminal diagram's letters (White Q G, Black
// q g, a vacant cell .), the ring's six cells sorted, and seen from the side on the throne
// as if it were White, so that positions alike, whichever colour holds the throne, read alike.
function shapeOf(pos: Position): string {
  const mirror = pos.pieceAt(THRONE)?.colour === 'black';
  const letter = (cell: number): string => {
    const piece = pos.pieceAt(cell);
    if (!piece) return '.';
    return pieceLetter(mirror ? { ...piece, colour: opposite(piece.colour) } : piece);
  };
  return `throne ${letter(THRONE)}, ring 1 ${RING1.map(letter).sort().join('')}`;
}

function whiteScore(game: Game, score: number): number {
  return game.position.turn === 0 ? score : -score;
}

function classify(scores: readonly number[]): string {
  let run = 0;
  let side = 0;
  for (const s of scores) {
    const ahead = s >= EDGE ? 1 : s <= -EDGE ? -1 : 0;
    run = ahead === 0 ? 0 : ahead === side ? run + 1 : 1;
    side = ahead;
    if (run >= 5) return 'held an edge';
  }
  const last = scores.slice(-200 / EVERY);
  return last.every((s) => Math.abs(s) < EDGE) ? 'level' : 'swung';
}

// What the drawn games of a match were: replays each game of an AGN record (`agon match
// --pgn`), scores every tenth position with a fixed search, and sorts the draws by that
// score, to tell a draw the engine thought won from a level one.
//
//   npx tsx bench/draws.ts <record.agn> [--nodes N]
//
// A draw "held an edge" when one side stood 150 or more ahead (from White's view) in five
// samples running, 50 turns; it is "level" when no sample of its last 200 turns was 150 or
// more either way; the rest "swung" (captures and relocations moved the score both ways).
import { readFileSync } from 'node:fs';
import { Game, parseAgn, Searcher } from '@agon/engine';

const EDGE = 150;
const EVERY = 10;

const [file, flag, value] = process.argv.slice(2);
const nodes = flag === undefined ? 100_000 : Number(value);
// A node budget that is not a positive whole number would leave the search unbounded.
if (!file || (flag !== undefined && flag !== '--nodes') || !Number.isInteger(nodes) || nodes < 1) {
  console.error(
    'usage: npx tsx bench/draws.ts <record.agn> [--nodes N], N a positive whole number',
  );
  process.exit(2);
}
const records = readFileSync(file, 'utf8').split(/\n(?=\[Event)/);
const kinds = new Map<string, number[]>();
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
    const score = info?.score ?? 0;
    scores.push(game.position.turn === 0 ? score : -score);
  }
  const ending = (tags.get('Termination') ?? '').includes('limit') ? 'turn limit' : 'repetition';
  const kind = `${classify(scores)}, ${ending}`;
  kinds.set(kind, [...(kinds.get(kind) ?? []), i + 1]);
  console.log(`game ${i + 1}: ${kind}; White's score every ${EVERY} turns: ${scores.join(' ')}`);
});
console.log('');
for (const [kind, games] of [...kinds].sort()) {
  console.log(`${kind}: ${games.length} (games ${games.join(', ')})`);
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

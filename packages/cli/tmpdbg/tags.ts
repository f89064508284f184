import { readFileSync } from 'node:fs';
import { parsePuzzleSet, puzzleThemes } from '@agon/engine';
const set = parsePuzzleSet(readFileSync(process.argv[2]!, 'utf8'));
if (!set.ok) throw new Error(set.error.message);
const count: Record<string, number> = {};
for (const p of set.value.puzzles) for (const t of puzzleThemes(p) ?? []) count[t] = (count[t] ?? 0) + 1;
console.log(set.value.puzzles.length, count);

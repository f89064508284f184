// `agon puzzles`: finds puzzles in games of the computer's levels (and in given records),
// proves each, and writes a puzzle set (docs/puzzles.md); `agon verify-puzzles` proves a set
// again from scratch. Both share the work out among worker threads.

import { readFileSync, writeFileSync } from 'node:fs';
import {
  type FoundPuzzle,
  MAX_PUZZLE_MOVES,
  makePuzzleSet,
  PLACEMENT_APN,
  PUZZLE_GOALS,
  PUZZLE_SOURCES,
  PUZZLE_THEMES,
  type Puzzle,
  type PuzzleSource,
  parseAgn,
  parsePuzzleSet,
  puzzleIdOf,
  replayPuzzle,
  Searcher,
  STANDARD_APN,
  seededRandom,
} from '@agon/engine';
import {
  emptyHarvest,
  estimateRating,
  PUZZLE_REJECTIONS,
  type PuzzleHarvest,
  puzzleThemes,
} from '@agon/engine/puzzler';
import { Args } from './args.ts';
import { type Command, CommandError } from './command.ts';
import { startThread } from './thread.ts';

/** A thread's share of the generator's work. */
export interface PuzzleJob {
  readonly kind: 'games';
  /** Games to play: the seed, the levels, the variant and the queen rule (R16) of each. */
  readonly games: readonly {
    seed: number;
    white: number;
    black: number;
    apn: string;
    captor: boolean;
  }[];
  /** Records given by the user, as AGN texts, with the name each puzzle's `game` gives them. */
  readonly records: readonly { text: string; name: string }[];
  /** Where the records come from. */
  readonly source: PuzzleSource;
  /** How deep the first look at each position searches, in turns. */
  readonly scanDepth: number;
}

/** A thread's share of a verification: the puzzles to prove. */
export interface VerifyJob {
  readonly kind: 'verify';
  readonly puzzles: readonly Puzzle[];
}

/** What a thread sends back: a harvest after each game, or each verdict. */
export type PuzzleReport =
  | { readonly kind: 'harvest'; readonly harvest: PuzzleHarvest }
  | { readonly kind: 'verdict'; readonly id: string; readonly problem?: string };

/** The `puzzles` command. */
export const puzzlesCommand: Command = {
  name: 'puzzles',
  summary: 'find and prove puzzles in engine games and records, and write a puzzle set',
  usage: `usage: agon puzzles [<agn file>...] [--games <N>] [--seed <S>] [--levels <lo>-<hi>]
                   [--placement <P>] [--captor <P>] [--source <S>] [--scan-depth <D>]
                   [--keep <set>] [--rerate] [--concurrency <C>] [--out <file>] [--limit <K>]

Plays N games between the computer's levels (each side a level drawn from lo to hi,
default 2-8, after a random opening of 2 to 7 turns) and reads the records in each AGN
file named (records one after another, each starting with its tags), and
looks at each position for a puzzle for the side to move, right after the opponent's
mistake: a forced win in at most ${MAX_PUZZLE_MOVES} of its moves, or the capture of the queen or of two
guards in one step that the search confirms as winning; or, at a threat, the one move
that does not lose. A position is kept only when each of the solver's moves is the one
move that keeps the result: every other move, searched two turns deeper, must not win
(or must score at least 200 worse, or must lose); the opponent's replies are the search's
best. A first move that is the only legal move or the only capture, or a one-move puzzle
that the computer's first level solves, is dropped as obvious. Each puzzle gets its
themes, a starting rating, its source and the game it came from. The set (docs/puzzles.md) goes to --out or
standard output, easiest first; the report (positions examined, kept, and the reasons the
rest were dropped) goes to standard error.

  --games <N>         engine games to play (default 0)
  --seed <S>          seeds the games (default 1)
  --levels <lo>-<hi>  the levels that play (1 to 9, default 2-8)
  --placement <P>     percent of games in the placement variant (R14, default 15)
  --captor <P>        percent of games where the captor places the queen (R16, default 15)
  --source <S>        where the AGN records come from: people (default) or engine
  --scan-depth <D>    turns of the first look at each position, 1 to 9 (default 3: wins
                      in 2 and the longer wins they grow from; 5 finds more wins in 3
                      and 4, about four times slower)
  --keep <set>        a puzzle set whose puzzles the new set keeps (a later run adds to
                      an earlier one; a position found again keeps its old puzzle)
  --rerate            give every puzzle kept its starting rating again, by the current
                      estimate (themes are always found again)
  --concurrency <C>   worker threads (default 1)
  --limit <K>         keep at most K puzzles, spread over the ratings (default all)
  --out <file>        write the set there`,

  async run(argv) {
    const args = new Args('puzzles', argv, {
      games: 'value',
      seed: 'value',
      levels: 'value',
      placement: 'value',
      captor: 'value',
      source: 'value',
      concurrency: 'value',
      limit: 'value',
      out: 'value',
      'scan-depth': 'value',
      keep: 'value',
      rerate: 'switch',
    });
    const games = args.integer('games', 0, 1_000_000) ?? 0;
    const seed = args.integer('seed', 0, 2 ** 31 - 1) ?? 1;
    const [low, high] = levelRange(args.value('levels') ?? '2-8');
    const placement = args.integer('placement', 0, 100) ?? 15;
    const captor = args.integer('captor', 0, 100) ?? 15;
    const source = (args.value('source') ?? 'people') as PuzzleSource;
    if (!PUZZLE_SOURCES.includes(source)) {
      throw new CommandError(`puzzles: bad --source "${source}": give people or engine`);
    }
    const concurrency = args.integer('concurrency', 1, 64) ?? 1;
    const limit = args.integer('limit', 1, 1_000_000);
    const scanDepth = args.integer('scan-depth', 1, 9) ?? 3;
    const keep = args.value('keep');
    const earlier = keep === undefined ? [] : readSet('puzzles', keep);
    const records = args.positionals.flatMap(readRecords);
    if (games === 0 && records.length === 0 && keep === undefined) {
      throw new CommandError('puzzles: nothing to look at: give --games, AGN files or --keep');
    }
    const random = seededRandom(seed);
    const level = () => low + Math.floor(random() * (high - low + 1));
    const plan = Array.from({ length: games }, () => ({
      seed: Math.floor(random() * 2 ** 31),
      white: level(),
      black: level(),
      apn: random() * 100 < placement ? PLACEMENT_APN : STANDARD_APN,
      captor: random() * 100 < captor,
    }));
    const began = performance.now();
    const cpuBefore = process.cpuUsage();
    const total = emptyHarvest();
    let done = 0;
    await share(
      concurrency,
      (i, n) => ({
        kind: 'games',
        games: plan.filter((_, k) => k % n === i),
        records: records.filter((_, k) => k % n === i),
        source,
        scanDepth,
      }),
      (report) => {
        if (report.kind !== 'harvest') return;
        addHarvest(total, report.harvest);
        done++;
        if (process.stderr.isTTY) {
          process.stderr.write(
            `\r${done}/${plan.length + records.length} games, ${total.puzzles.length} puzzles`,
          );
        }
      },
    );
    if (process.stderr.isTTY) process.stderr.write('\n');
    const minutes = (performance.now() - began) / 60_000;
    // All threads' time: the process's usage counts its worker threads.
    const used = process.cpuUsage(cpuBefore);
    const cpuMinutes = (used.user + used.system) / 60e6;
    const all = unique([...earlier, ...total.puzzles]);
    const rated = args.has('rerate') ? rateAgain(all) : all;
    const kept = choose(rated, limit).map((p) => ({
      ...p,
      themes: puzzleThemes(p) ?? p.themes,
    }));
    const set = makePuzzleSet(withIds(kept));
    const out = args.value('out');
    if (out) writeFileSync(out, set);
    else process.stdout.write(set);
    process.stderr.write(`${harvestReport(total, kept, minutes, cpuMinutes)}\n`);
  },
};

/** The `verify-puzzles` command. */
export const verifyPuzzlesCommand: Command = {
  name: 'verify-puzzles',
  summary: 'prove a puzzle set again from scratch (legal lines, unique solutions, goals)',
  usage: `usage: agon verify-puzzles <file> [--sample <K>] [--seed <S>] [--concurrency <C>]

Reads a puzzle set (docs/puzzles.md), replays every line through the rules, and proves
each puzzle again with a fresh search: each of the solver's moves is the only one that
keeps the result at the line's depth and two turns more, the opponent's replies are
their best defence, and the last move reaches the goal. Prints one line per failing
puzzle and a summary; exits with status 1 when any puzzle fails.

  --sample <K>        prove K puzzles drawn at random (by --seed) instead of all
  --seed <S>          seeds the sample (default 1)
  --concurrency <C>   worker threads (default 1)`,

  async run(argv) {
    const args = new Args('verify-puzzles', argv, {
      sample: 'value',
      seed: 'value',
      concurrency: 'value',
    });
    args.expectPositionals(1);
    const file = args.positionals[0];
    if (file === undefined) throw new CommandError('verify-puzzles: name the puzzle set file');
    let puzzles = readSet('verify-puzzles', file);
    const sample = args.integer('sample', 1, 1_000_000);
    const seed = args.integer('seed', 0, 2 ** 31 - 1) ?? 1;
    let drawn = '';
    if (sample !== undefined && sample < puzzles.length) {
      drawn = ` (drawn from ${puzzles.length} by seed ${seed})`;
      const random = seededRandom(seed);
      for (let i = puzzles.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [puzzles[i], puzzles[j]] = [puzzles[j]!, puzzles[i]!];
      }
      puzzles = puzzles.slice(0, sample);
    }
    const concurrency = args.integer('concurrency', 1, 64) ?? 1;
    const began = performance.now();
    const failed: string[] = [];
    await share(
      concurrency,
      (i, n) => ({
        kind: 'verify',
        puzzles: puzzles.filter((_, k) => k % n === i),
      }),
      (report) => {
        if (report.kind === 'verdict' && report.problem) failed.push(report.problem);
      },
    );
    const seconds = ((performance.now() - began) / 1000).toFixed(1);
    for (const line of failed.sort()) process.stdout.write(`failed ${line}\n`);
    process.stdout.write(
      `verified ${puzzles.length - failed.length} of ${puzzles.length} puzzles${drawn} in ${seconds} s\n`,
    );
    if (failed.length > 0) process.exitCode = 1;
  },
};

// Runs `concurrency` threads, each with its share of the work, passing on their reports.
async function share(
  concurrency: number,
  job: (i: number, n: number) => PuzzleJob | VerifyJob,
  onReport: (report: PuzzleReport) => void,
): Promise<void> {
  const threads = Array.from({ length: concurrency }, (_, i) => {
    const worker = startThread('puzzle-worker', job(i, concurrency));
    return new Promise<void>((resolve, reject) => {
      worker.on('message', onReport);
      worker.on('error', reject);
      worker.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`a puzzle thread stopped (${code})`)),
      );
    });
  });
  await Promise.all(threads);
}

function levelRange(text: string): [number, number] {
  const m = /^(\d)-(\d)$/.exec(text);
  const low = Number(m?.[1]);
  const high = Number(m?.[2]);
  if (!m || low < 1 || high > 9 || low > high) {
    throw new CommandError(`puzzles: bad --levels "${text}": give two levels 1 to 9, as 2-8`);
  }
  return [low, high];
}

function readText(command: string, file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new CommandError(`${command}: cannot read ${file}: ${(e as Error).message}`);
  }
}

function readSet(command: string, file: string): Puzzle[] {
  const set = parsePuzzleSet(readText(command, file));
  if (!set.ok) throw new CommandError(`${command}: ${file}: ${set.error.message}`);
  return [...set.value.puzzles];
}

// A file may hold several records, each starting with its tag pairs; each is named by its
// file and place in it.
function readRecords(file: string): { text: string; name: string }[] {
  const text = readText('puzzles', file);
  const records = text.split(/\n\s*\n(?=\[)/).filter((r) => r.trim() !== '');
  for (const [i, record] of records.entries()) {
    const parsed = parseAgn(record);
    if (!parsed.ok) {
      throw new CommandError(`puzzles: ${file}, record ${i + 1}: ${parsed.error.message}`);
    }
  }
  const base = file.split('/').at(-1) ?? file;
  return records.map((text, i) => ({ text, name: `${base}#${i + 1}`.slice(-64) }));
}

function addHarvest(total: PuzzleHarvest, part: PuzzleHarvest): void {
  total.puzzles.push(...part.puzzles);
  total.examined += part.examined;
  for (const r of PUZZLE_REJECTIONS) total.rejected[r] += part.rejected[r];
}

// Each puzzle's starting rating by the current estimate (levels, length, themes).
function rateAgain<T extends FoundPuzzle>(puzzles: readonly T[]): T[] {
  const searcher = new Searcher(2);
  return puzzles.map((p) => {
    const line = replayPuzzle({ id: 'rate', ...p });
    if (!line.ok) return p;
    const { moves } = line.value;
    const captor = p.queenPlacement === 'captor';
    return { ...p, rating: estimateRating(searcher, line.value.start(), moves, p.goal, captor) };
  });
}

// One puzzle per position: two games may pass through the same one; the first found stays.
function unique<T extends FoundPuzzle>(puzzles: readonly T[]): T[] {
  const seen = new Map<string, T>();
  for (const p of puzzles) if (!seen.has(p.apn)) seen.set(p.apn, p);
  return [...seen.values()];
}

// With a limit, the kept puzzles are spread evenly over the rating order; easiest first.
function choose<T extends FoundPuzzle>(puzzles: T[], limit: number | undefined): T[] {
  const sorted = puzzles.sort((a, b) => a.rating - b.rating || a.apn.localeCompare(b.apn));
  if (limit === undefined || limit >= sorted.length) return sorted;
  return Array.from({ length: limit }, (_, i) => sorted[Math.floor((i * sorted.length) / limit)]!);
}

// Ids from the position, so the same puzzle keeps its id when the set is made again; a kept
// puzzle keeps the id it has.
function withIds(puzzles: readonly (FoundPuzzle | Puzzle)[]): Puzzle[] {
  const used = new Set(puzzles.flatMap((p) => ('id' in p ? [p.id] : [])));
  return puzzles.map((p) => {
    if ('id' in p) return p;
    let id = puzzleIdOf(p.apn);
    for (let n = 2; used.has(id); n++) id = `${puzzleIdOf(p.apn)}${n}`;
    used.add(id);
    return { id, ...p };
  });
}

function harvestReport(
  total: PuzzleHarvest,
  kept: readonly FoundPuzzle[],
  minutes: number,
  cpuMinutes: number,
): string {
  const count = <T extends string>(keys: readonly T[], of: (p: FoundPuzzle) => T[]) =>
    keys.map((k) => `${k} ${kept.filter((p) => of(p).includes(k)).length}`).join(', ');
  const bands = [600, 1000, 1400, 1800, 2200, 3000];
  const byRating = bands
    .slice(1)
    .map(
      (top, i) =>
        `${bands[i]}-${top - 1}: ${kept.filter((p) => p.rating >= bands[i]! && p.rating < top).length}`,
    )
    .join(', ');
  const per = (n: number) => (minutes > 0 ? (n / minutes).toFixed(1) : '-');
  return [
    `examined ${total.examined} positions, found ${total.puzzles.length} puzzles, kept ${kept.length} (duplicates and the limit drop the rest)`,
    `dropped: ${PUZZLE_REJECTIONS.map((r) => `${r} ${total.rejected[r]}`).join(', ')}`,
    `goals: ${count(PUZZLE_GOALS, (p) => [p.goal])}`,
    `length: ${[1, 2, 3, 4, 5, 6, 7].map((n) => `${n} ${kept.filter((p) => p.solution.length === n * 2 - 1).length}`).join(', ')}`,
    `sources: ${count(PUZZLE_SOURCES, (p) => (p.source ? [p.source] : []))}, R16 ${kept.filter((p) => p.queenPlacement === 'captor').length}`,
    `themes: ${count(PUZZLE_THEMES, (p) => [...p.themes])}`,
    `ratings: ${byRating}`,
    `${minutes.toFixed(1)} min: ${per(total.examined)} positions examined and ${per(total.puzzles.length)} puzzles found a minute`,
    `${cpuMinutes.toFixed(1)} CPU min: ${cpuMinutes > 0 ? (total.puzzles.length / cpuMinutes).toFixed(1) : '-'} puzzles found per CPU-minute`,
  ].join('\n');
}

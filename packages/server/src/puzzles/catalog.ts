// The puzzles the server knows: the shipped set (@agon/puzzles, read once when first needed
// and checked through the rules) and those found in people's games (read from the store, a few seconds
// old at most), with their learned ratings likewise.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Puzzle, parsePuzzleSet } from '@agon/engine';
import type { PuzzleStanding } from '@agon/protocol';
import type { PuzzleStore } from './store.ts';

/** How long the found puzzles and the learned ratings are reused before they are read again. */
const CATALOG_TTL_MS = 5000;

/** Reads and checks the shipped set; a broken set is the build's fault, so it throws. */
export function shippedSet(): readonly Puzzle[] {
  const file = createRequire(import.meta.url).resolve('@agon/puzzles/puzzles.json');
  const set = parsePuzzleSet(readFileSync(file, 'utf8'));
  if (!set.ok) throw new Error(`the puzzle set ${file} is broken: ${set.error.message}`);
  return set.value.puzzles;
}

/**
 * The shipped set, read on the first call and kept. Replaying every line takes the best part of
 * a second on a busy machine: a server that no one asks for a puzzle never spends it, and no
 * server's start waits for it.
 */
export function lazySet(): () => readonly Puzzle[] {
  let set: readonly Puzzle[] | undefined;
  return () => {
    set ??= shippedSet();
    return set;
  };
}

/**
 * A value read at most once per `ttl` ms; readers in the meantime share the read under way,
 * and a failed read is not kept.
 */
class Cached<T> {
  private value: { at: number; read: Promise<T> } | undefined;

  constructor(
    private readonly read: () => Promise<T>,
    private readonly ttl: number,
    private readonly now: () => number,
  ) {}

  get(): Promise<T> {
    const at = this.now();
    if (!this.value || at - this.value.at >= this.ttl) {
      const read = this.read();
      const entry = { at, read };
      this.value = entry;
      read.catch(() => {
        if (this.value === entry) this.value = undefined;
      });
    }
    return this.value.read;
  }
}

/** The set and the found puzzles together, and their learned ratings. */
export class PuzzleCatalog {
  private shippedById: ReadonlyMap<string, Puzzle> | undefined;
  private readonly found: Cached<ReadonlyMap<string, Puzzle>>;
  private readonly standings: Cached<ReadonlyMap<string, PuzzleStanding>>;

  constructor(
    private readonly set: () => readonly Puzzle[],
    store: PuzzleStore,
    now: () => number,
  ) {
    this.found = new Cached(
      async () => new Map((await store.foundPuzzles()).map((p) => [p.id, p])),
      CATALOG_TTL_MS,
      now,
    );
    this.standings = new Cached(
      async () => new Map((await store.puzzleRatings()).map((s) => [s.id, s])),
      CATALOG_TTL_MS,
      now,
    );
  }

  /** The shipped set's puzzles, by id. */
  get shipped(): ReadonlyMap<string, Puzzle> {
    this.shippedById ??= new Map(this.set().map((p) => [p.id, p]));
    return this.shippedById;
  }

  /** The puzzles found in people's games. */
  people(): Promise<ReadonlyMap<string, Puzzle>> {
    return this.found.get();
  }

  /** The puzzle of that id, shipped or found, if there is one. */
  async puzzle(id: string): Promise<Puzzle | undefined> {
    return this.shipped.get(id) ?? (await this.found.get()).get(id);
  }

  /** Every puzzle, shipped then found. */
  async all(): Promise<readonly Puzzle[]> {
    return [...this.shipped.values(), ...(await this.found.get()).values()];
  }

  /** The learned standings of the puzzles attempted online, by id. */
  ratings(): Promise<ReadonlyMap<string, PuzzleStanding>> {
    return this.standings.get();
  }
}

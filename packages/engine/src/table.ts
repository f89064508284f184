// The search's transposition table, in parallel typed arrays rather than entry objects, so a
// probe or a store in the search's inner loop allocates nothing and the garbage collector
// never runs mid-search. The scores' meaning and the bound flags belong to the search: the
// table only needs a bound flag of 0 to mean an empty slot.

// Key (4) + move (4) + score (2) + depth (1) + flag (1).
const BYTES_PER_ENTRY = 12;

/** A transposition table of a power-of-two number of slots, indexed by the key's low half. */
export class TranspositionTable {
  /** The largest table that fits in about `mebibytes` (at least one slot). */
  static ofMiB(mebibytes: number): TranspositionTable {
    let entries = 1;
    while (entries * 2 * BYTES_PER_ENTRY <= mebibytes * 1024 * 1024) entries *= 2;
    return new TranspositionTable(entries);
  }

  /** The slots' count, for sizing another table from this one. */
  readonly size: number;
  // The low half picks the slot; the high half, kept, tells two positions in it apart.
  private readonly mask: number;
  private readonly keys: Int32Array;
  /** An entry's best move, 0 for none, by the slot that `probe` returned. */
  readonly moves: Int32Array;
  /** An entry's score, as the search stored it, by slot. */
  readonly scores: Int16Array;
  /** The depth an entry's score was searched to, by slot. */
  readonly depths: Int8Array;
  /** An entry's bound flag (never 0), by slot. */
  readonly flags: Uint8Array;

  /** An empty table of `entries` slots, a power of two. */
  constructor(entries: number) {
    this.size = entries;
    this.mask = entries - 1;
    this.keys = new Int32Array(entries);
    this.moves = new Int32Array(entries);
    this.scores = new Int16Array(entries);
    this.depths = new Int8Array(entries);
    this.flags = new Uint8Array(entries);
  }

  /** The slot holding the position of key (lo, hi), or -1 when the table has none for it. */
  probe(lo: number, hi: number): number {
    const slot = lo & this.mask;
    return this.flags[slot] !== 0 && this.keys[slot] === hi ? slot : -1;
  }

  /**
   * Stores an entry for key (lo, hi), unless the slot holds a deeper one for the same
   * position: another position always takes the slot, since entries carry no age to judge
   * an old deep entry by. The depth is kept to 127, the most an Int8Array holds.
   */
  store(lo: number, hi: number, depth: number, score: number, flag: number, move: number): void {
    const slot = lo & this.mask;
    if (this.flags[slot] !== 0 && this.keys[slot] === hi && this.depths[slot]! > depth) return;
    this.keys[slot] = hi;
    this.moves[slot] = move;
    this.scores[slot] = score;
    this.depths[slot] = Math.min(depth, 127);
    this.flags[slot] = flag;
  }

  /** Empties every slot; only the flags, since a slot with flag 0 is never read. */
  clear(): void {
    this.flags.fill(0);
  }
}

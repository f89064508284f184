// The analysis board's engine: a Worker of its own (never the page's thread) that thinks about
// one position for as long as it is shown and reports its best lines as they deepen. A new
// position ends the search by ending the worker, as the computer player's client does.

import { positionCommand } from '../lib/engine-client.ts';

/** A score as AEP gives it, from the side to move's view. */
export type Score =
  | { readonly kind: 'cp'; readonly value: number }
  | { readonly kind: 'win' | 'loss'; readonly turns: number };

/** One of the engine's best lines at one depth. */
export interface Line {
  /** 1 for the best line. */
  readonly rank: number;
  readonly depth: number;
  readonly score: Score;
  /** The line's moves in notation, the first one to play now. */
  readonly pv: readonly string[];
}

/**
 * Reads an AEP `info` line (`info depth 7 multipv 2 score cp 31 nodes ... pv b1-c2 h1-g2`);
 * undefined for any other line.
 */
export function parseInfo(text: string): Line | undefined {
  const words = text.trim().split(/\s+/);
  if (words[0] !== 'info') return undefined;
  let depth: number | undefined;
  let rank = 1;
  let score: Score | undefined;
  let pv: string[] = [];
  for (let i = 1; i < words.length; i++) {
    const word = words[i];
    const next = Number(words[i + 1]);
    if (word === 'depth') depth = next;
    else if (word === 'multipv') rank = next;
    else if (word === 'score') {
      const kind = words[i + 1];
      const value = Number(words[i + 2]);
      if (kind === 'cp') score = { kind, value };
      else if (kind === 'win' || kind === 'loss') score = { kind, turns: value };
      i += 2;
      continue;
    } else if (word === 'pv') {
      pv = words.slice(i + 1);
      break;
    } else continue;
    i++;
  }
  if (depth === undefined || !Number.isFinite(depth) || !score || !Number.isFinite(rank)) {
    return undefined;
  }
  return { rank, depth, score, pv };
}

/** What the analyst reports: the best lines at the deepest depth reached so far. */
type LinesListener = (lines: readonly Line[]) => void;

/** The deepest search an analysis runs to; positions near the end finish sooner. */
const MAX_DEPTH = 64;

/** An engine that analyses one position at a time, in its own Worker. */
export class Analyst {
  private worker: Worker | undefined;

  /** Workers come from `spawn`. */
  constructor(private readonly spawn: () => Worker) {}

  /**
   * Starts thinking about the position after `moves` from `startApn`, keeping `count` best
   * lines (1-5), under R16 when `captor`; `listen` hears the lines whenever a deeper or better
   * one arrives. Ends any analysis already running.
   */
  analyse(
    startApn: string,
    moves: readonly string[],
    count: number,
    captor: boolean,
    listen: LinesListener,
  ): void {
    this.stop();
    const worker = this.spawn();
    this.worker = worker;
    let lines: Line[] = [];
    worker.onmessage = (e: MessageEvent<string>) => {
      const line = parseInfo(e.data);
      if (!line || line.pv.length === 0) return;
      // A new depth starts a new set of lines; the old ones stay shown until it is complete.
      const current = lines.filter((l) => l.depth === line.depth && l.rank !== line.rank);
      const older = lines.filter((l) => l.depth < line.depth && l.rank > line.rank);
      lines = [...current, line, ...older].sort((a, b) => a.rank - b.rank).slice(0, count);
      listen(lines);
    };
    worker.postMessage(
      [
        `setoption name MultiPV value ${count}`,
        `setoption name CaptorPlacesQueen value ${captor}`,
        positionCommand(startApn, moves),
        `go depth ${MAX_DEPTH}`,
      ].join('\n'),
    );
  }

  /** Stops thinking. */
  stop(): void {
    this.worker?.terminate();
    this.worker = undefined;
  }
}

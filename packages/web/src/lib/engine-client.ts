// The page's side of AEP: sends a position and `go` to the worker and waits for `bestmove`.
// One request at a time; `cancel` terminates the worker (a search cannot be interrupted from
// outside otherwise) and starts a fresh one; `end` terminates it until the page needs it again,
// so a page that is left runs no search and holds no worker.

/** A search request was abandoned by `cancel`. */
export class Cancelled extends Error {}

/** What to search: the game's start (APN), the moves since, and how. */
export interface SearchRequest {
  readonly startApn: string;
  readonly moves: readonly string[];
  readonly level: number;
  /** A time limit in ms; without one the level's own limits apply. */
  readonly movetime?: number | undefined;
  /** R16: at a captured queen's relocation, search the captor's choice. */
  readonly captorPlacesQueen?: boolean;
}

/** The AEP command that sets up the position after `moves` (in notation) from `startApn`. */
export function positionCommand(startApn: string, moves: readonly string[]): string {
  return `position apn ${startApn}${moves.length ? ` moves ${moves.join(' ')}` : ''}`;
}

/** Whatever finds the computer's moves: the worker in the page, a stand-in in tests. */
export interface ComputerPlayer {
  /** The engine's move in canonical text, or undefined when the game is over there. */
  bestMove(request: SearchRequest): Promise<string | undefined>;
  /** Abandons the running search, if any; its promise rejects with `Cancelled`. */
  cancel(): void;
  /** Readies the engine ahead of the first search, which would otherwise wait for it. */
  start(): void;
  /** Abandons the running search, if any, and ends the engine until the next start or search. */
  end(): void;
}

/** A computer player in a Web Worker, spoken to in AEP. */
export class EngineClient implements ComputerPlayer {
  private worker: Worker | undefined;
  private pending:
    | { resolve: (move: string | undefined) => void; reject: (e: Error) => void }
    | undefined;

  /** Workers come from `spawn`, the first on `start` or the first search. */
  constructor(private readonly spawn: () => Worker) {}

  /** Starts the worker, unless it runs already. */
  start(): void {
    this.running();
  }

  /** The engine's move in canonical text, or undefined when the game is over there. */
  bestMove(request: SearchRequest): Promise<string | undefined> {
    this.cancel();
    const worker = this.running();
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      worker.postMessage(
        [
          `setoption name Level value ${request.level}`,
          `setoption name CaptorPlacesQueen value ${request.captorPlacesQueen === true}`,
          positionCommand(request.startApn, request.moves),
          request.movetime === undefined ? 'go' : `go movetime ${request.movetime}`,
        ].join('\n'),
      );
    });
  }

  /** Abandons the running search, if any; its promise rejects with `Cancelled`. */
  cancel(): void {
    if (!this.pending) return;
    this.end();
    this.start();
  }

  /** Abandons the running search, if any, and terminates the worker. */
  end(): void {
    const pending = this.pending;
    this.pending = undefined;
    this.worker?.terminate();
    this.worker = undefined;
    pending?.reject(new Cancelled('search cancelled'));
  }

  private running(): Worker {
    this.worker ??= this.open();
    return this.worker;
  }

  private open(): Worker {
    const worker = this.spawn();
    worker.onmessage = (e: MessageEvent<string>) => {
      const line = e.data;
      if (!line.startsWith('bestmove ')) return;
      const pending = this.pending;
      this.pending = undefined;
      const move = line.slice('bestmove '.length).trim();
      pending?.resolve(move === 'none' ? undefined : move);
    };
    worker.onerror = (e) => {
      const pending = this.pending;
      this.pending = undefined;
      pending?.reject(new Error(`the engine failed: ${e.message}`));
    };
    // Different seeds make the lower levels vary from one game to the next.
    worker.postMessage(`setoption name Seed value ${Math.floor(Math.random() * 2 ** 31)}`);
    return worker;
  }
}

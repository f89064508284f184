// The computer in the local game: its moves, searched by the engine and shown no sooner than
// MIN_THINK_MS after they were asked for, and the hints it finds for the player. Stopping it
// makes the search under way stale: its answer is dropped.

import {
  type Game,
  LEVEL10_MOVETIME,
  type Move,
  makeApn,
  makeMoveText,
  parseMoveText,
} from '@agon/engine';
import { signal } from '@preact/signals';
import { Cancelled, type ComputerPlayer } from '../lib/engine-client.ts';

/**
 * The shortest time a computer move takes to appear, even at the levels that answer at once,
 * so the player sees it coming.
 */
export const MIN_THINK_MS = 450;
const HINT_MOVETIME = 800;

const wait = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** How a search for the computer's move ended, when there is something to act on. */
type Thought =
  /** The move found; undefined when the engine has none to offer. */
  | { readonly move: Move | undefined }
  /** The engine broke down. */
  | { readonly failed: true };

/** The computer player of a match: its moves and hints, and whether it is thinking. */
export class Computer {
  /** Whether the computer is searching for its move. */
  readonly thinking = signal(false);
  private token = 0;

  /** `engine` does the searching; without one the computer neither moves nor hints. */
  constructor(private readonly engine: ComputerPlayer | undefined) {}

  /** Whether there is an engine to ask. */
  get present(): boolean {
    return this.engine !== undefined;
  }

  /**
   * Searches for the move of the side to move in `game` at `level` (level 10 for a fixed time,
   * lower levels to their own limits), and answers no sooner than MIN_THINK_MS after the call.
   * Undefined when there is nothing to act on: no engine, a search already under way, or one
   * stopped meanwhile.
   */
  async move(game: Game, level: number): Promise<Thought | undefined> {
    if (!this.engine || this.thinking.value) return undefined;
    const token = ++this.token;
    this.thinking.value = true;
    const started = performance.now();
    try {
      const move = await this.search(game, level, level === 10 ? LEVEL10_MOVETIME : undefined);
      await wait(MIN_THINK_MS - (performance.now() - started));
      if (token !== this.token) return undefined;
      this.thinking.value = false;
      return { move };
    } catch (e) {
      if (token !== this.token) return undefined;
      this.thinking.value = false;
      return e instanceof Cancelled ? undefined : { failed: true };
    }
  }

  /** Abandons the search for a move, if one is under way, and its answer. */
  stop(): void {
    this.token++;
    this.engine?.cancel();
    this.thinking.value = false;
  }

  /** Readies the engine, so that the first search does not wait for it to start. */
  start(): void {
    this.engine?.start();
  }

  /** Abandons any search and its answer, and ends the engine until the next search. */
  end(): void {
    this.token++;
    this.engine?.end();
    this.thinking.value = false;
  }

  /** A good move for the person to move in `game`, if the engine finds one. */
  async hint(game: Game): Promise<Move | undefined> {
    try {
      return await this.search(game, 10, HINT_MOVETIME);
    } catch {
      // Cancelled by a move or a new game: the hint is stale anyway.
      return undefined;
    }
  }

  private async search(
    game: Game,
    level: number,
    movetime: number | undefined,
  ): Promise<Move | undefined> {
    if (!this.engine) return undefined;
    const text = await this.engine.bestMove({
      startApn: makeApn(game.initial),
      moves: game.moves.map(makeMoveText),
      level,
      movetime,
      captorPlacesQueen: game.captorPlacesQueen,
    });
    const move = text === undefined ? undefined : parseMoveText(text);
    return move?.ok ? move.value : undefined;
  }
}

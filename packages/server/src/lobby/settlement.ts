// What a game made in the lobby needs from the lobby (game/room.ts `Seating`): who sits at each
// seat, the seat an identity holds, and the settling of its end. Settling rates a finished
// game once (the store's settle is idempotent: whoever settles second gets the first
// settlement back) and frees both players on the board. The players are freed whatever
// happens to the settling: a settle that fails is tried again in the background until it
// succeeds, and meanwhile nobody is kept from a new game. Games whose settling this process did
// not see through (it died, or the game's end was committed by another process that died) are
// found by the keepers' scan (game/keepers.ts) and settled by whichever process loads them. The
// freeing is retried the same way while the board cannot be reached (Redis away).

import type { Colour } from '@agon/engine';
import { categoryOf, type OutcomeView } from '@agon/protocol';
import type { Problems } from '../common/problems.ts';
import type { Played, Seated, Seating } from '../game/room.ts';
import type { GameSetup } from '../game/store.ts';
import { brief, type Player, type PlayerStore, type SettledGame } from '../player/players.ts';
import type { LobbyBoard } from './board.ts';

/**
 * Games started this recently are left out of the scan for unsettled games: their starting
 * process is loading them, and claims them as keeper within a beat.
 */
const YOUNG_MS = 5000;
/** The first wait before a failed settle is tried again; it doubles up to RETRY_MAX_MS. */
const RETRY_MS = 500;
const RETRY_MAX_MS = 30_000;

/** What is done with a lobby game's end before it is rated: a tournament's log, the puzzle scan. */
type GameEnd = (
  id: string,
  setup: GameSetup,
  outcome: OutcomeView,
  played: Played,
) => Promise<void>;

/** The settling of lobby games, and their seats. */
export class Settlement implements Seating {
  /** Settles and frees that failed, by what they were for, with the timer of the next try. */
  private readonly retries = new Map<string, NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly players: PlayerStore,
    private readonly board: LobbyBoard,
    private readonly problems: Problems,
    private readonly now: () => number,
    /** Logs a tournament game's end in its event (tournament/tournaments.ts). */
    private readonly results: GameEnd = async () => undefined,
    /** Queues a game for the search for puzzles in people's games (puzzles/scanner.ts). */
    private readonly ended: GameEnd = async () => undefined,
  ) {}

  async seated(setup: GameSetup): Promise<Seated> {
    return this.seats(setup, undefined);
  }

  /** The players of `setup`'s seats, with the rating change `settled` made if given. */
  private async seats(setup: GameSetup, settled: SettledGame | undefined): Promise<Seated> {
    const ids = setup.players;
    if (!ids) return { white: null, black: null };
    const found = await this.players.players([ids.white, ids.black]);
    const category = categoryOf(setup.clock ?? { initial: 0, increment: 0 }, setup);
    const now = this.now();
    const at = (colour: Colour): Seated[Colour] => {
      const p = found.find((f: Player) => f.id === ids[colour]);
      if (!p) return null;
      const change = settled?.[colour];
      return change
        ? {
            ...brief(p, category, now),
            change: Math.round(change.after.rating) - Math.round(change.before.rating),
          }
        : brief(p, category, now);
    };
    return { white: at('white'), black: at('black') };
  }

  async seatOf(setup: GameSetup, tokenHash: string): Promise<Colour | null> {
    const ids = setup.players;
    if (!ids) return null;
    const player = await this.players.playerByToken(tokenHash);
    if (!player) return null;
    return player.id === ids.white ? 'white' : player.id === ids.black ? 'black' : null;
  }

  async finished(
    id: string,
    setup: GameSetup,
    outcome: OutcomeView,
    played: Played,
  ): Promise<Seated> {
    const ids = setup.players;
    if (!ids) return { white: null, black: null };
    let settled: SettledGame | undefined;
    try {
      settled = await this.settle(id, setup, outcome, played);
    } catch (e) {
      this.problems.report('storage', e);
      this.retry(`settle ${id}`, () => this.settle(id, setup, outcome, played), RETRY_MS);
    } finally {
      // Free to play again at once, rated or not yet.
      const free = () => this.board.end(id, [ids.white, ids.black]);
      await free().catch((e: unknown) => {
        this.problems.report('lobby', e);
        this.retry(`free ${id}`, free, RETRY_MS);
      });
    }
    return this.seats(setup, settled);
  }

  /**
   * Logs a tournament game's result in its event and queues the game for a puzzle scan, then
   * rates the game: in that order, so that a game rated is a game counted and queued (the
   * keepers' scan finds those not yet rated, and settling again logs and queues nothing twice).
   */
  private async settle(
    id: string,
    setup: GameSetup,
    outcome: OutcomeView,
    played: Played,
  ): Promise<SettledGame | undefined> {
    if (setup.tournament) await this.results(id, setup, outcome, played);
    await this.ended(id, setup, outcome, played);
    return this.players.settle(
      id,
      { winner: outcome.winner, aborted: outcome.reason === 'aborted' },
      this.now(),
    );
  }

  /** Tries `work` (known as `what`) again after `wait`, and after longer waits while it fails. */
  private retry(what: string, work: () => Promise<unknown>, wait: number): void {
    if (this.closed || this.retries.has(what)) return;
    const timer = setTimeout(() => {
      work().then(
        () => this.retries.delete(what),
        (e: unknown) => {
          this.problems.report(what.startsWith('free') ? 'lobby' : 'storage', e);
          this.retries.delete(what);
          this.retry(what, work, Math.min(RETRY_MAX_MS, wait * 2));
        },
      );
    }, wait);
    timer.unref();
    this.retries.set(what, timer);
  }

  unsettled(): Promise<readonly string[]> {
    return this.players.unsettled(this.now() - YOUNG_MS);
  }

  /** Settles and frees waiting to be tried again. */
  get pending(): number {
    return this.retries.size;
  }

  /** Stops the retries (the server is closing; the keepers' scan finds them after a restart). */
  close(): void {
    this.closed = true;
    for (const timer of this.retries.values()) clearTimeout(timer);
    this.retries.clear();
  }
}

// Where games are kept: the one interface the rest of the server sees. A game is its setup
// plus an append-only log of events; replaying the log through the engine gives back the
// exact game, so nothing but the log needs storing. `repository.ts` keeps it in either
// database: SQLite for one process, PostgreSQL shared by several (docs/online.md, "Scaling").

import type { Colour } from '@agon/engine';
import type {
  Days,
  EventSchedule,
  PoolId,
  QuickMessage,
  TimeControl,
  TournamentKind,
  Variant,
} from '@agon/protocol';

/** How a game was set up; never changes after creation. */
export interface GameSetup {
  readonly variant: Variant;
  readonly clock: TimeControl | null;
  /** A correspondence game's days per move (its `clock` is null). */
  readonly days?: Days;
  /** A game of days whose Saturdays and Sundays (UTC) do not count (protocol weekends.ts). */
  readonly weekendsOff?: true;
  /** Hashes of the seat tokens known at creation (the creator's; both for a rematch). */
  readonly seats: { readonly white?: string; readonly black?: string };
  /** The game this one is a rematch of. */
  readonly previous?: string;
  /** A lobby game's players, by id (see PlayerStore). */
  readonly players?: { readonly white: string; readonly black: string };
  /** Whether a lobby game moves the players' ratings. */
  readonly rated?: boolean;
  /** The quick pairing pool a lobby game was paired in (absent: an accepted challenge). */
  readonly pool?: PoolId;
  /** Why a lobby game agreed as rated is played unrated (docs/lobby.md, "Fair ratings"). */
  readonly unrated?: 'same-network';
  /** Whether a piece touched must be moved (R15). */
  readonly touchMove?: boolean;
  /**
   * Whether the captor chooses a captured queen's cell (R16); absent, as in every game stored
   * before R16, the owner does (R10).
   */
  readonly captorPlacesQueen?: boolean;
  /** The tournament a lobby game was paired in (docs/tournaments.md). */
  readonly tournament?: {
    readonly id: string;
    readonly name: string;
    readonly schedule?: EventSchedule;
    readonly kind: TournamentKind;
    /** A Swiss's round; 0 in an arena. */
    readonly round: number;
    /** Whether the players may berserk (an arena that allows it, on a live clock). */
    readonly berserk: boolean;
  };
  /**
   * In a game of days: the latest a deadline may be moved to by vacation (ms since 1970), such
   * as a league season's end; a deadline already later stays. Absent: vacation moves it freely.
   */
  readonly latest?: number;
  /**
   * The league season a game of days was paired in (docs/leagues.md): its deadline never moves
   * past `endsAt`, the season's end, where an unfinished game stops counting.
   */
  readonly league?: {
    readonly key: string;
    readonly name: string;
    readonly season: number;
    readonly endsAt: number;
  };
}

/** One change to a game, as stored: what happened, who did it, and when (ms since 1970). */
export type GameEvent = { readonly at: number } & (
  | { readonly kind: 'join'; readonly seat: Colour; readonly token: string }
  /**
   * `seat`: who chose the move, the captor for a queen's relocation under R16; `spent`: the
   * time charged to that seat's clock for it, in ms.
   */
  | { readonly kind: 'move'; readonly seat: Colour; readonly move: string; readonly spent: number }
  /** R15: `cell` names the piece the mover touched and must move. */
  | { readonly kind: 'touch'; readonly seat: Colour; readonly cell: string }
  /**
   * Ends other than a move or a flag (a resignation, a draw agreed, a game called off): `spent`
   * is the time the running clock is charged up to then, so the final clocks are the times the
   * players really had (absent in events stored before it was kept, and when no clock ran).
   */
  | { readonly kind: 'resign'; readonly seat: Colour; readonly spent?: number }
  | { readonly kind: 'draw-accept'; readonly seat: Colour; readonly spent?: number }
  | { readonly kind: 'draw-offer' | 'draw-decline'; readonly seat: Colour }
  /** `seat`: the side whose time ran out. */
  | { readonly kind: 'timeout'; readonly seat: Colour }
  /**
   * A lobby game called off before both sides moved, counting for nobody: `seat` made no first
   * move in time, or resigned or agreed a draw before both had moved.
   */
  | { readonly kind: 'abort'; readonly seat: Colour; readonly spent?: number }
  | { readonly kind: 'rematch-offer'; readonly seat: Colour }
  | { readonly kind: 'rematch'; readonly seat: Colour; readonly next: string }
  | { readonly kind: 'takeback-offer' | 'takeback-decline'; readonly seat: Colour }
  /**
   * `seat` accepted the opponent's takeback: the last `undone` moves are taken back (the
   * asker's last and any reply); `spent` is the time the running clock is charged up to then.
   */
  | {
      readonly kind: 'takeback-accept';
      readonly seat: Colour;
      readonly undone: number;
      readonly spent: number;
    }
  /** An arena's berserk: `seat` halved its clock before its first move (docs/tournaments.md). */
  | { readonly kind: 'berserk'; readonly seat: Colour }
  /** A quick message: logged like the rest, so it survives a restart and reaches every process. */
  | { readonly kind: 'say'; readonly seat: Colour; readonly message: QuickMessage }
  /**
   * `seat`'s deadline passed while they were on vacation from `from` until `until`: it moves by
   * the vacation's time within the turn (table.ts `vacationDeadline`).
   */
  | {
      readonly kind: 'vacation';
      readonly seat: Colour;
      readonly from: number;
      readonly until: number;
    }
);

/** A game as stored: its setup and every event, in order (event n has version n). */
export interface StoredGame {
  readonly id: string;
  readonly createdAt: number;
  readonly setup: GameSetup;
  readonly events: readonly GameEvent[];
}

/** Thrown by `append` when the version is already taken: another writer got there first. */
export class VersionConflict extends Error {
  override readonly name = 'VersionConflict';
}

/** The storage of games. Every method's promise settles only once the change is durable. */
export interface GameStore {
  /** Stores a new game with no events. */
  create(id: string, createdAt: number, setup: GameSetup): Promise<void>;
  /** Appends the event that makes `version` of the game; rejects with VersionConflict if taken. */
  append(id: string, version: number, event: GameEvent): Promise<void>;
  /** The game with all its events, or undefined. */
  load(id: string): Promise<StoredGame | undefined>;
  /** Notes whether the game's clock runs, so that a restart re-arms its alarm at once. */
  markRunning(id: string, running: boolean): Promise<void>;
  /** The games noted as having a running clock. */
  running(): Promise<readonly string[]>;
  /**
   * How many games are in play: those noted as having a running clock, and the correspondence
   * games noted due, which are not over (or not yet rated), though nobody may have them open.
   */
  inPlay(): Promise<number>;
  /**
   * Notes when a correspondence game next needs a process (its deadline, or at once for an end
   * not yet rated), or null once it needs none: games wait for their deadlines in the store,
   * not in memory.
   */
  markDue(id: string, at: number | null): Promise<void>;
  /** Up to `limit` games noted due by `at`, the most overdue first. */
  due(at: number, limit: number): Promise<readonly string[]>;
  /** Notes that a server was alive at `at`: a restart charges the clocks up to the last note. */
  alive(at: number): Promise<void>;
  /** The last note of `alive`, from before this process started. */
  lastAlive(): Promise<number | undefined>;
}

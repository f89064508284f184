// Tournaments on the wire (docs/tournaments.md): arenas, where whoever finishes a game is paired
// again at once for a fixed time, and Swiss events of a fixed number of rounds. The server
// keeps each event as a log and works its standings out of it; a page reads them over HTTP
// (/api/tournaments) or follows them on the event's socket, and acts on an event with one
// request per action.

import type { Colour } from '@agon/engine';
import type { Pace, PlayerBrief, TimeControl, Variant } from './base.ts';
import type { RatingClass } from './rating.ts';
import type { Refusal } from './refusal.ts';

export const TOURNAMENT_KINDS = ['arena', 'swiss'] as const;
export type TournamentKind = (typeof TOURNAMENT_KINDS)[number];

/** How often a scheduled event recurs, as its name says. */
export const SCHEDULE_EVERY = ['hourly', 'daily', 'weekly'] as const;
export type ScheduleEvery = (typeof SCHEDULE_EVERY)[number];

/**
 * A scheduled event's name by kind, which each page says in its reader's language ("Hourly
 * Blitz Arena"): how often it recurs, the class of its clock, its kind, and R16 where the captor
 * places a captured queen. Absent for a player's own event, which keeps the name its maker typed.
 */
export interface EventSchedule {
  readonly every: ScheduleEvery;
  readonly speed: RatingClass;
  readonly kind: TournamentKind;
  readonly captor?: true;
}

/** Tournament ids: eight characters of the game ids' alphabet. */
export const TOURNAMENT_ID = /^[a-km-np-z2-9]{8}$/;

/** How long an arena may last, in minutes. */
export const ARENA_MINUTES = [5, 10, 15, 20, 30, 45, 60, 90, 120, 180] as const;
/** How many rounds a Swiss may have. */
export const SWISS_ROUNDS = { min: 3, max: 15 } as const;
/**
 * The most players a Swiss takes: its pairing weighs every pair of players each round, which a
 * few hundred keep within a second.
 */
export const SWISS_PLAYERS_MAX = 200;
/** The bounds of an event's name (after tidying). */
export const EVENT_NAME = { min: 3, max: 40 } as const;
/** The longest password of a private event. */
export const PASSWORD_MAX = 40;
/** The latest an event may be set to start, from now. */
export const STARTS_WITHIN_MS = 30 * 24 * 60 * 60_000;

/** What makes an event, as its creator (or the schedule) sets it. */
export interface TournamentTerms {
  readonly kind: TournamentKind;
  readonly name: string;
  /** An arena is played live; a Swiss may be played over days (correspondence). */
  readonly clock: Pace;
  readonly variant: Variant;
  /** R15. */
  readonly touchMove: boolean;
  /** R16 (false: R10). */
  readonly captorPlacesQueen: boolean;
  readonly rated: boolean;
  /** When it starts (ms since 1970). */
  readonly startsAt: number;
  /** An arena's length in minutes (ARENA_MINUTES). */
  readonly minutes?: number;
  /** A Swiss's number of rounds. */
  readonly rounds?: number;
  /** Whether an arena's players may berserk (halve their clock for a point more on a win). */
  readonly berserk: boolean;
  /**
   * Whether house bots may fill the event when too few people come (docs/tournaments.md, "House
   * bots"); false: its maker kept them out. Absent (an event made before the choice) or true:
   * they may.
   */
  readonly bots?: boolean;
}

/** The body of POST /api/tournaments: an event of a player's own, maybe with a password. */
export interface TournamentRequest extends TournamentTerms {
  readonly password?: string;
}

/** The body of POST /api/tournaments/:id/me: a player's action on an event. */
export type TournamentAction =
  | { readonly action: 'join'; readonly password?: string }
  | { readonly action: 'withdraw' | 'pause' | 'resume' };

/** Where an event is: announced, being played, past its end with games going on, or over. */
export type TournamentStatus = 'upcoming' | 'running' | 'ending' | 'finished';

/** An event as the tournaments page lists it. */
export interface TournamentListing extends TournamentTerms {
  readonly id: string;
  readonly status: TournamentStatus;
  /** When an arena ends (startsAt + minutes); when a Swiss ended, once it has. */
  readonly endsAt: number | null;
  readonly players: number;
  /** A private event: joining needs its password. */
  readonly locked: boolean;
  /** Who made it; absent for the server's schedule. */
  readonly by?: { readonly id: string; readonly name: string };
  /** What the schedule names it: the name each page says (`name` is its English). */
  readonly schedule?: EventSchedule;
  /** The leader, or the winner once finished. */
  readonly leader?: { readonly id: string; readonly name: string; readonly score: number };
}

/** GET /api/tournaments. */
export interface TournamentList {
  /** The server's clock, for the countdowns. */
  readonly now: number;
  /** The soonest first: the next 20, or as many as asked (`?upcoming=N`, at most 100). */
  readonly upcoming: readonly TournamentListing[];
  /** How many upcoming events there are beyond those listed. */
  readonly moreUpcoming?: number;
  readonly running: readonly TournamentListing[];
  /** The latest first, a few. */
  readonly finished: readonly TournamentListing[];
}

/**
 * One game on a player's sheet: in an arena, the points it gave (doubled on a streak, a point
 * more for a berserk win); in a Swiss, its result, or a bye.
 */
export interface SheetEntry {
  readonly game: string | null;
  readonly opponent: string | null;
  readonly colour: Colour | null;
  /** From the player's side; null while it goes on. */
  readonly result: 'win' | 'draw' | 'loss' | 'bye' | null;
  readonly points: number;
  /** An arena game the player won while on a streak (double points). */
  readonly fire: boolean;
  readonly berserk: boolean;
}

/** A player's line in the standings. */
export interface Standing {
  readonly rank: number;
  readonly player: PlayerBrief;
  /** Points: an arena's (streaks and berserks counted); a Swiss's in halves as numbers (2.5). */
  readonly score: number;
  /** Two wins in a row in an arena: the next win counts double. */
  readonly fire: boolean;
  readonly paused: boolean;
  readonly withdrawn: boolean;
  readonly games: number;
  /** Swiss tie-breaks: Buchholz and Sonneborn-Berger (docs/tournaments.md). */
  readonly buchholz?: number;
  readonly sonnebornBerger?: number;
  /** The game the player is in now. */
  readonly playing: string | null;
}

/** What the event page shows the player who asks. */
export interface YouInEvent {
  readonly joined: boolean;
  readonly paused: boolean;
  readonly withdrawn: boolean;
  /** Their game in play, to go to: the page counts down and opens it. */
  readonly game: string | null;
  /** When that game was paired (server clock). */
  readonly pairedAt: number | null;
  readonly standing: Standing | null;
  readonly sheet: readonly SheetEntry[];
}

/** GET /api/tournaments/:id?page=N. */
export interface TournamentView extends TournamentListing {
  readonly now: number;
  /** Grows with every change: a page that has this version has everything. */
  readonly version: number;
  /** A Swiss's round being played (0 before the first). */
  readonly round: number;
  /** One page of the standings (STANDINGS_PAGE lines), by rank. */
  readonly standings: readonly Standing[];
  readonly page: number;
  readonly pages: number;
  /** The first three once finished. */
  readonly podium: readonly Standing[];
  /** Games being played, the newest first, a few. */
  readonly games: readonly {
    readonly game: string;
    readonly white: string;
    readonly black: string;
    readonly round: number;
  }[];
  /** Only for a request that names a player (their token). */
  readonly you: YouInEvent | null;
  /** When no new pairings are made in an arena (a short while before its end). */
  readonly lastPairingAt: number | null;
}

/** Lines of the standings a page of TournamentView carries. */
export const STANDINGS_PAGE = 20;

/**
 * What a page says on its event's socket (/api/tournaments/<id>/socket): hello first, with the
 * player's token (a watcher has none) and the page of the standings it shows, then the page
 * whenever the player turns to another.
 */
export type TournamentClientMessage =
  | { readonly t: 'hello'; readonly token?: string; readonly page: number }
  | { readonly t: 'page'; readonly page: number }
  | { readonly t: 'ping' };

/**
 * What an event's socket sends: the event as GET /api/tournaments/<id> answers it, at once and
 * again whenever it changes (a result, a pairing, a join), so the standings and the player's
 * next game come without asking.
 */
export type TournamentServerMessage =
  | { readonly t: 'view'; readonly view: TournamentView }
  | { readonly t: 'pong' }
  | ({ readonly t: 'error' } & Refusal);

/** A tournament game's place on its game page. */
export interface GameTournament {
  readonly id: string;
  readonly name: string;
  readonly schedule?: EventSchedule;
  readonly kind: TournamentKind;
  /** Whether each seat berserked (halved its clock). */
  readonly berserk: { readonly white: boolean; readonly black: boolean };
  /** Whether the event allows berserk. */
  readonly berserkAllowed: boolean;
}

/** A tournament of the player page's list. */
export interface PlayedTournament {
  readonly id: string;
  readonly name: string;
  readonly schedule?: EventSchedule;
  readonly kind: TournamentKind;
  readonly startsAt: number;
  readonly players: number;
  readonly rank: number | null;
  readonly score: number;
}

/** Whether `clock` is a live time control, as an arena needs. */
export const isLive = (clock: Pace): clock is TimeControl => !('days' in clock);

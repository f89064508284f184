// Where players and their ratings are kept: players without accounts (a generated name, one
// token hash per device), a Glicko-2 rating per category (a class of time control and a rule
// set, rating.ts in the protocol), and the lobby games that move those ratings. Kept beside
// the games, in the same database (repository.ts), so that one SQLite file or one PostgreSQL
// pool holds everything.

import type { Colour } from '@agon/engine';
import {
  categoryKey,
  type PlayerBrief,
  type PlayerGame,
  type PlayerView,
  parseCategoryKey,
  RATING_CLASSES,
  type RatingCategory,
} from '@agon/protocol';
import type { GameSetup } from '../game/store.ts';
import {
  type ClassRating,
  current,
  NEW_RATING,
  provisional,
  type Rating,
  rate,
  weight,
} from './ratings.ts';

/** How long a new identity counts as made from its network, for the fair-rating rules. */
export const NEWCOMER_MS = 24 * 60 * 60_000;

/** A player as stored. */
export interface Player {
  readonly id: string;
  readonly name: string;
  readonly createdAt: number;
  /** The key of the network the player was made from (address.ts), if it was recorded. */
  readonly createdFrom?: string;
  /** The ratings of the categories played rated, by category key (others are at NEW_RATING). */
  readonly ratings: { readonly [key: string]: ClassRating };
  /** A computer player (docs/bot-api.md). */
  readonly bot?: true;
}

/** A player's rating in `category`. */
export function ratingOf(p: Player, category: RatingCategory): ClassRating {
  return p.ratings[categoryKey(category)] ?? NEW_RATING;
}

/** A rating as shown at `now`: its deviation widened by the time since its last game. */
function ratingView(r: ClassRating, now: number): PlayerBrief['rating'] {
  return {
    rating: Math.round(r.rating),
    provisional: provisional(current(r, now)),
    games: r.games,
  };
}

/** A player as anyone may see them at `now`. */
export function playerView(p: Player, now: number): PlayerView {
  const ratings = Object.fromEntries(
    RATING_CLASSES.map((c) => [c, ratingView(ratingOf(p, { class: c, rules: 'standard' }), now)]),
  ) as PlayerView['ratings'];
  const others = Object.entries(p.ratings).flatMap(([key, r]) => {
    const category = parseCategoryKey(key);
    return category && category.rules !== 'standard' && r.games > 0
      ? [{ ...category, rating: ratingView(r, now) }]
      : [];
  });
  return { id: p.id, name: p.name, ...(p.bot && { bot: p.bot }), ratings, others };
}

/** A player with the rating of one category. */
export function brief(p: Player, category: RatingCategory, now: number): PlayerBrief {
  const rating = ratingView(ratingOf(p, category), now);
  return { id: p.id, name: p.name, rating, ...(p.bot && { bot: p.bot }) };
}

/** What makes a new player: the token hash is of the device that asked. */
export interface NewPlayer {
  readonly id: string;
  readonly name: string;
  readonly tokenHash: string;
  readonly createdAt: number;
  /** The key of the network it was made from (address.ts). */
  readonly createdFrom?: string;
}

/** Thrown by `createPlayer` and `rename` when another player has the name's key. */
export class NameTaken extends Error {
  override readonly name = 'NameTaken';
}

/** A lobby game as it starts. */
export interface StartedGame {
  readonly gameId: string;
  readonly white: string;
  readonly black: string;
  /** The category whose ratings it moves (or would, were it rated). */
  readonly category: RatingCategory;
  readonly rated: boolean;
  readonly startedAt: number;
}

/**
 * A lobby game to store as it starts: the game (`started.gameId`, made at `started.startedAt`)
 * and its note for the ratings.
 */
export interface NewLobbyGame {
  readonly setup: GameSetup;
  readonly started: StartedGame;
  /** A game of days' first deadline, noted with it for the deadlines' keeper (games.due_at). */
  readonly due?: number | undefined;
}

/** How a game ended: an aborted game (nobody moved in time) counts for nobody. */
export interface Outcome {
  readonly winner: Colour | null;
  readonly aborted: boolean;
}

/** One side's rating around a settled rated game. */
export interface RatingChange {
  readonly before: Rating;
  readonly after: Rating;
}

/** What settling a game did: the outcome first recorded and, if it was rated, both changes. */
export interface SettledGame {
  readonly outcome: Outcome;
  readonly white: RatingChange | null;
  readonly black: RatingChange | null;
}

/**
 * One game in a player's history, newest first in `recentGames`, as the player page shows it
 * (ratings unrounded until then).
 */
export type { PlayerGame } from '@agon/protocol';

/** The storage of players. Every method's promise settles only once the change is durable. */
export interface PlayerStore {
  /** Stores a new player with one device; rejects with NameTaken. */
  createPlayer(player: NewPlayer): Promise<void>;
  /** The player a device's token hash belongs to. */
  playerByToken(tokenHash: string): Promise<Player | undefined>;
  /** One player, or undefined. */
  player(id: string): Promise<Player | undefined>;
  /** The players of these ids that exist, in no particular order. */
  players(ids: readonly string[]): Promise<readonly Player[]>;
  /** Renames a player (false if there is none); rejects with NameTaken. */
  rename(id: string, name: string): Promise<boolean>;
  /**
   * Makes the player a computer player, for good: 'made' (or already one), 'played' when it has
   * played a lobby game (only a new identity may become a bot), 'unknown' when there is none.
   */
  makeBot(id: string): Promise<'made' | 'played' | 'unknown'>;
  /**
   * Gives the player `ratings` (by category key) where they have no rating yet: a house bot's
   * starting strength (bot/house.ts). A category already rated keeps its rating.
   */
  seedRatings(id: string, ratings: { readonly [key: string]: Rating }): Promise<void>;
  /** Lets another device act as the player (false if there is none). */
  addToken(id: string, tokenHash: string): Promise<boolean>;
  /**
   * Stores a transfer code's hash, good for the player until `expiresAt`, in place of any code
   * the player had: one live code a player.
   */
  saveTransfer(codeHash: string, playerId: string, expiresAt: number): Promise<void>;
  /** Deletes the transfer codes expired at `now`; answers how many. */
  purgeTransfers(now: number): Promise<number>;
  /**
   * Uses up a transfer code: the player it stands for, once; undefined if unknown, used or
   * expired. Expired codes are deleted on the way.
   */
  takeTransfer(codeHash: string, now: number): Promise<string | undefined>;
  /** Notes a lobby game as it starts; both players must exist. */
  recordGame(game: StartedGame): Promise<void>;
  /**
   * Stores new lobby games, each with its setup and its note for the ratings, all or none: a
   * wave of a tournament's pairings is one write (one commit), however many games it makes.
   * Rejects with VersionConflict if a game's id is taken.
   */
  startGames(games: readonly NewLobbyGame[]): Promise<void>;
  /**
   * Records how a game ended and, if it is rated and was not aborted, rates both players, in
   * one transaction. A second settle of the same game changes nothing and answers the first
   * settlement; undefined if the game was never recorded.
   */
  settle(gameId: string, outcome: Outcome, at: number): Promise<SettledGame | undefined>;
  /** The lobby games started before `before` whose result is not recorded yet. */
  unsettled(before: number): Promise<readonly string[]>;
  /** A player's latest games, newest first; with `ongoing`, only those with no result yet. */
  recentGames(playerId: string, limit: number, ongoing?: boolean): Promise<readonly PlayerGame[]>;
  /** Games as white minus games as black, over the player's last 20: for choosing colours. */
  colourBalance(playerId: string): Promise<number>;
  /** Whether two players have met in a lobby game. */
  havePlayed(a: string, b: string): Promise<boolean>;
}

/** The number of games `colourBalance` looks back over. */
export const BALANCE_GAMES = 20;

/** One side of a game about to be settled: its rating in the game's category, and its games. */
export interface SettlingSide {
  readonly rating: ClassRating;
  /** Its rated games in every category: how much its results count for its opponent. */
  readonly games: number;
}

/**
 * What `settle` computes from the ratings before, at `at`: the same for every store. Each
 * rating is first widened for the time since its last game; a newcomer's result counts for
 * its opponent by its weight (ratings.ts).
 */
export function settlement(
  rated: boolean,
  outcome: Outcome,
  white: SettlingSide,
  black: SettlingSide,
  at: number,
): SettledGame {
  if (!rated || outcome.aborted) return { outcome, white: null, black: null };
  const score = outcome.winner === 'white' ? 1 : outcome.winner === 'black' ? 0 : 0.5;
  const before = { white: current(white.rating, at), black: current(black.rating, at) };
  const [w, b] = rate(before.white, before.black, score, {
    white: weight(white.games),
    black: weight(black.games),
  });
  const strip = (r: Rating): Rating => ({ rating: r.rating, rd: r.rd, vol: r.vol });
  return {
    outcome,
    white: { before: strip(before.white), after: w },
    black: { before: strip(before.black), after: b },
  };
}

/** The stored result of a game, from white's side of the board. */
export type StoredResult = 'white' | 'black' | 'draw' | 'aborted';

/** The stored result of an outcome. */
export function storedResult(outcome: Outcome): StoredResult {
  return outcome.aborted ? 'aborted' : (outcome.winner ?? 'draw');
}

/** The outcome a stored result stands for. */
export function outcomeOf(result: StoredResult): Outcome {
  return result === 'aborted'
    ? { winner: null, aborted: true }
    : { winner: result === 'draw' ? null : result, aborted: false };
}

/** A stored result as seen by one side. */
export function resultFor(result: StoredResult, colour: Colour): PlayerGame['result'] {
  if (result === 'aborted' || result === 'draw') return result;
  return result === colour ? 'win' : 'loss';
}
